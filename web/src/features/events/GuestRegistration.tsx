// Registering without an account: a signed-out visitor gives a name and an
// email address, answers the event's questions, and is mailed a link that
// confirms it (the /rsvp/confirm page); nothing is held until then. Its
// own chunk, loaded only for a signed-out visitor of an event that takes
// registrations.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormInput, FormProblems } from '@/components/FormField';
import { registerAsGuest } from '@/api/guests';
import { formErrorsOf, nestedErrors, statusOf, type FieldErrors } from '@/lib/errors';
import type { TurnoutEvent } from '@/types/api';
import { t as translate } from '@/i18n/i18n';
import { T, useT } from '@/i18n/react';
import { questionsReady, RegistrationQuestions, type AnswerDraft } from './RegistrationQuestions';

const GUEST_FORM = 'guest-registration';
const PROBLEMS = 'guest-problems';

interface GuestRegistrationProps {
  event: TurnoutEvent;
  // A private event's invite code ('' for none).
  invite: string;
  // The event is full: registering joins its waitlist.
  waitlist: boolean;
}

export default function GuestRegistration(props: GuestRegistrationProps) {
  const [sent, setSent] = useState<{ detail: string; email: string } | null>(null);
  return (
    <section aria-labelledby="guest-title" className="mt-3 mb-4 border-t border-slate-200 pt-4">
      {sent ? <CheckYourEmail {...sent} /> : <GuestForm {...props} onSent={setSent} />}
    </section>
  );
}

// What the server refused, each where it belongs: the name and address
// under their fields, answers under their questions, the rest above the
// button.
interface Refusal {
  fields: FieldErrors;
  answers: FieldErrors;
  others: string[];
}

const NO_REFUSAL: Refusal = { fields: {}, answers: {}, others: [] };

function refusalOf(error: unknown): Refusal {
  const { fields, others } = formErrorsOf(error, { name: 'name', email: 'email' });
  const answers = nestedErrors(error, 'answers');
  const status = statusOf(error);
  // The server's own words for a refusal (full, started, too many tries,
  // too busy); a failure of its own is not for people to read.
  const told = status !== undefined && ((status >= 400 && status < 500) || status === 503) ? others : [];
  if (told.length > 0 || Object.keys(fields).length > 0 || Object.keys(answers).length > 0) {
    const fixable = told.length === 0 ? [translate('events.guestCheckAbove')] : told;
    return { fields, answers, others: fixable };
  }
  return { fields, answers, others: [translate('events.registerFailed')] };
}

function GuestForm({ event, invite, waitlist, onSent }: GuestRegistrationProps & { onSent: (sent: { detail: string; email: string }) => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [answers, setAnswers] = useState<AnswerDraft>({});
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const [busy, setBusy] = useState(false);
  const questions = event.questions ?? [];

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !questionsReady()) return;
    setBusy(true);
    const guest = { name: name.trim(), email: email.trim() };
    try {
      const detail = await registerAsGuest(event.id, invite, guest, questions.length > 0 ? answers : undefined);
      onSent({ detail, email: guest.email });
    } catch (error) {
      const status = statusOf(error);
      if (status === undefined || status >= 500) console.error('register as guest', error);
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  }

  const label = event.approval ? t('events.guestRequestButton') : waitlist ? t('events.guestWaitlistButton') : t('events.guestRegisterButton');
  return (
    <>
      <h2 id="guest-title" className="text-sm font-semibold text-slate-900">
        {t('events.guestTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('events.guestIntro')}</p>
      <form id={GUEST_FORM} className="mt-3 grid gap-3" onSubmit={(e) => void submit(e)}>
        <FormInput id="guest-name" label={t('events.guestName')} autoComplete="name" required maxLength={150} value={name} errors={refusal.fields.name} onChange={(e) => setName(e.target.value)} />
        <FormInput id="guest-email" label={t('events.guestEmail')} type="email" autoComplete="email" required maxLength={254} value={email} errors={refusal.fields.email} onChange={(e) => setEmail(e.target.value)} />
      </form>
      {/* The questions are a form of their own (the signed-in path's): the button below submits both. */}
      {questions.length > 0 && <RegistrationQuestions questions={questions} answers={answers} errors={refusal.answers} onChange={setAnswers} />}
      <div className="mt-3 grid gap-3">
        <FormProblems id={PROBLEMS} messages={refusal.others} />
        <button type="submit" form={GUEST_FORM} className="btn-primary w-full" disabled={busy} aria-busy={busy} aria-describedby={refusal.others.length > 0 ? PROBLEMS : undefined}>
          {label}
        </button>
      </div>
    </>
  );
}

// The form gives way to what the server said: the guest opens the link
// mailed to them. Focus moves here from the button that is gone.
function CheckYourEmail({ detail, email }: { detail: string; email: string }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="rounded-lg bg-emerald-50 p-3 ring-1 ring-emerald-200">
      <h2 id="guest-title" ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
        {t('events.checkEmail')}
      </h2>
      <p role="status" className="mt-1 text-sm text-slate-800">
        {detail}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        <T id={'events.sentTo'} values={{ email }} components={{ 0: <span className="font-medium break-all text-slate-900" /> }} />
      </p>
    </div>
  );
}
