import { useState } from 'react';
import { Link } from 'react-router';
import { useDashboardRole } from '@/api/useRole';
import { mayManageEvents } from '@/lib/roles';
import toast from 'react-hot-toast';
import { LoadFailed, LoadMore } from '@/components/ListStatus';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';
import { localTime } from '@/lib/time';
import { useLocale, useT } from '@/i18n/react';
import { EventTime } from '@/components/EventTime';
import { downloadAttendeesCSV, fullName, type Attendee, type AttendeeFields } from './api';
import { AnswerList } from '@/components/AnswerList';
import { Decision } from './Decision';
import { AttendeeSummary, GuestBadge, StatusBadge } from './AttendeeSummary';
import { CancelledNote, TellAttendees } from './TellAttendees';
import { useAttendeeList, useEventIdParam, type AttendeeList } from './hooks';
import { useDebounced } from '@/lib/useDebounced';

// The organizer's list of an event's attendees: counts, search, export.
export default function AttendeesPage() {
  const t = useT();
  const eventId = useEventIdParam();
  if (!eventId) return <NoEventChosen title={t('attendees.title')} documentTitle={t('attendees.documentTitle')} />;
  return <Attendees key={eventId} eventId={eventId} />;
}

export function NoEventChosen({ title, documentTitle }: { title: string; documentTitle: string }) {
  const t = useT();
  useDocumentTitle(documentTitle);
  return (
    <section className="card">
      <h1 className="mb-2 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mb-4 text-slate-700">{t('attendees.chooseEventFirst')}</p>
      <Link to={paths.dashboardEvents} className="btn-secondary">
        {t('attendees.yourEvents')}
      </Link>
    </section>
  );
}

function Attendees({ eventId }: { eventId: string }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 250);
  const list = useAttendeeList(eventId, query);
  const [exporting, setExporting] = useState(false);
  // A door volunteer checks people in; the rest is the organizers'.
  const role = useDashboardRole();
  const manages = role === null || mayManageEvents(role);
  const title = list.page?.event.title;
  useDocumentTitle(title ? t('attendees.documentTitleOf', { title }) : t('attendees.documentTitle'));

  async function exportCSV() {
    setExporting(true);
    try {
      await downloadAttendeesCSV(eventId);
    } catch (error) {
      console.error('export attendees', error);
      toast.error(t('attendees.exportFailed'));
    } finally {
      setExporting(false);
    }
  }

  return (
    <section aria-labelledby="attendees-title" className="grid gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id="attendees-title" tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900">
            {t('attendees.title')}
          </h1>
          {list.page && (
            <p className="text-slate-700">
              {list.page.event.title} · <EventTime start={list.page.event.start_time} end={list.page.event.end_time} zone={list.page.event.time_zone} />
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.dashboardCheckIn(eventId)} className="btn-primary">
            {t('attendees.checkInLink')}
          </Link>
          {manages && (
            <button type="button" className="btn-secondary" disabled={exporting} aria-busy={exporting} onClick={() => void exportCSV()}>
              {t('attendees.exportCsv')}
            </button>
          )}
        </div>
      </div>
      {list.page?.event.cancelled && <CancelledNote />}
      {list.page && <AttendeeSummary page={list.page} />}
      <div>
        <label htmlFor="attendee-search" className="field-label">
          {t('attendees.searchLabel')}
        </label>
        <input
          id="attendee-search"
          type="search"
          className="field-input mt-1"
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {list.status === 'loading' && (
        <p role="status" className="text-slate-600">
          {t('attendees.loading')}
        </p>
      )}
      {list.status === 'error' && <LoadFailed what={t('attendees.loadFailedWhat')} retry={list.retry} />}
      {list.status === 'ready' && list.attendees.length === 0 && (
        <p className="card text-slate-700">{query ? t('attendees.noMatch') : t('attendees.noneYet')}</p>
      )}
      {list.attendees.length > 0 && <AttendeeRows attendees={list.attendees} eventId={eventId} list={list} decides={manages} />}
      <LoadMore more={list.more} loadingMore={list.loadingMore} />
      {/* Reaching everyone comes after the list, which is what the screen is for. */}
      {list.page && manages && <TellAttendees page={list.page} onCancelled={list.reload} />}
    </section>
  );
}

// A request awaiting approval offers Approve and Decline to whoever decides
// (not the door); the list shows the decision and reloads its counts.
function AttendeeRows({
  attendees,
  eventId,
  list,
  decides,
}: {
  attendees: Attendee[];
  eventId: string;
  list: Pick<AttendeeList, 'replace' | 'reload'>;
  decides: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const decided = (changed: AttendeeFields | null) => {
    if (changed) list.replace(changed);
    list.reload();
  };
  return (
    <ul className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      {attendees.map((a) => (
        <li key={a.registration_id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              {fullName(a)} {a.guest && <GuestBadge />} {a.username && <span className="text-sm font-normal text-slate-600">@{a.username}</span>}
            </p>
            <p className="text-sm text-slate-600">{a.email}</p>
            <AnswerList answers={a.answers ?? []} className="mt-2" />
          </div>
          <div className="flex flex-col items-start gap-1 text-sm text-slate-600 sm:items-end">
            <StatusBadge status={a.status} checkedIn={a.checked_in_at !== null} />
            {a.status === 'pending' && decides && <Decision eventId={eventId} attendee={a} onDecided={decided} />}
            <span>{t('attendees.registeredAt', { time: localTime(a.registered_at, locale) })}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
