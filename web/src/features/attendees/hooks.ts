import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { invalidateQuery, useQuery } from '@/lib/query';
import { listAttendees, type Attendee, type AttendeeFields, type AttendeesPage } from './api';

// The event the attendee screens are for: ?id= in the URL.
export function useEventIdParam(): string | null {
  return useSearchParams()[0].get('id');
}

export interface AttendeeList {
  status: 'loading' | 'ready' | 'error';
  page: AttendeesPage | null;
  attendees: Attendee[];
  retry: () => void;
  more: (() => Promise<void>) | null;
  loadingMore: boolean;
  // Shows an attendee's new state (a check-in) without reloading; what
  // the change did not send (their answers) stays as listed.
  replace: (a: AttendeeFields) => void;
  // Loads the list and its counts again (keeping replaced attendees).
  reload: () => void;
}

// The attendees of eventId matching query: the first page through the
// shared cache, further pages kept here.
export function useAttendeeList(eventId: string, query: string): AttendeeList {
  const key = `attendees:${eventId}:${query}`;
  const first = useQuery(key, () => listAttendees(eventId, query), { onError: (error) => console.error('load attendees', error) });
  const [later, setLater] = useState<{ attendees: Attendee[]; next: string | null } | null>(null);
  const [changed, setChanged] = useState<Record<string, AttendeeFields>>({});
  const [loadingMore, setLoadingMore] = useState(false);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- another event or query starts from its first page
    setLater(null);
    setChanged({});
  }, [key]);

  const page = first.status === 'ready' ? first.data : null;
  const next = later ? later.next : (page?.next ?? null);
  const more = useCallback(async () => {
    if (!next) return;
    setLoadingMore(true);
    try {
      const got = await listAttendees(eventId, query, next);
      setLater((l) => ({ attendees: [...(l?.attendees ?? []), ...got.attendees], next: got.next }));
    } catch (error) {
      console.error('load more attendees', error);
    } finally {
      setLoadingMore(false);
    }
  }, [eventId, query, next]);
  const replace = useCallback((a: AttendeeFields) => setChanged((c) => ({ ...c, [a.registration_id]: a })), []);
  // What this screen changed stays shown over the reloaded answer.
  const reload = useCallback(() => {
    setLater(null);
    invalidateQuery(key);
  }, [key]);

  const attendees = [...(page?.attendees ?? []), ...(later?.attendees ?? [])].map((a) => ({ ...a, ...changed[a.registration_id] }));
  return {
    status: first.status,
    page,
    attendees,
    retry: first.retry,
    more: next ? more : null,
    loadingMore,
    replace,
    reload,
  };
}

