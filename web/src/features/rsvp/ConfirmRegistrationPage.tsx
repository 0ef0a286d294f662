import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EventTime } from '@/components/EventTime';
import { paths } from '@/config/paths';
import { confirmGuestRegistration, type GuestRegistration } from '@/api/guests';
import { useDocumentTitle } from '@/lib/documentTitle';
import { serverMessages, statusOf } from '@/lib/errors';
import { inAppPath } from './links';
import { standingText } from '@/lib/registrationWords';

type Outcome = { kind: 'confirmed'; registration: GuestRegistration } | { kind: 'failed'; message: string; canRetry: boolean };

const INCOMPLETE_LINK = 'This confirmation link is incomplete. Please open the link from your email again.';

// Where the link mailed to a guest lands (?t= the token). Opening it
// changes nothing (mail scanners open links): its button confirms, which
// takes the seat, the waitlist place or the request.
export default function ConfirmRegistrationPage() {
  useDocumentTitle('Confirm your registration');
  const token = useSearchParams()[0].get('t') ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { kind: 'failed', message: INCOMPLETE_LINK, canRetry: false });
  const [busy, setBusy] = useState(false);
  // The pressed button gives way to the outcome, which takes focus.
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome && token) result.current?.focus();
  }, [outcome, token]);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    try {
      setOutcome({ kind: 'confirmed', registration: await confirmGuestRegistration(token) });
    } catch (error) {
      // An expired or used link (404), a full event or one already joined
      // (409) is final; anything else may work on a second try.
      const status = statusOf(error);
      const final = status !== undefined && status < 500 && status !== 429;
      if (!final) console.error('confirm registration', error);
      setOutcome({ kind: 'failed', message: serverMessages(error)[0] ?? 'Your registration could not be confirmed. Please try again.', canRetry: !final });
    } finally {
      setBusy(false);
    }
  }

  const offerButton = outcome === null || (outcome.kind === 'failed' && outcome.canRetry);
  return (
    <div className="page">
      <meta name="robots" content="noindex" />
      <section aria-labelledby="confirm-title" className="card mx-auto max-w-lg">
        <h1 id="confirm-title" className="mb-2 text-2xl font-bold tracking-tight text-slate-900">
          Confirm your registration
        </h1>
        {outcome === null && <p className="mb-4 text-slate-700">You asked to register for an event with this email address. Nothing is held for you until you confirm.</p>}
        <div ref={result} tabIndex={-1} className="focus:outline-none">
          {outcome?.kind === 'confirmed' && <Confirmed registration={outcome.registration} />}
          {outcome?.kind === 'failed' && (
            <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 font-medium text-red-800">
              {outcome.message}
            </p>
          )}
        </div>
        {offerButton && (
          <button type="button" className="btn-primary" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
            Confirm my registration
          </button>
        )}
        {outcome?.kind === 'failed' && (
          <p className="mt-4 text-sm">
            <Link to={paths.events} className="font-medium text-indigo-700 underline">
              Browse Events
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}

function Confirmed({ registration: r }: { registration: GuestRegistration }) {
  return (
    <>
      <p role="status" className="font-medium text-emerald-800">
        {r.detail}
      </p>
      <h2 className="mt-4 text-lg font-semibold break-words text-slate-900">{r.title}</h2>
      <p className="text-sm text-slate-700">
        <EventTime start={r.start_time} end={r.end_time} zone={r.time_zone || undefined} />
      </p>
      <p className="mt-2 text-slate-800">{standingText(r.status, r.position)}</p>
      <p className="mt-4">
        <Link to={inAppPath(r.manage_url, paths.rsvp)} className="btn-secondary">
          Manage your registration
        </Link>
      </p>
    </>
  );
}
