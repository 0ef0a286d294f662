// The next few events on the home page. Loaded after the page itself (it
// brings the HTTP client), in a box of fixed height so nothing shifts.
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { EventCard } from '@/components/EventCard';
import { useEventList } from '@/api/useEvents';
import { withMyChange } from '@/lib/myRegistrations';
import { LoadFailed } from '@/components/ListStatus';
import { Skeleton } from '@/components/Skeleton';
import { useT } from '@/i18n/react';

export const PREVIEW_COUNT = 3;

export default function UpcomingEvents() {
  const t = useT();
  const { status, events, retry } = useEventList();
  if (status === 'loading') return <Skeleton label={t('common.home.loadingEvents')} shape="cards" count={PREVIEW_COUNT} />;
  if (status === 'error') return <LoadFailed what={t('common.home.theEvents')} retry={retry} />;
  // A cancelled event is no advertisement; the list below these leads to it.
  const live = events.filter((event) => !event.cancelled);
  if (live.length === 0) return <p className="card text-center text-slate-700">{t('common.home.noEvents')}</p>;
  return (
    <>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {live.slice(0, PREVIEW_COUNT).map((event, i) => (
          <li key={event.id} className="min-w-0">
            <EventCard event={withMyChange(event)} priority={i === 0} />
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center">
        <Link to={paths.events} className="font-semibold text-indigo-700 hover:text-indigo-800">
          {t('common.home.seeAll')}{' '}
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            &rarr;
          </span>
        </Link>
      </p>
    </>
  );
}
