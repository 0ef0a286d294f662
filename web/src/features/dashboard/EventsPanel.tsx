import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { confirmToast } from '@/components/confirmToast';
import { paths } from '@/config/paths';
import type { TurnoutEvent } from '@/types/api';
import { deleteEvent, duplicateEvent } from './api';
import { EventTime } from '@/components/EventTime';
import { useDashboard, useOrganizationEvents } from './hooks';
import { mayManageEvents } from '@/lib/roles';
import type { EventUpdateState } from './navigationState';
import { ListStatus, LoadMore } from '@/components/ListStatus';
import { useDocumentTitle } from '@/lib/documentTitle';
import { t as translate } from '@/i18n/i18n';
import { useT } from '@/i18n/react';

// The answers of a confirmation, in the language shown.
const yesNo = () => ({ confirm: translate('dashboard.confirm.yes'), cancel: translate('dashboard.confirm.no') });

export default function EventsPanel() {
  const t = useT();
  useDocumentTitle(t('dashboard.events.documentTitle'));
  const navigate = useNavigate();
  const { status, events, remove, retry, more, loadingMore } = useOrganizationEvents();
  // A door volunteer sees the lists and check-in, not the rest.
  const { membership } = useDashboard();
  const manages = membership ? mayManageEvents(membership.role) : true;
  // The event a Delete or a Duplicate is under way for.
  const [busy, setBusy] = useState<string | null>(null);
  // Where keyboard focus goes when the focused item's button disappears.
  const heading = useRef<HTMLHeadingElement>(null);

  function edit(event: TurnoutEvent) {
    const state: EventUpdateState = { event };
    void navigate(paths.dashboardEventUpdate(event.id), { state });
  }

  // A copy a week later, opened in the edit form to check before sharing.
  async function duplicate(event: TurnoutEvent) {
    setBusy(event.id);
    try {
      const copy = await duplicateEvent(event.id);
      toast.success(translate('dashboard.events.duplicated'));
      edit(copy);
    } catch (error) {
      console.error('duplicate event', error);
      toast.error(translate('dashboard.events.duplicateFailed'));
      setBusy(null);
    }
  }

  async function destroy(event: TurnoutEvent) {
    const confirmed = await confirmToast(translate('dashboard.events.confirmDelete', { title: event.title }), yesNo());
    if (!confirmed) return;
    setBusy(event.id);
    try {
      await deleteEvent(event.id);
      remove(event.id);
      heading.current?.focus();
      toast.success(translate('dashboard.events.deleted'));
    } catch (error) {
      console.error('delete event', error);
      toast.error(translate('dashboard.events.deleteFailed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="events-panel">
      <h1 id="events-panel" ref={heading} tabIndex={-1} className="mb-6 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
        {t('dashboard.events.title')}
      </h1>
      <ListStatus status={status} retry={retry} loadingText={t('dashboard.events.loading')} what={t('dashboard.events.loadWhat')} />
      {status === 'ready' && events.length === 0 && (
        <div className="card text-center">
          <p className="text-slate-700">{t('dashboard.events.none')}</p>
          {manages && (
            <Link to={paths.dashboardCreateEvent} className="btn-primary mt-4">
              {t('dashboard.events.createFirst')}
            </Link>
          )}
        </div>
      )}
      {status === 'ready' && events.length > 0 && (
        <ul className="grid gap-4">
          {groupSeries(events).map(({ event, later }) => (
            <li key={event.id}>
              <OrganizationEvent
                event={event}
                busy={busy === event.id}
                manages={manages}
                onEdit={() => edit(event)}
                onDuplicate={() => void duplicate(event)}
                onDelete={() => void destroy(event)}
              />
              {later.length > 0 && <LaterDates later={later} manages={manages} onEdit={edit} />}
            </li>
          ))}
        </ul>
      )}
      {status === 'ready' && <LoadMore more={more} loadingMore={loadingMore} />}
    </section>
  );
}

interface OrganizationEventProps {
  event: TurnoutEvent;
  // A Delete or a Duplicate of it is under way.
  busy: boolean;
  // The member's role edits, duplicates and deletes events.
  manages: boolean;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

// One of the organization's events, with what the organizer can do to it.
function OrganizationEvent({ event, busy, manages, onEdit, onDuplicate, onDelete }: OrganizationEventProps) {
  const t = useT();
  const titleId = `organization-event-${event.id}`;
  return (
    <article className="card flex flex-col gap-4 sm:flex-row">
      {event.banner_url && (
        <img
          src={event.banner_url}
          alt={t('dashboard.events.bannerAlt', { title: event.title })}
          loading="lazy"
          className="aspect-video w-full rounded-md bg-slate-100 object-cover sm:w-40"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={titleId} dir="auto" className="line-clamp-2 text-lg font-semibold text-slate-900">
          {/* The event as the public sees it. */}
          <Link to={paths.eventDetail(event.id)} className="text-indigo-800 underline-offset-2 hover:underline">
            {event.title}
          </Link>
        </h2>
        {(event.cancelled || event.visibility === 'unlisted' || event.visibility === 'private' || event.online || event.series) && (
          <p className="flex flex-wrap gap-1">
            {event.series && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{t('dashboard.events.badgeSeries')}</span>}
            {event.cancelled && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">{t('dashboard.events.badgeCancelled')}</span>}
            {event.visibility === 'unlisted' && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{t('dashboard.events.badgeUnlisted')}</span>}
            {event.visibility === 'private' && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t('dashboard.events.badgePrivate')}</span>}
            {event.online && <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-900">{t('dashboard.events.badgeOnline')}</span>}
          </p>
        )}
        <p className="text-sm text-slate-700">
          <EventTime start={event.start_time} end={event.end_time} zone={event.time_zone} />
        </p>
        <p className="line-clamp-2 text-sm text-slate-700">{event.location}</p>
        <p className="text-sm text-slate-700">
          {typeof event.seats_left === 'number'
            ? t('dashboard.events.capacitySeatsLeft', { capacity: event.capacity, count: event.seats_left })
            : t('dashboard.events.capacity', { capacity: event.capacity })}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Link to={paths.dashboardAttendees(event.id)} className="btn-secondary" aria-describedby={titleId}>
            {t('dashboard.events.attendees')}
          </Link>
          <Link to={paths.dashboardCheckIn(event.id)} className="btn-secondary" aria-describedby={titleId}>
            {t('dashboard.events.checkIn')}
          </Link>
          {manages && (
            <>
              <button type="button" className="btn-secondary" aria-describedby={titleId} onClick={onEdit}>
                {t('dashboard.events.edit')}
              </button>
              <button type="button" className="btn-secondary" aria-describedby={titleId} disabled={busy} onClick={onDuplicate}>
                {t('dashboard.events.duplicate')}
              </button>
              <button type="button" className="btn-danger" aria-describedby={titleId} disabled={busy} onClick={onDelete}>
                {t('dashboard.events.delete')}
              </button>
            </>
          )}
        </div>
      </div>
    </article>
  );
}

// A series shows once, at its soonest date in the list, with its later
// ones under it; single events as they come.
function groupSeries(events: TurnoutEvent[]): { event: TurnoutEvent; later: TurnoutEvent[] }[] {
  const groups: { event: TurnoutEvent; later: TurnoutEvent[] }[] = [];
  const bySeries = new Map<string, { event: TurnoutEvent; later: TurnoutEvent[] }>();
  for (const event of events) {
    const series = event.series?.id;
    const group = series ? bySeries.get(series) : undefined;
    if (group) {
      group.later.push(event);
      continue;
    }
    const fresh = { event, later: [] };
    groups.push(fresh);
    if (series) bySeries.set(series, fresh);
  }
  return groups;
}

// The later dates of a series, folded under its first.
function LaterDates({ later, manages, onEdit }: { later: TurnoutEvent[]; manages: boolean; onEdit: (event: TurnoutEvent) => void }) {
  const t = useT();
  return (
    <details className="mt-2 rounded-lg bg-white px-4 py-2 ring-1 ring-slate-200">
      <summary className="cursor-pointer text-sm font-medium text-indigo-800">
        {t('dashboard.events.laterDates', { count: later.length })}
      </summary>
      <ul className="mt-2 divide-y divide-slate-100">
        {later.map((event) => (
          <li key={event.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="text-slate-800">
              <EventTime start={event.start_time} end={event.end_time} zone={event.time_zone} />
              {event.cancelled && (
                <span className="ms-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">{t('dashboard.events.badgeCancelled')}</span>
              )}
            </span>
            <span className="flex gap-2">
              <Link to={paths.dashboardAttendees(event.id)} className="btn-secondary">
                {t('dashboard.events.attendees')}
              </Link>
              {manages && (
                <button type="button" className="btn-secondary" onClick={() => onEdit(event)}>
                  {t('dashboard.events.edit')}
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
