import { useCallback, useState } from 'react';
import type { AxiosResponse } from 'axios';
import { invalidateQuery, updateQueryData, useQuery } from '@/lib/query';
import { toastError } from '@/lib/toasts';
import { t } from '@/i18n/i18n';

// One page of a list the API pages with limit/after (docs/api.md).
export interface ListPage<T> {
  items: T[];
  // Cursor of the next page, when there is one (header X-Next-Page).
  next: string | null;
}

export function pageOf<T>(response: AxiosResponse<T[]>): ListPage<T> {
  const next: unknown = response.headers['x-next-page'];
  return { items: response.data, next: typeof next === 'string' && next !== '' ? next : null };
}

export interface RemoteList<T> {
  status: 'loading' | 'ready' | 'error';
  items: T[];
  // Drops an item the server has just deleted, without reloading.
  remove: (id: string) => void;
  // Shows an item's new state the server has just answered, in its place.
  replace: (item: T) => void;
  // Puts an item the server has just made at the top.
  prepend: (item: T) => void;
  // Loads the first page again (what shows stays until it comes) and
  // drops the pages after it.
  refresh: () => void;
  retry: () => void;
  // Appends the next page; null when there is none.
  more: (() => Promise<void>) | null;
  loadingMore: boolean;
}

export interface RemoteListOptions {
  // Toasted (and logged) when the first page fails, and by default when a
  // further page does; without it a first failure is only logged, with
  // logLabel (the screen says it).
  failureMessage?: string;
  logLabel?: string;
  moreFailureMessage?: string;
  // See QueryOptions.staleAfterMs (default: reload on every visit).
  staleAfterMs?: number;
}

// A paged list loaded from the API: its first page through the shared
// cache under key (shown at once when cached, and reloaded when older than
// staleAfterMs), further pages on `more`, kept by the component.
export function useRemoteList<T extends { id: string }>(
  key: string,
  load: (after?: string) => Promise<ListPage<T>>,
  options: RemoteListOptions,
): RemoteList<T> {
  const { failureMessage, staleAfterMs = 0 } = options;
  const logLabel = options.logLabel ?? failureMessage ?? `load ${key}`;
  const moreFailureMessage = options.moreFailureMessage ?? failureMessage;
  const first = useQuery(key, () => load(), {
    staleAfterMs,
    onError: (error) => {
      console.error(logLabel, error);
      if (failureMessage) toastError(failureMessage);
    },
  });
  // The pages after the first, and what the component removed.
  const [later, setLater] = useState<ListPage<T> | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const items = first.status === 'ready' ? uniqueById([...first.data.items, ...(later?.items ?? [])]) : [];
  const next = later ? later.next : first.status === 'ready' ? first.data.next : null;

  async function loadNext(after: string) {
    setLoadingMore(true);
    try {
      const page = await load(after);
      setLater((shown) => ({ items: [...(shown?.items ?? []), ...page.items], next: page.next }));
    } catch (error) {
      // The generic words in the language shown when it failed.
      const message = moreFailureMessage ?? t('shared.list.loadMoreFailed');
      console.error(message, error);
      toastError(message);
    } finally {
      setLoadingMore(false);
    }
  }

  // Changes the items shown, in the cached first page and the later ones.
  const edit = useCallback(
    (change: (items: T[]) => T[]) => {
      updateQueryData<ListPage<T>>(key, (page) => ({ ...page, items: change(page.items) }));
      setLater((shown) => shown && { ...shown, items: change(shown.items) });
    },
    [key],
  );
  const remove = useCallback((id: string) => edit((shown) => shown.filter((item) => item.id !== id)), [edit]);
  const replace = useCallback((item: T) => edit((shown) => shown.map((old) => (old.id === item.id ? item : old))), [edit]);
  const prepend = useCallback((item: T) => updateQueryData<ListPage<T>>(key, (page) => ({ ...page, items: [item, ...page.items] })), [key]);
  const refresh = useCallback(() => {
    setLater(null);
    invalidateQuery(key);
  }, [key]);
  const { retry } = first;
  return { status: first.status, items, remove, replace, prepend, refresh, retry, more: next ? () => loadNext(next) : null, loadingMore };
}

// A page boundary can move while a list changes; each item shows once.
function uniqueById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}
