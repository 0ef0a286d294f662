import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { upcomingEvent } from '@/test/fixtures';
import { prefetchEventList, useEventList } from './useEvents';

function countListRequests() {
  const counter = { requests: 0 };
  server.use(
    http.get(apiUrl('/event/public/'), () => {
      counter.requests += 1;
      return HttpResponse.json([upcomingEvent]);
    }),
  );
  return counter;
}

describe('useEventList', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the prefetched first page without asking again', async () => {
    const counter = countListRequests();
    prefetchEventList();
    const { result } = renderHook(() => useEventList());

    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.events).toEqual([upcomingEvent]);
    expect(counter.requests).toBe(1);
  });

  it('follows a search page that ended empty to the events after it', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/event/public/'), ({ request }) => {
        const after = new URL(request.url).searchParams.get('after');
        asked.push(after);
        return after === null
          ? HttpResponse.json([], { headers: { 'X-Next-Page': 'c1' } })
          : HttpResponse.json([upcomingEvent], { headers: { 'X-Next-Page': 'c2' } });
      }),
    );
    const { result } = renderHook(() => useEventList({ q: 'zephyr' }));

    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.events).toEqual([upcomingEvent]);
    expect(result.current.hasMore).toBe(true);
    expect(asked).toEqual([null, 'c1']);
  });

  it('asks again when the prefetched page has gone stale', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const counter = countListRequests();
    prefetchEventList();
    await waitFor(() => expect(counter.requests).toBe(1));

    vi.setSystemTime(Date.now() + 11_000);
    const { result } = renderHook(() => useEventList());

    // The stale page shows at once, and is asked for again.
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await waitFor(() => expect(counter.requests).toBe(2));
  });
});
