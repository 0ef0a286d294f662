import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { PageLoading } from '@/components/PageLoading';
import { paths } from '@/config/paths';
import type { TurnoutEvent } from '@/types/api';
import { listPublicEvents } from './api';
import { availabilityOf, seatsLeftText, type EventDetailState } from './eventInfo';
import { EventBanner } from './EventBanner';
import { localTime } from '@/lib/time';

type Status = 'loading' | 'ready' | 'error';

export default function EventsPage() {
  const [events, setEvents] = useState<TurnoutEvent[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setStatus('loading');
    listPublicEvents()
      .then((page) => {
        if (cancelled) return;
        setEvents(page.events);
        setNext(page.next);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('load events', error);
        setStatus('error');
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  async function loadMore() {
    if (!next) return;
    setLoadingMore(true);
    try {
      const page = await listPublicEvents(next);
      // A page boundary can move while events fill up; skip repeats.
      setEvents((shown) => [...shown, ...page.events.filter((e) => !shown.some((s) => s.id === e.id))]);
      setNext(page.next);
    } catch (error) {
      console.error('load more events', error);
      toast.error('Failed to load more events. Please try again.');
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <div className="page">
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Upcoming Events</h1>
      {status === 'loading' && <PageLoading label="Loading Events" />}
      {status === 'error' && (
        <div role="alert" className="card text-center">
          <p className="mb-4 text-slate-700">We could not load the events. Please check your connection and try again.</p>
          <button type="button" className="btn-secondary" onClick={() => setAttempt((n) => n + 1)}>
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
                <EventCard event={event} />
              </li>
            ))}
          </ul>
          {next && (
            <div className="mt-8 text-center">
              <button type="button" className="btn-secondary" disabled={loadingMore} onClick={() => void loadMore()}>
                {loadingMore ? 'Loading...' : 'Load More Events'}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function EventCard({ event }: { event: TurnoutEvent }) {
  const navigate = useNavigate();
  const availability = availabilityOf(event);
  const titleId = `event-title-${event.id}`;
  const state: EventDetailState = { event };

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <EventBanner event={event} className="aspect-video w-full" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
          {event.title}
        </h2>
        <p className="line-clamp-3 break-words text-sm text-slate-700">{event.description}</p>
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">Location: </span>
          {event.location}
        </p>
        <p className="text-sm text-slate-700">
          {localTime(event.start_time)} to {localTime(event.end_time)}
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
