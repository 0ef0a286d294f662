import { prefetchQuery } from '@/lib/query';
import { useRemoteList, type ListPage } from '@/lib/useRemoteList';
import type { TurnoutEvent } from '@/types/api';
import { listPublicEvents } from './api';

// The public list's first page in the shared cache.
const LIST_KEY = 'events:public';

// A cached first page older than this is shown and loaded again: seats
// change.
const FRESH_MS = 10_000;

async function publicPage(after?: string): Promise<ListPage<TurnoutEvent>> {
  const page = await listPublicEvents(after);
  return { items: page.events, next: page.next };
}

// The first page of the public list, requested together with the events
// route's code (src/app/router.tsx) rather than after the page commits; the
// list takes it from the cache.
export function prefetchEventList(): void {
  prefetchQuery(LIST_KEY, () => publicPage());
}

export interface EventList {
  status: 'loading' | 'ready' | 'error';
  events: TurnoutEvent[];
  // Whether the server has a further page.
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

// The public list of upcoming events, a page at a time. A failed first page
// is logged and shown by the page; a failed further page is toasted.
export function useEventList(): EventList {
  const list = useRemoteList(LIST_KEY, publicPage, {
    logLabel: 'load events',
    moreFailureMessage: 'Failed to load more events. Please try again.',
    staleAfterMs: FRESH_MS,
  });
  return {
    status: list.status,
    events: list.items,
    hasMore: list.more !== null,
    loadingMore: list.loadingMore,
    loadMore: () => void list.more?.(),
    retry: list.retry,
  };
}
