import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { EventTime } from '@/components/EventTime';
import type { TurnoutEvent } from '@/types/api';
import { AvailabilityBadge } from './AvailabilityBadge';
import { DateBlock } from './DateBlock';
import { EventBanner } from './EventBanner';
import { whereOf, type EventDetailState } from '@/lib/eventInfo';
import { useLocale, useT } from '@/i18n/react';
import { languageName } from '@/lib/eventLanguages';

interface ItemProps {
  event: TurnoutEvent;
  // The item is among the first in view (its banner loads first).
  priority?: boolean;
  // How far it is from the visitor, in a search near them.
  distance?: string | undefined;
}

// One event of a list: banner with its date block, title, time, a few
// lines of description, place, organizer and seats, and View Details, the
// link to the event's page, stretched over the whole card (so any of it
// opens the page, in a new tab too). A cancelled event is drawn without
// its colours.
export function EventCard({ event, priority = false, distance }: ItemProps) {
  const titleId = `event-title-${event.id}`;
  return (
    <article className="group relative flex h-full min-w-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 hover:shadow-md hover:ring-slate-300">
      <div className={`relative ${event.cancelled ? 'grayscale' : ''}`}>
        <EventBanner event={event} className="aspect-video w-full" priority={priority} />
        <DateBlock iso={event.start_time} timeZone={event.time_zone} className="absolute start-3 top-3" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-5">
        <TitleAndTime event={event} titleId={titleId} />
        {/* The organizer's words keep their own direction (an English
            sentence's full stop stays at its end on an Arabic page). */}
        <p dir="auto" className="line-clamp-3 text-sm text-slate-700">
          {event.description}
        </p>
        <EventFacts event={event} distance={distance} />
        <p className="text-sm font-medium">
          <AvailabilityBadge event={event} />
        </p>
        <p className="mt-auto pt-2">
          <DetailsLink event={event} titleId={titleId} />
        </p>
      </div>
    </article>
  );
}

// The same event as one compact row of a list: date block, a small banner,
// title, time, place, organizer and seats, the whole row a link.
export function EventRow({ event, priority = false, distance }: ItemProps) {
  const titleId = `event-row-title-${event.id}`;
  return (
    <article className="group relative flex min-w-0 items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 hover:shadow-md hover:ring-slate-300 sm:gap-4">
      <div className={`flex shrink-0 items-center gap-3 ${event.cancelled ? 'grayscale' : ''}`}>
        <DateBlock iso={event.start_time} timeZone={event.time_zone} />
        <EventBanner event={event} small className="hidden aspect-video w-28 rounded-lg sm:flex" priority={priority} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <TitleAndTime event={event} titleId={titleId} compact />
        <div className="flex min-w-0 flex-col sm:flex-row sm:flex-wrap sm:gap-x-4">
          <EventFacts event={event} distance={distance} />
        </div>
        <p className="flex flex-wrap items-center justify-between gap-x-4 text-sm font-medium">
          <AvailabilityBadge event={event} />
          <DetailsLink event={event} titleId={titleId} />
        </p>
      </div>
    </article>
  );
}

// What and when: the title (on one line in a compact row) and the times.
function TitleAndTime({ event, titleId, compact = false }: { event: TurnoutEvent; titleId: string; compact?: boolean }) {
  return (
    <>
      <h2 id={titleId} dir="auto" className={`font-semibold text-slate-900 ${compact ? 'truncate' : 'line-clamp-2 text-lg'}`}>
        {event.title}
      </h2>
      <p className={`text-sm text-slate-800 ${compact ? '' : 'font-medium'}`}>
        <EventTime start={event.start_time} end={event.end_time} zone={event.time_zone} />
      </p>
    </>
  );
}

// Where, by whom and (in a search near the visitor) how far.
function EventFacts({ event, distance }: { event: TurnoutEvent; distance?: string | undefined }) {
  const t = useT();
  const locale = useLocale();
  const place = whereOf(event);
  return (
    <>
      <p className="truncate text-sm text-slate-700">
        <span className="sr-only">{t('common.event.location')} </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="me-1 inline h-4 w-4 align-[-3px] text-slate-500" fill="currentColor">
          <path d="M10 2a6 6 0 00-6 6c0 4.4 6 10 6 10s6-5.6 6-10a6 6 0 00-6-6zm0 8.5A2.5 2.5 0 1110 5.5a2.5 2.5 0 010 5z" />
        </svg>
        {place}
      </p>
      {event.organization?.name && <p className="truncate text-sm text-slate-600">{t('common.event.by', { name: event.organization.name })}</p>}
      {event.language && <p className="truncate text-sm text-slate-600">{t('common.event.heldIn', { language: languageName(event.language, locale) })}</p>}
      {distance && <p className="text-sm text-slate-700">{distance}</p>}
    </>
  );
}

// View Details: a quiet text link, its box stretched over the whole item
// (the item is `relative`), told apart from its twins by the title.
function DetailsLink({ event, titleId }: { event: TurnoutEvent; titleId: string }) {
  const t = useT();
  const state: EventDetailState = { event };
  return (
    <Link
      to={paths.eventDetail(event.id)}
      state={state}
      aria-describedby={titleId}
      className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 group-hover:text-indigo-900 group-hover:underline after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-indigo-700"
    >
      {t('common.event.viewDetails')}
      <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
        &rarr;
      </span>
    </Link>
  );
}
