import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { EventTime } from '@/components/EventTime';
import type { TurnoutEvent } from '@/types/api';
import { DateBlock } from './DateBlock';
import { EventBanner } from './EventBanner';
import { availabilityOf, seatsLeftText, type EventDetailState } from './eventInfo';

// One event of a list: banner with its date block, title, time, a few
// lines of description, place and seats, and the way to its page.
// priority: the card is among the first in view (its banner loads first).
export function EventCard({ event, priority = false }: { event: TurnoutEvent; priority?: boolean }) {
  const navigate = useNavigate();
  const availability = availabilityOf(event);
  const titleId = `event-title-${event.id}`;
  const state: EventDetailState = { event };

  return (
    <article className="flex h-full min-w-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="relative">
        <EventBanner event={event} className="aspect-video w-full" priority={priority} />
        <DateBlock iso={event.start_time} timeZone={event.time_zone} className="absolute top-3 left-3" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-5">
        <h2 id={titleId} className="line-clamp-2 text-lg font-semibold text-slate-900">
          {event.title}
        </h2>
        <p className="text-sm font-medium text-slate-800">
          <EventTime start={event.start_time} end={event.end_time} zone={event.time_zone} />
        </p>
        <p className="line-clamp-3 text-sm text-slate-700">{event.description}</p>
        <p className="truncate text-sm text-slate-700">
          <span className="font-medium text-slate-900">Location: </span>
          {event.location}
        </p>
        <p className="text-sm font-medium">
          {availability === 'open' && <span className="text-emerald-800">{seatsLeftText(event.seats_left)}</span>}
          {availability === 'full' && <span className="text-red-700">Full</span>}
          {availability === 'started' && <span className="text-amber-800">Started</span>}
          {availability === 'cancelled' && <span className="rounded-full bg-red-100 px-2 py-0.5 text-red-900">Cancelled</span>}
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
