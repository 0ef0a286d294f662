import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { publicGet } from '@/lib/publicGet';
import { useQuery } from '@/lib/query';
import { knownZone, timeIn } from '@/lib/time';
import { useLocale, useT } from '@/i18n/react';
import { describeRepeat } from '@/lib/repeatWords';
import type { Series, TurnoutEvent } from '@/types/api';

const shownDates = 4;

// How an occurrence's series repeats ("Every Wednesday, 19:00 CET") and
// its next dates, each leading to its own page. Says nothing when the
// series cannot be read (its dates are not public, say).
export function SeriesDates({ event }: { event: TurnoutEvent }) {
  const t = useT();
  const locale = useLocale();
  const id = event.series?.id ?? '';
  const series = useQuery(`series:${id}`, async () => (await publicGet<Series>(`/event/series/${encodeURIComponent(id)}/`)).data);
  if (!id || series.status !== 'ready') return null;
  const next = series.data.events.filter((e) => e.id !== event.id && e.start_time > event.start_time).slice(0, shownDates);
  return (
    <section aria-labelledby="series-title" className="mt-4 rounded-lg bg-indigo-50 p-3 text-sm text-slate-800">
      <h2 id="series-title" className="font-semibold text-indigo-900">
        {series.data.cancelled ? t('events.seriesCancelled') : describeRepeat(series.data.repeat_pattern, t, locale)}
      </h2>
      {next.length > 0 && (
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {next.map((e) => {
            const date = shortDate(e.start_time, e.time_zone, locale) ?? timeIn(e.start_time, e.time_zone, locale);
            return (
              <li key={e.id}>
                <Link to={paths.eventDetail(e.id)} className="text-indigo-800 underline underline-offset-2" aria-label={timeIn(e.start_time, e.time_zone, locale)}>
                  {e.cancelled ? t('events.seriesDateCancelled', { date }) : date}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

// A date's month and day in zone (the viewer's when unknown), as the
// locale writes them ("Dec 5", "5. Dez.", "12月5日"); null when unreadable.
function shortDate(iso: string, zone: string | undefined, locale: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: knownZone(zone) }).format(date);
}
