import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EventTime } from '@/components/EventTime';
import { paths } from '@/config/paths';
import { confirmGuestRegistration, type GuestRegistration } from '@/api/guests';
import { useDocumentTitle } from '@/lib/documentTitle';
import { serverMessages, statusOf, said } from '@/lib/errors';
import { inAppPath } from './links';
import { standingText } from '@/lib/registrationWords';
import type { MessageId } from '@/i18n/ids';
import { useT } from '@/i18n/react';

// A failure says the server's words, else the page's own (an id).
type Outcome = { kind: 'confirmed'; registration: GuestRegistration } | { kind: 'failed'; message: string | null; fallback: MessageId; canRetry: boolean };

// Where the link mailed to a guest lands (?t= the token). Opening it
// changes nothing (mail scanners open links): its button confirms, which
// takes the seat, the waitlist place or the request.
export default function ConfirmRegistrationPage() {
  const t = useT();
  useDocumentTitle(t('rsvp.confirmTitle'));
  const token = useSearchParams()[0].get('t') ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { kind: 'failed', message: null, fallback: 'rsvp.incompleteLink', canRetry: false });
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
      setOutcome({ kind: 'failed', message: serverMessages(error)[0] ?? null, fallback: 'rsvp.confirmFailed', canRetry: !final });
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
          {t('rsvp.confirmTitle')}
        </h1>
        {outcome === null && <p className="mb-4 text-slate-700">{t('rsvp.confirmIntro')}</p>}
        <div ref={result} tabIndex={-1} className="focus:outline-none">
          {outcome?.kind === 'confirmed' && <Confirmed registration={outcome.registration} />}
          {outcome?.kind === 'failed' && (
            <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 font-medium text-red-800">
              {outcome.message ?? t(outcome.fallback)}
            </p>
          )}
        </div>
        {offerButton && (
          <button type="button" className="btn-primary" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
            {t('rsvp.confirmButton')}
          </button>
        )}
        {outcome?.kind === 'failed' && (
          <p className="mt-4 text-sm">
            <Link to={paths.events} className="font-medium text-indigo-700 underline">
              {t('rsvp.browseEvents')}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}

function Confirmed({ registration: r }: { registration: GuestRegistration }) {
  const t = useT();
  return (
    <>
      <p role="status" className="font-medium text-emerald-800">
        {said(r)}
      </p>
      <h2 className="mt-4 text-lg font-semibold break-words text-slate-900">{r.title}</h2>
      <p className="text-sm text-slate-700">
        <EventTime start={r.start_time} end={r.end_time} zone={r.time_zone || undefined} />
      </p>
      <p className="mt-2 text-slate-800">{standingText(r.status, r.position)}</p>
      <p className="mt-4">
        <Link to={inAppPath(r.manage_url, paths.rsvp)} className="btn-secondary">
          {t('rsvp.manageRegistration')}
        </Link>
      </p>
    </>
  );
}
