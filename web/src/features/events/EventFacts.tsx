import type { ReactNode } from 'react';
import { EventTime } from '@/components/EventTime';
import type { TurnoutEvent } from '@/types/api';
import { whereOf } from '@/lib/eventInfo';
import { T, useLocale, useT } from '@/i18n/react';
import { languageName } from '@/lib/eventLanguages';

// The event at a glance, under its title: when (one line, in the event's
// zone), where (with the city and a map of the point, when it has one) and
// how many are going. Each fact has an icon for the eye and a term for
// screen readers.
export function EventFacts({ event }: { event: TurnoutEvent }) {
  const t = useT();
  const locale = useLocale();
  const map = openStreetMapLink(event.latitude, event.longitude);
  // Seats taken; a called-off event has nobody going.
  const going = event.cancelled ? 0 : Math.max(0, event.capacity - event.seats_left);
  return (
    <dl className="mt-4 grid gap-3">
      <Fact term={t('events.factWhen')} icon={calendarIcon}>
        <span className="font-medium text-slate-900">
          <EventTime start={event.start_time} end={event.end_time} zone={event.time_zone} />
        </span>
      </Fact>
      <Fact term={t('events.factWhere')} icon={pinIcon}>
        <span className="font-medium text-slate-900">{whereOf(event)}</span>
        {map && (
          <a href={map} target="_blank" rel="noopener noreferrer" className="block w-fit text-indigo-700 underline hover:text-indigo-900">
            <T id={'events.openMap'} components={{ 0: <span className="sr-only" /> }} />
          </a>
        )}
      </Fact>
      {event.language && (
        <Fact term={t('events.factLanguage')} icon={speechIcon}>
          <span className="font-medium text-slate-900">{languageName(event.language, locale)}</span>
        </Fact>
      )}
      {going > 0 && (
        <Fact term={t('events.factAttendance')} icon={peopleIcon}>
          <span className="font-medium text-slate-900">{t('events.going', { count: going })}</span>
        </Fact>
      )}
    </dl>
  );
}

function Fact({ term, icon, children }: { term: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-lg bg-slate-50 text-slate-600 ring-1 ring-slate-200">
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" className="size-5">
          {icon}
        </svg>
      </span>
      <dt className="sr-only">{term}</dt>
      <dd className="type-meta min-w-0 self-center">{children}</dd>
    </div>
  );
}

const calendarIcon = (
  <>
    <rect x="3" y="4.5" width="14" height="12.5" rx="2" />
    <path d="M3 8.5h14M7 2.5v4M13 2.5v4" />
  </>
);
const pinIcon = (
  <>
    <path d="M10 17.5s5.5-5 5.5-9.5a5.5 5.5 0 0 0-11 0c0 4.5 5.5 9.5 5.5 9.5Z" />
    <circle cx="10" cy="8" r="2" />
  </>
);
const speechIcon = (
  <>
    <path d="M3.5 4.5h13v8.5h-7l-4 3.5V13h-2z" />
    <path d="M7 8.75h6" />
  </>
);
const peopleIcon = (
  <>
    <circle cx="7.5" cy="7" r="2.75" />
    <path d="M2.5 16.5a5 5 0 0 1 10 0M13 4.5a2.75 2.75 0 0 1 0 5.25M14.5 12a4.5 4.5 0 0 1 3 4.5" />
  </>
);

// The point on OpenStreetMap's own page (a link, no embedded map: nothing
// is loaded from a third party until the visitor asks for it).
function openStreetMapLink(lat: number | null | undefined, lng: number | null | undefined): string | null {
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}
