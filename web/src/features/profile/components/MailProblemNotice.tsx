import { Link } from 'react-router';
import type { Profile } from '@/types/api';

// Says that mail stopped going to the account's address (SES reported it
// bounced for good, or that a mail was marked as spam) and how to fix it:
// a new address, confirmed from its inbox, clears it.
export function MailProblemNotice({ profile, editPath }: { profile: Profile; editPath: string }) {
  if (!profile.mail_problem) return null;
  const why =
    profile.mail_problem === 'bounced'
      ? `Mail to ${profile.email} bounces, so we stopped sending to it.`
      : `A mail to ${profile.email} was marked as spam, so we stopped sending to it.`;
  return (
    <section role="alert" aria-labelledby="mail-problem-title" className="card mb-6 border-amber-300 bg-amber-50">
      <h2 id="mail-problem-title" className="text-lg font-semibold text-slate-900">
        We can&rsquo;t send you mail
      </h2>
      <p className="mt-2 text-slate-700">
        {why} Tickets, reminders, changes to your events and password resets cannot reach you.
      </p>
      <p className="mt-2 text-slate-700">Give an address that works and confirm it from its inbox; mail then goes there.</p>
      <Link to={editPath} className="btn-primary mt-4 inline-block">
        Change email address
      </Link>
    </section>
  );
}
