import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { EventTime } from '@/components/EventTime';
import type { TurnoutEvent } from '@/types/api';
import { AvailabilityBadge } from './AvailabilityBadge';
import { DateBlock } from './DateBlock';
import { EventBanner } from './EventBanner';
import type { EventDetailState } from './eventInfo';

// One event of a list: banner with its date block, title, time, a few
// lines of description, place, organizer and seats, and View Details, the
// link to the event's page, stretched over the whole card (so any of it
// opens the page, in a new tab too). A cancelled event is drawn without
// its colours.
// priority: the card is among the first in view (its banner loads first);
// distance: how far it is from the visitor, in a search near them.
export function EventCard({ event, priority = false, distance }: { event: TurnoutEvent; priority?: boolean; distance?: string }) {
  const titleId = `event-title-${event.id}`;
  const state: EventDetailState = { event };
  const place = [event.location, event.city].filter(Boolean).join(' · ');

  return (
    <article className="relative flex h-full min-w-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 hover:shadow-md hover:ring-slate-300">
      <div className={`relative ${event.cancelled ? 'opacity-70 grayscale' : ''}`}>
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
          {place}
        </p>
        {event.organization?.name && <p className="truncate text-sm text-slate-600">By {event.organization.name}</p>}
        {distance && <p className="text-sm text-slate-700">{distance}</p>}
        <p className="text-sm font-medium">
          <AvailabilityBadge event={event} />
        </p>
        <div className="mt-auto pt-2">
          <Link
            to={paths.eventDetail(event.id)}
            state={state}
            aria-describedby={titleId}
            className="btn-primary w-full after:absolute after:inset-0 after:rounded-xl"
          >
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}
