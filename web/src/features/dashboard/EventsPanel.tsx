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

export default function EventsPanel() {
  useDocumentTitle('Events · Dashboard');
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
      toast.success('Event duplicated: check its date and details.');
      edit(copy);
    } catch (error) {
      console.error('duplicate event', error);
      toast.error('Failed to duplicate event');
      setBusy(null);
    }
  }

  async function destroy(event: TurnoutEvent) {
    const confirmed = await confirmToast(`Delete "${event.title}"? Its registrations go with it.`, { confirm: 'Yes', cancel: 'No' });
    if (!confirmed) return;
    setBusy(event.id);
    try {
      await deleteEvent(event.id);
      remove(event.id);
      heading.current?.focus();
      toast.success('Event deleted successfully');
    } catch (error) {
      console.error('delete event', error);
      toast.error('Failed to delete event');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="events-panel">
      <h1 id="events-panel" ref={heading} tabIndex={-1} className="mb-6 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
        Events
      </h1>
      <ListStatus status={status} retry={retry} loadingText="Loading events..." what="the organization's events" />
      {status === 'ready' && events.length === 0 && (
        <div className="card text-center">
          <p className="text-slate-700">You have not created any events yet.</p>
          {manages && (
            <Link to={paths.dashboardCreateEvent} className="btn-primary mt-4">
              Create your first event
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
  const titleId = `organization-event-${event.id}`;
  return (
    <article className="card flex flex-col gap-4 sm:flex-row">
      {event.banner_url && (
        <img
          src={event.banner_url}
          alt={`Banner of ${event.title}`}
          loading="lazy"
          className="aspect-video w-full rounded-md bg-slate-100 object-cover sm:w-40"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={titleId} className="line-clamp-2 text-lg font-semibold text-slate-900">
          {/* The event as the public sees it. */}
          <Link to={paths.eventDetail(event.id)} className="text-indigo-800 underline-offset-2 hover:underline">
            {event.title}
          </Link>
        </h2>
        {(event.cancelled || event.visibility === 'unlisted' || event.visibility === 'private' || event.online || event.series) && (
          <p className="flex flex-wrap gap-1">
            {event.series && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Series</span>}
            {event.cancelled && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Cancelled</span>}
            {event.visibility === 'unlisted' && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">Unlisted</span>}
            {event.visibility === 'private' && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Private</span>}
            {event.online && <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-900">Online</span>}
          </p>
        )}
        <p className="text-sm text-slate-700">
          <EventTime start={event.start_time} end={event.end_time} zone={event.time_zone} />
        </p>
        <p className="line-clamp-2 text-sm text-slate-700">{event.location}</p>
        <p className="text-sm text-slate-700">
          Capacity: {event.capacity}
          {typeof event.seats_left === 'number' && ` · ${event.seats_left} left`}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Link to={paths.dashboardAttendees(event.id)} className="btn-secondary" aria-describedby={titleId}>
            Attendees
          </Link>
          <Link to={paths.dashboardCheckIn(event.id)} className="btn-secondary" aria-describedby={titleId}>
            Check-in
          </Link>
          {manages && (
            <>
              <button type="button" className="btn-secondary" aria-describedby={titleId} onClick={onEdit}>
                Edit
              </button>
              <button type="button" className="btn-secondary" aria-describedby={titleId} disabled={busy} onClick={onDuplicate}>
                Duplicate
              </button>
              <button type="button" className="btn-danger" aria-describedby={titleId} disabled={busy} onClick={onDelete}>
                Delete
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
  return (
    <details className="mt-2 rounded-lg bg-white px-4 py-2 ring-1 ring-slate-200">
      <summary className="cursor-pointer text-sm font-medium text-indigo-800">
        {later.length === 1 ? '1 more date of this series' : `${later.length} more dates of this series`}
      </summary>
      <ul className="mt-2 divide-y divide-slate-100">
        {later.map((event) => (
          <li key={event.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="text-slate-800">
              <EventTime start={event.start_time} end={event.end_time} zone={event.time_zone} />
              {event.cancelled && <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Cancelled</span>}
            </span>
            <span className="flex gap-2">
              <Link to={paths.dashboardAttendees(event.id)} className="btn-secondary">
                Attendees
              </Link>
              {manages && (
                <button type="button" className="btn-secondary" onClick={() => onEdit(event)}>
                  Edit
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
