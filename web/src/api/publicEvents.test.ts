import { afterEach, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { getEvent, listPublicEvents } from './publicEvents';
import { session } from '@/lib/storage';
import { serverMessages, statusOf } from '@/lib/errors';
import { apiUrl, server } from '@/test/server';
import { upcomingEvent } from '@/test/fixtures';

afterEach(() => localStorage.clear());

// The edge caches public reads by page only: a signed-in visitor must send
// them without credentials so that they share the cached copy.
it('sends public reads without Authorization even when signed in', async () => {
  session.setTokens({ access: 'signed-in-access', refresh: 'signed-in-refresh' });
  const seen: (string | null)[] = [];
  server.use(
    http.get(apiUrl('/event/public/'), ({ request }) => {
      seen.push(request.headers.get('Authorization'));
      return HttpResponse.json([upcomingEvent]);
    }),
    http.get(apiUrl(`/event/detail/${upcomingEvent.id}/`), ({ request }) => {
      seen.push(request.headers.get('Authorization'));
      return HttpResponse.json(upcomingEvent);
    }),
  );
  await listPublicEvents();
  await getEvent(upcomingEvent.id);
  expect(seen).toEqual([null, null]);
});

it('throws a refusal with its status and body, as the other client does', async () => {
  server.use(http.get(apiUrl('/event/detail/E404/'), () => HttpResponse.json({ detail: 'Event not found.' }, { status: 404 })));
  const error: unknown = await getEvent('E404').catch((e: unknown) => e);
  expect(statusOf(error)).toBe(404);
  expect(serverMessages(error)).toEqual(['Event not found.']);
});
