import { useNavigate } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { paths } from '@/config/paths';
import type { TurnoutEvent } from '@/types/api';
import { useDocumentTitle } from '@/lib/documentTitle';
import { localTimeRange } from '@/lib/time';
import { useEventList } from './hooks';
import { availabilityOf, seatsLeftText, type EventDetailState } from './eventInfo';
import { DateBlock } from './DateBlock';
import { EventBanner } from './EventBanner';
import { withMyChange } from './myRegistrations';

export default function EventsPage() {
  const { status, events, hasMore, loadingMore, loadMore, retry } = useEventList();
  useDocumentTitle('Events');

  return (
    <div className="page">
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Upcoming Events</h1>
      {status === 'loading' && <PageLoading label="Loading Events" />}
      {status === 'error' && (
        <div role="alert" className="card text-center">
          <p className="mb-4 text-slate-700">We could not load the events. Please check your connection and try again.</p>
          <button type="button" className="btn-secondary" onClick={retry}>
            Try Again
          </button>
        </div>
      )}
      {status === 'ready' && events.length === 0 && (
        <p className="card text-center text-slate-700">No upcoming events right now. Check back soon!</p>
      )}
      {status === 'ready' && events.length > 0 && (
        <>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {events.map((event) => (
              <li key={event.id}>
                <EventCard event={withMyChange(event)} />
              </li>
            ))}
          </ul>
          {hasMore && (
            <div className="mt-8 text-center">
              <button type="button" className="btn-secondary" disabled={loadingMore} onClick={loadMore}>
                {loadingMore ? 'Loading...' : 'Load More Events'}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

export function EventCard({ event }: { event: TurnoutEvent }) {
  const navigate = useNavigate();
  const availability = availabilityOf(event);
  const titleId = `event-title-${event.id}`;
  const state: EventDetailState = { event };

  return (
    <article className="flex h-full min-w-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="relative">
        <EventBanner event={event} className="aspect-video w-full" />
        <DateBlock iso={event.start_time} className="absolute top-3 left-3" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-5">
        <h2 id={titleId} className="line-clamp-2 text-lg font-semibold break-words text-slate-900 [overflow-wrap:anywhere]">
          {event.title}
        </h2>
        <p className="text-sm font-medium text-slate-800">{localTimeRange(event.start_time, event.end_time)}</p>
        <p className="line-clamp-3 text-sm break-words text-slate-700 [overflow-wrap:anywhere]">{event.description}</p>
        <p className="truncate text-sm text-slate-700">
          <span className="font-medium text-slate-900">Location: </span>
          {event.location}
        </p>
        <p className="text-sm font-medium">
          {availability === 'open' && <span className="text-emerald-800">{seatsLeftText(event.seats_left)}</span>}
          {availability === 'full' && <span className="text-red-700">Full</span>}
          {availability === 'started' && <span className="text-amber-800">Started</span>}
        </p>
        <div className="mt-auto pt-2">
          <button
            type="button"
            className="btn-primary w-full"
            aria-describedby={titleId}
            onClick={() => navigate(paths.eventDetail(event.id), { state })}
          >
            View Details
          </button>
        </div>
      </div>
    </article>
  );
}
