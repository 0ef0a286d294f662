import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { AxiosResponse } from 'axios';

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
  retry: () => void;
  // Appends the next page; null when there is none.
  more: (() => Promise<void>) | null;
  loadingMore: boolean;
}

// A paged list loaded from the API: its first page reloaded when `key`
// changes or on retry, further pages on `more`; a failure is logged and
// told with failureMessage.
export function useRemoteList<T extends { id: string }>(
  load: (after?: string) => Promise<ListPage<T>>,
  failureMessage: string,
  key: string,
): RemoteList<T> {
  const [status, setStatus] = useState<RemoteList<T>['status']>('loading');
  const [items, setItems] = useState<T[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setStatus('loading');
    load()
      .then((page) => {
        if (!current) return;
        setItems(page.items);
        setNext(page.next);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error(failureMessage, error);
        toast.error(failureMessage);
        setStatus('error');
      });
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render; `key` says when it changes.
  }, [key, attempt]);

  async function loadNext(after: string) {
    setLoadingMore(true);
    try {
      const page = await load(after);
      setItems((shown) => [...shown, ...page.items.filter((item) => !shown.some((s) => s.id === item.id))]);
      setNext(page.next);
    } catch (error) {
      console.error(failureMessage, error);
      toast.error(failureMessage);
    } finally {
      setLoadingMore(false);
    }
  }

  const remove = useCallback((id: string) => setItems((shown) => shown.filter((item) => item.id !== id)), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, items, remove, retry, more: next ? () => loadNext(next) : null, loadingMore };
}
