import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { PageLoading } from '@/components/PageLoading';
import { paths } from '@/config/paths';
import { serverMessages, statusOf } from '@/lib/errors';
import { session } from '@/lib/storage';
import type { TurnoutEvent } from '@/types/api';
import { getEvent, registerForEvent } from './api';
import { EventBanner } from './EventBanner';
import { availabilityOf, eventFromState } from './eventInfo';
import { localTime } from '@/lib/time';

// The event comes in navigation state from the list; a shared link
// (?id=...) loads it instead.
export default function EventDetailPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const fromState = eventFromState(location.state);
  const id = params.get('id');

  if (fromState && (!id || id === fromState.id)) return <EventDetail key={fromState.id} initial={fromState} />;
  if (id) return <EventLoader key={id} id={id} />;
  return (
    <div className="page">
      <div className="card mx-auto max-w-lg text-center">
        <p className="mb-4 text-lg font-medium text-slate-900">No event details available</p>
        <Link to={paths.events} className="btn-secondary">
          Browse Events
        </Link>
      </div>
    </div>
  );
}

type LoadStatus = { kind: 'loading' } | { kind: 'ready'; event: TurnoutEvent } | { kind: 'not-found' } | { kind: 'error' };

function EventLoader({ id }: { id: string }) {
  const [status, setStatus] = useState<LoadStatus>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setStatus({ kind: 'loading' });
    getEvent(id)
      .then((event) => {
        if (!cancelled) setStatus({ kind: 'ready', event });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('load event', error);
        setStatus(statusOf(error) === 404 ? { kind: 'not-found' } : { kind: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [id, attempt]);

  if (status.kind === 'loading') return <PageLoading label="Loading event..." />;
  if (status.kind === 'ready') return <EventDetail initial={status.event} />;
  return (
    <div className="page">
      <div role="alert" className="card mx-auto max-w-lg text-center">
        {status.kind === 'not-found' ? (
          <p className="mb-4 text-slate-800">This event does not exist or has been removed.</p>
        ) : (
          <>
            <p className="mb-4 text-slate-800">We could not load this event. Please check your connection and try again.</p>
            <button type="button" className="btn-secondary mr-2" onClick={() => setAttempt((n) => n + 1)}>
              Try Again
            </button>
          </>
        )}
        <Link to={paths.events} className="btn-secondary">
          Browse Events
        </Link>
      </div>
    </div>
  );
}

const NOT_OPEN_REASON = {
  full: 'This event is full.',
  started: 'This event has already started.',
} as const;

function EventDetail({ initial }: { initial: TurnoutEvent }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [event, setEvent] = useState(initial);
  const [registering, setRegistering] = useState(false);
  const [registered, setRegistered] = useState(false);
  const availability = availabilityOf(event);
  const note = registered ? 'You are registered for this event.' : availability === 'open' ? null : NOT_OPEN_REASON[availability];

  function goBack() {
    // The first entry of a visit has the key "default": nothing to go back to.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(paths.events);
  }

  async function register() {
    if (!session.isLoggedIn()) {
      toast.error('Please log in first to register for the event.');
      return;
    }
    setRegistering(true);
    try {
      await registerForEvent(event.id);
      toast.success('Successfully registered for the event!');
      setRegistered(true);
      setEvent((shown) => ({ ...shown, seats_left: Math.max(0, shown.seats_left - 1) }));
    } catch (error) {
      // Full, started, already registered (409) or too busy (503): the
      // server's own words say what happened.
      const status = statusOf(error);
      const detail = status === 409 || status === 503 ? serverMessages(error)[0] : undefined;
      toast.error(detail ?? 'Failed to register. Please try again.');
    } finally {
      setRegistering(false);
    }
  }

  return (
    <div className="page">
      <button type="button" className="btn-secondary mb-6" onClick={goBack}>
        <span aria-hidden="true">&larr;</span> Back
      </button>
      <article className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <EventBanner event={event} className="aspect-[5/2] w-full" />
        <div className="p-6">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{event.title}</h1>
          {event.organization?.name && <p className="mt-1 text-sm text-slate-600">By {event.organization.name}</p>}
          <p className="mt-4 break-words text-slate-700">{event.description}</p>

          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            <Detail term="Start Time" value={localTime(event.start_time)} />
            <Detail term="End Time" value={localTime(event.end_time)} />
            <Detail term="Location" value={event.location} />
            <Detail term="Capacity" value={String(event.capacity)} />
            <Detail term="Seats Left" value={String(event.seats_left)} />
          </dl>

          <section aria-labelledby="about-event" className="mt-8">
            <h2 id="about-event" className="text-lg font-semibold text-slate-900">
              About the Event
            </h2>
            <p className="mt-2 break-words whitespace-pre-line text-slate-700">{event.description}</p>
          </section>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <button
              type="button"
              className="btn-primary"
              disabled={availability !== 'open' || registering || registered}
              aria-busy={registering}
              aria-describedby={note ? 'register-note' : undefined}
              onClick={() => void register()}
            >
              Register Now
            </button>
            {note && (
              <p id="register-note" className={`text-sm font-medium ${registered ? 'text-emerald-800' : 'text-red-700'}`}>
                {note}
              </p>
            )}
          </div>
        </div>
      </article>
    </div>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-1 break-words text-slate-900">{value}</dd>
    </div>
  );
}
