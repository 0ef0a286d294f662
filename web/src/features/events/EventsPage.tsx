import { useSearchParams } from 'react-router';
import { Skeleton } from '@/components/Skeleton';
import { useDocumentTitle } from '@/lib/documentTitle';
import { useEventList } from '@/api/useEvents';
import { EventCard, EventRow } from '@/components/EventCard';
import { ListViewToggle, useListView, type ListView } from './listView';
import { withMyChange } from '@/lib/myRegistrations';
import { LoadFailed } from '@/components/ListStatus';
import { SearchBar } from './SearchBar';
import { distanceKm, distanceText, isSearching, searchOf, searchQuery, type Search } from '@/lib/eventSearch';
import { useT } from '@/i18n/react';

export default function EventsPage() {
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  const [view, setView] = useListView();
  const t = useT();
  useDocumentTitle(t('events.pageTitle'));

  return (
    <div className="page">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('events.heading')}</h1>
        <ListViewToggle view={view} onChange={setView} />
      </div>
      <SearchBar search={search} onChange={(next) => setParams(new URLSearchParams(searchQuery(next)), { replace: true })} />
      {/* A new search starts a new list (its own pages). */}
      <EventList key={searchQuery(search)} search={search} view={view} clear={() => setParams(new URLSearchParams(), { replace: true })} />
    </div>
  );
}

function EventList({ search, view, clear }: { search: Search; view: ListView; clear: () => void }) {
  const t = useT();
  const { status, events, hasMore, loadingMore, loadMore, retry } = useEventList(search);
  const searching = isSearching(search);
  return (
    <>
      {status === 'loading' && <Skeleton label={t('events.loading')} shape={view === 'cards' ? 'cards' : 'rows'} count={view === 'cards' ? 3 : 5} />}
      {status === 'error' && <LoadFailed what={t('events.loadFailedWhat')} retry={retry} />}
      {status === 'ready' && events.length === 0 && !searching && (
        <p className="card text-center text-slate-700">{t('events.noneUpcoming')}</p>
      )}
      {status === 'ready' && events.length === 0 && searching && (
        <div className="card text-center text-slate-700">
          <p className="font-medium text-slate-900">{t('events.noMatch')}</p>
          <p className="mt-1">{t('events.noMatchHint')}</p>
          <button type="button" className="btn-secondary mt-4" onClick={clear}>
            {t('events.showAll')}
          </button>
        </div>
      )}
      {status === 'ready' && events.length > 0 && (
        <>
          <ul className={view === 'cards' ? 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-3'}>
            {events.map((event, i) => {
              const km = distanceKm(search.near, event.latitude, event.longitude);
              const Item = view === 'cards' ? EventCard : EventRow;
              return (
                <li key={event.id} className="min-w-0">
                  <Item event={withMyChange(event)} priority={i === 0} distance={km === null ? undefined : distanceText(km)} />
                </li>
              );
            })}
          </ul>
          {hasMore && (
            <div className="mt-8 text-center">
              <button type="button" className="btn-secondary" disabled={loadingMore} onClick={loadMore}>
                {loadingMore ? t('events.loadingMore') : t('events.loadMore')}
              </button>
            </div>
          )}
        </>
      )}
    </>
  );
}
