// The app's one way to load data: a small cache, keyed by a string, that
// every component reads through useQuery. Components asking for the same
// key share one request and one answer; a change made elsewhere refetches
// (invalidateQuery) or sets (setQueryData) what they show; logging out
// forgets everything (clearQueries). No component keeps its own
// cancel-on-unmount flags: answers land in the cache, and the cache tells
// whoever is still listening.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { onLoginStatusChange } from '@/lib/storage';
import { keepUntilSettled } from '@/lib/underWay';

export type Snapshot<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

interface Entry {
  snapshot: Snapshot<unknown>;
  // When the data was last loaded (ms since the epoch).
  at: number;
  load: () => Promise<unknown>;
  inFlight: Promise<void> | null;
  listeners: Set<() => void>;
}

const entries = new Map<string, Entry>();

function publish(entry: Entry, snapshot: Snapshot<unknown>) {
  entry.snapshot = snapshot;
  for (const listener of entry.listeners) listener();
}

// Loads the entry's data unless a load is already under way.
function fetchEntry(entry: Entry): Promise<void> {
  if (!entry.inFlight) {
    entry.inFlight = entry
      .load()
      .then(
        (data) => {
          entry.at = Date.now();
          publish(entry, { status: 'ready', data });
        },
        (error: unknown) => publish(entry, { status: 'error', error }),
      )
      .finally(() => {
        entry.inFlight = null;
      });
    keepUntilSettled(entry.inFlight);
  }
  return entry.inFlight;
}

function entryFor(key: string, load: () => Promise<unknown>): Entry {
  let entry = entries.get(key);
  if (!entry) {
    entry = { snapshot: { status: 'loading' }, at: 0, load, inFlight: null, listeners: new Set() };
    entries.set(key, entry);
    void fetchEntry(entry);
  }
  // The newest closure loads next time (it may capture newer arguments).
  entry.load = load;
  return entry;
}

export interface QueryOptions {
  // Called once per failure seen by this component (e.g. to log it).
  onError?: (error: unknown) => void;
  // A component that mounts on data older than this shows it and loads it
  // again (lists whose seats or items change elsewhere); without it the
  // data stays until invalidated.
  staleAfterMs?: number;
}

// Starts loading key before any component asks (a route's data requested
// alongside its code). Resolves when what key holds is loaded.
export function prefetchQuery(key: string, load: () => Promise<unknown>): Promise<void> {
  return entryFor(key, load).inFlight ?? Promise.resolve();
}

// What key holds, loading it with load the first time anyone asks.
// retry loads it again after a failure.
export function useQuery<T>(key: string, load: () => Promise<T>, options: QueryOptions = {}): Snapshot<T> & { retry: () => void } {
  const entry = entryFor(key, load);
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [entry],
  );
  const snapshot = useSyncExternalStore(subscribe, () => entry.snapshot) as Snapshot<T>;
  const { onError, staleAfterMs } = options;
  useEffect(() => {
    if (snapshot.status === 'error') onError?.(snapshot.error);
    // Once per failure: the snapshot object changes with each.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- not again for a new onError function
  }, [snapshot]);
  useEffect(() => {
    if (staleAfterMs !== undefined && entry.snapshot.status === 'ready' && Date.now() - entry.at > staleAfterMs) void fetchEntry(entry);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- checked when the screen takes the entry, not on each render
  }, [entry]);
  const retry = useCallback(() => {
    publish(entry, { status: 'loading' });
    void fetchEntry(entry);
  }, [entry]);
  return { ...snapshot, retry };
}

// Loads key again for whoever shows it (keeping what they see until the
// answer comes), or forgets it when nobody does.
export function invalidateQuery(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  if (entry.listeners.size === 0) entries.delete(key);
  else void fetchEntry(entry);
}

// Sets what key holds, without a request (after a change the app made
// itself: it knows the answer).
export function setQueryData<T>(key: string, data: T): void {
  const entry = entries.get(key);
  if (entry) publish(entry, { status: 'ready', data });
}

// Changes what key holds from what it holds now, when loaded: changes
// made one after another (before a render) each see the one before.
export function updateQueryData<T>(key: string, change: (data: T) => T): void {
  const entry = entries.get(key);
  if (entry?.snapshot.status === 'ready') publish(entry, { status: 'ready', data: change(entry.snapshot.data as T) });
}

// Forgets everything when the account changes (log in, log out, another
// tab): what is on screen loads again for whoever is signed in now, or for
// a visitor (a public list stays alive when another tab logs out; an
// account's call, which the account client does not send without a
// session, fails at once while its screen leaves), the rest is dropped.
export function clearQueries(): void {
  for (const [key, entry] of [...entries]) {
    if (entry.listeners.size === 0) {
      entries.delete(key);
      continue;
    }
    publish(entry, { status: 'loading' });
    void fetchEntry(entry);
  }
}

onLoginStatusChange(clearQueries);
