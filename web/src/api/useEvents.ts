// The public list of events, its categories and its cities, shared by the
// screens that show events (the events page, the home page, the event form).
import { prefetchQuery, useQuery } from '@/lib/query';
import { useRemoteList, type ListPage } from '@/lib/useRemoteList';
import type { TurnoutEvent } from '@/types/api';
import { useSuggestions } from '@/lib/useSuggestions';
import { getEvent, listCategories, listPublicEvents, suggestCities, type Category } from './publicEvents';
import { eventFromState } from '@/lib/eventInfo';
import { isSearching, searchOf, searchQuery, type Search } from '@/lib/eventSearch';
import { t } from '@/i18n/i18n';
import { useT } from '@/i18n/react';
import type { MessageId } from '@/i18n/ids';

// The public list's first page in the shared cache; a search's under its
// query.
const LIST_KEY = 'events:public';
const listKey = (search: Search) => (isSearching(search) ? `${LIST_KEY}?${searchQuery(search)}` : LIST_KEY);

// A cached first page older than this is shown and loaded again: seats
// change.
const FRESH_MS = 10_000;

// A search page may end short where the server stopped reading, with a
// cursor to go on (docs/api.md); an empty one is followed at once, up to
// this many times, so "no events match" is said only when none do.
const EMPTY_PAGES_FOLLOWED = 3;

async function publicPage(search: Search, after?: string): Promise<ListPage<TurnoutEvent>> {
  let page = await listPublicEvents(after, search);
  for (let followed = 0; page.events.length === 0 && page.next && followed < EMPTY_PAGES_FOLLOWED; followed++) {
    page = await listPublicEvents(page.next, search);
  }
  return { items: page.events, next: page.next };
}

// The first page of the public list (or of the search in the address),
// requested together with the events route's code (src/app/router.tsx)
// rather than after the page commits; the list takes it from the cache.
export function prefetchEventList(): Promise<void> {
  const search = searchOf(new URLSearchParams(window.location.search));
  return prefetchQuery(listKey(search), () => publicPage(search));
}

// One event's public detail in the shared cache (a private one's by its
// invite code too).
const eventKey = (id: string, invite = '') => `event:${id}${invite ? `:${invite}` : ''}`;

// The event a shared link (?id=) names, requested together with the event
// page's code (src/app/router.tsx) rather than after the page commits. An
// event the list handed over in navigation state needs no request.
export function prefetchEvent(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  const id = query.get('id');
  const invite = query.get('invite') ?? '';
  const state: unknown = (window.history.state as { usr?: unknown } | null)?.usr;
  if (!id || eventFromState(state)) return Promise.resolve();
  return prefetchQuery(eventKey(id, invite), () => getEvent(id, invite));
}

// The public detail of event id (with a private one's invite code).
export function useEvent(id: string, invite = '') {
  return useQuery(eventKey(id, invite), () => getEvent(id, invite), { onError: (error) => console.error('load event', error) });
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

// The public list of upcoming events, or the events search finds, a page
// at a time. A failed first page is logged and shown by the page; a failed
// further page is toasted. (Its user remounts it when search changes.)
export function useEventList(search: Search = {}): EventList {
  const list = useRemoteList(listKey(search), (after?: string) => publicPage(search, after), {
    logLabel: 'load events',
    moreFailureMessage: t('common.loadMoreEventsFailed'),
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

// The names of the API's categories in the language shown (the API names
// them in English; a category it adds later shows its English name).
const CATEGORY_NAMES: Record<string, MessageId> = {
  music: 'shared.category.music',
  sports: 'shared.category.sports',
  tech: 'shared.category.tech',
  arts: 'shared.category.arts',
  food: 'shared.category.food',
  community: 'shared.category.community',
  education: 'shared.category.education',
  business: 'shared.category.business',
  outdoors: 'shared.category.outdoors',
  other: 'shared.category.other',
};

// The kinds of event, for the filters and the event form (they change
// only with a deploy, so once per visit), named in the language shown.
export function useCategories(): Category[] {
  const t = useT();
  const query = useQuery('event-categories', listCategories, { onError: (error) => console.error('load categories', error) });
  if (query.status !== 'ready') return [];
  return query.data.map((c) => {
    const name = CATEGORY_NAMES[c.id];
    return name ? { ...c, name: t(name) } : c;
  });
}

// Cities of events that begin with what the person is typing, for a city
// field's suggestions; typing: whether they have typed in it.
export function useCitySuggestions(prefix: string, typing: boolean): string[] {
  return useSuggestions(prefix, typing, suggestCities);
}
