import { Link } from 'react-router';
import type { Profile } from '@/types/api';
import { useT } from '@/i18n/react';

// Says that mail stopped going to the account's address (SES reported it
// bounced for good, or that a mail was marked as spam) and how to fix it:
// a new address, confirmed from its inbox, clears it.
export function MailProblemNotice({ profile, editPath }: { profile: Profile; editPath: string }) {
  const t = useT();
  if (!profile.mail_problem) return null;
  const values = { email: profile.email };
  return (
    <section role="alert" aria-labelledby="mail-problem-title" className="card mb-6 border-amber-300 bg-amber-50">
      <h2 id="mail-problem-title" className="text-lg font-semibold text-slate-900">
        {t('profile.mailProblemTitle')}
      </h2>
      <p className="mt-2 text-slate-700">
        {profile.mail_problem === 'bounced' ? t('profile.mailBounced', values) : t('profile.mailMarkedSpam', values)}
      </p>
      <p className="mt-2 text-slate-700">{t('profile.mailProblemFix')}</p>
      <Link to={editPath} className="btn-primary mt-4 inline-block">
        {t('profile.changeEmailAddress')}
      </Link>
    </section>
  );
}
