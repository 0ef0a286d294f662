import { PageLoading } from '@/components/PageLoading';
import { useDocumentTitle } from '@/lib/documentTitle';
import { useEventList } from './hooks';
import { EventCard } from './EventCard';
import { withMyChange } from './myRegistrations';
import { LoadFailed } from '@/components/ListStatus';

export default function EventsPage() {
  const { status, events, hasMore, loadingMore, loadMore, retry } = useEventList();
  useDocumentTitle('Events');

  return (
    <div className="page">
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Upcoming Events</h1>
      {status === 'loading' && <PageLoading label="Loading Events" />}
      {status === 'error' && <LoadFailed what="the events" retry={retry} />}
      {status === 'ready' && events.length === 0 && (
        <p className="card text-center text-slate-700">No upcoming events right now. Check back soon!</p>
      )}
      {status === 'ready' && events.length > 0 && (
        <>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {events.map((event, i) => (
              <li key={event.id} className="min-w-0">
                <EventCard event={withMyChange(event)} priority={i === 0} />
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
