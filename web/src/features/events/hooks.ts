import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { TurnoutEvent } from '@/types/api';
import { listPublicEvents, type EventPage } from './api';

// The first page of the public list, requested together with the events
// route's code (src/app/router.tsx) rather than after the page commits.
// The list hook takes it once; later visits load afresh, and so does a
// visit that comes long after the request (the visitor left before the
// page showed): seats change.
const PREFETCH_FRESH_MS = 10_000;
let prefetched: { page: Promise<EventPage>; at: number } | null = null;

export function prefetchEventList(): void {
  if (prefetched) return;
  prefetched = { page: listPublicEvents(), at: Date.now() };
  // Its failure is the hook's to report; this only keeps it from being
  // an unhandled rejection should the page never mount.
  prefetched.page.catch(() => {});
}

function firstPage(): Promise<EventPage> {
  const fresh = prefetched && Date.now() - prefetched.at < PREFETCH_FRESH_MS ? prefetched.page : null;
  prefetched = null;
  return fresh ?? listPublicEvents();
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

// The public list of upcoming events, a page at a time.
export function useEventList(): EventList {
  const [events, setEvents] = useState<TurnoutEvent[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [status, setStatus] = useState<EventList['status']>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setStatus('loading');
    firstPage()
      .then((page) => {
        if (!current) return;
        setEvents(page.events);
        setNext(page.next);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error('load events', error);
        setStatus('error');
      });
    return () => {
      current = false;
    };
  }, [attempt]);

  const loadMore = useCallback(() => {
    if (!next) return;
    setLoadingMore(true);
    listPublicEvents(next)
      .then((page) => {
        // A page boundary can move while events fill up; skip repeats.
        setEvents((shown) => [...shown, ...page.events.filter((e) => !shown.some((s) => s.id === e.id))]);
        setNext(page.next);
      })
      .catch((error: unknown) => {
        console.error('load more events', error);
        toast.error('Failed to load more events. Please try again.');
      })
      .finally(() => setLoadingMore(false));
  }, [next]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, events, hasMore: next !== null, loadingMore, loadMore, retry };
}
