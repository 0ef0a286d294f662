import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { confirmToast } from '@/components/confirmToast';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';
import { serverMessages, statusOf, said } from '@/lib/errors';
import { localTime } from '@/lib/time';
import { t as translate } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/ids';
import { useLocale, useT } from '@/i18n/react';
import { checkIn, fullName, undoCheckIn, type Attendee, type CheckInResult, type UndoCheckInResult } from './api';
import { AttendeeSummary, GuestBadge, StatusBadge } from './AttendeeSummary';
import { NoEventChosen } from './AttendeesPage';
import { useAttendeeList, useEventIdParam, type AttendeeList } from './hooks';
import { useDebounced } from '@/lib/useDebounced';
import { canScan } from './scanner';
import { TicketScanner } from './TicketScanner';

// Checking people in at the door: the phone's camera reads their tickets
// where the browser can, a code can be typed (or sent by a USB scanner),
// and anyone can be found by name.
export default function CheckInPage() {
  const t = useT();
  const eventId = useEventIdParam();
  if (!eventId) return <NoEventChosen title={t('attendees.checkInTitle')} documentTitle={t('attendees.checkInDocumentTitle')} />;
  return <CheckIn key={eventId} eventId={eventId} />;
}

type Outcome = { kind: 'done'; result: CheckInResult } | { kind: 'undone'; result: UndoCheckInResult } | { kind: 'refused'; message: string | null; fallback: MessageId };

const DAY_MS = 24 * 60 * 60 * 1000;

// The question asked before a check-in more than a day before the event
// starts (the wrong event chosen, say), or null when it starts sooner; in
// the language shown.
export function earlyCheckInQuestion(startIso: string, now: number): string | null {
  const ahead = Date.parse(startIso) - now;
  if (!(ahead > DAY_MS)) return null;
  const days = Math.floor(ahead / DAY_MS);
  return translate('attendees.earlyCheckInQuestion', { days, time: localTime(startIso) });
}

function CheckIn({ eventId }: { eventId: string }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 250);
  const list = useAttendeeList(eventId, query);
  const [scanning, setScanning] = useState(false);
  const { outcome, busy, admit, undo } = useDoor(eventId, list);
  const title = list.page?.event.title;
  useDocumentTitle(title ? t('attendees.checkInDocumentTitleFor', { title }) : t('attendees.checkInDocumentTitle'));

  return (
    <section aria-labelledby="check-in-title" className="grid gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id="check-in-title" tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900">
            {t('attendees.checkInTitle')}
          </h1>
          {list.page && <p className="text-slate-700">{list.page.event.title}</p>}
        </div>
        <Link to={paths.dashboardAttendees(eventId)} className="btn-secondary">
          {t('attendees.allAttendees')}
        </Link>
      </div>
      {list.page && <AttendeeSummary page={list.page} />}

      <div aria-live="polite" className="min-h-6">
        {outcome && <OutcomeMessage outcome={outcome} />}
      </div>

      {canScan() && (
        <div>
          <button type="button" className="btn-primary" onClick={() => setScanning((s) => !s)}>
            {scanning ? t('attendees.stopCamera') : t('attendees.scanTickets')}
          </button>
          {scanning && (
            <div className="mt-3">
              <TicketScanner onCode={(scanned) => void admit({ code: scanned })} />
            </div>
          )}
        </div>
      )}

      <CodeForm busy={busy} admit={admit} />

      <div>
        <label htmlFor="check-in-search" className="field-label">
          {t('attendees.findLabel')}
        </label>
        <input id="check-in-search" type="search" className="field-input mt-1" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {list.status === 'loading' && (
        <p role="status" className="text-slate-600">
          {t('attendees.loading')}
        </p>
      )}
      {list.status === 'ready' && list.attendees.length === 0 && <p className="text-slate-700">{query ? t('attendees.noMatch') : t('attendees.noneYet')}</p>}
      {list.attendees.length > 0 && <CheckInRows attendees={list.attendees} busy={busy} admit={admit} undo={undo} />}
      {list.status === 'error' && (
        <button type="button" className="btn-secondary" onClick={list.retry}>
          {t('attendees.loadAgain')}
        </button>
      )}
    </section>
  );
}

type Admit = (by: { code: string } | { registration_id: string }) => Promise<boolean>;

// The check-ins of this screen and what the last one came to.
function useDoor(eventId: string, list: AttendeeList) {
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  // Once the organizer goes on with an early check-in, this screen asks no
  // more (a rehearsal, doors opened the day before).
  const earlyAccepted = useRef(false);

  // Checks in by code or registration, after asking when the event is
  // still days away; false when the organizer chose not to.
  const admit: Admit = async (by) => {
    const question = list.page && !earlyAccepted.current ? earlyCheckInQuestion(list.page.event.start_time, Date.now()) : null;
    if (question) {
      if (!(await confirmToast(question, { confirm: t('attendees.checkInAnyway'), cancel: t('attendees.dontCheckIn') }))) return false;
      earlyAccepted.current = true;
    }
    setBusy(true);
    try {
      const result = await checkIn(eventId, by);
      setOutcome({ kind: 'done', result });
      list.replace(result);
      if (!result.already_checked_in) list.reload();
    } catch (error) {
      const status = statusOf(error);
      const message = status === 400 || status === 404 || status === 409 ? serverMessages(error)[0] : undefined;
      if (!message) console.error('check in', error);
      setOutcome({ kind: 'refused', message: message ?? null, fallback: 'attendees.checkInFailed' });
    } finally {
      setBusy(false);
    }
    return true;
  };

  // Takes a check-in back (the wrong person let in).
  async function undo(registrationId: string) {
    setBusy(true);
    try {
      const result = await undoCheckIn(eventId, registrationId);
      setOutcome({ kind: 'undone', result });
      list.replace(result);
      list.reload();
    } catch (error) {
      const status = statusOf(error);
      const message = status === 404 ? serverMessages(error)[0] : undefined;
      if (!message) console.error('undo check-in', error);
      setOutcome({ kind: 'refused', message: message ?? null, fallback: 'attendees.undoFailed' });
    } finally {
      setBusy(false);
    }
  }

  return { outcome, busy, admit, undo };
}

function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  const t = useT();
  const locale = useLocale();
  if (outcome.kind === 'done') {
    const { result } = outcome;
    const name = fullName(result);
    return (
      <p role="status" className={`rounded-lg p-3 font-medium ${result.already_checked_in ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-900'}`}>
        {result.already_checked_in && result.checked_in_at
          ? t('attendees.outcomeAlready', { name, detail: said(result), time: localTime(result.checked_in_at, locale) })
          : t('attendees.outcome', { name, detail: said(result) })}
        {result.guest && (
          <>
            {' '}
            <GuestBadge />
          </>
        )}
      </p>
    );
  }
  if (outcome.kind === 'undone')
    return (
      <p role="status" className="rounded-lg bg-slate-100 p-3 font-medium text-slate-900">
        {t('attendees.outcome', { name: fullName(outcome.result), detail: said(outcome.result) })}
      </p>
    );
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
      {outcome.message ?? t(outcome.fallback)}
    </p>
  );
}

// A ticket code typed, or sent by a USB scanner (which types and presses Enter).
function CodeForm({ busy, admit }: { busy: boolean; admit: Admit }) {
  const t = useT();
  const [code, setCode] = useState('');

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) return;
    void admit({ code: code.trim() }).then((sent) => sent && setCode(''));
  }

  return (
    <form onSubmit={submitCode} className="flex flex-wrap items-end gap-2" aria-label={t('attendees.codeFormLabel')}>
      <div className="min-w-0 flex-1">
        <label htmlFor="ticket-code" className="field-label">
          {t('attendees.ticketCode')}
        </label>
        <input id="ticket-code" className="field-input mt-1 font-mono" value={code} autoComplete="off" onChange={(e) => setCode(e.target.value)} />
      </div>
      <button type="submit" className="btn-secondary" disabled={busy || !code.trim()}>
        {t('attendees.checkInCode')}
      </button>
    </form>
  );
}

function CheckInRows({ attendees, busy, admit, undo }: { attendees: Attendee[]; busy: boolean; admit: Admit; undo: (registrationId: string) => Promise<void> }) {
  const t = useT();
  return (
    <ul className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      {attendees.map((a) => {
        const nameId = `check-in-${a.registration_id}`;
        return (
          <li key={a.registration_id} className="flex items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p id={nameId} className="font-medium text-slate-900">
                {fullName(a)} {a.guest && <GuestBadge />}
              </p>
              <p className="text-sm text-slate-600">{a.email}</p>
            </div>
            {a.status === 'registered' && a.checked_in_at === null ? (
              <button type="button" className="btn-secondary shrink-0" aria-describedby={nameId} disabled={busy} onClick={() => void admit({ registration_id: a.registration_id })}>
                {t('attendees.checkInButton')}
              </button>
            ) : (
              <div className="flex shrink-0 items-center gap-2">
                <StatusBadge status={a.status} checkedIn={a.checked_in_at !== null} />
                {a.checked_in_at !== null && (
                  <button type="button" className="btn-secondary" aria-describedby={nameId} disabled={busy} onClick={() => void undo(a.registration_id)}>
                    {t('attendees.undo')}
                  </button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
