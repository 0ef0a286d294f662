import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';

// A route asks for its data as its code starts loading (src/app/router.tsx).
// On a loaded machine that code can arrive after the test that opened the
// route has ended; its request must still be answered within that test,
// never land in a later one (where no handler waits for it).
const pageCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('@/features/events/EventsPage', async (importOriginal) => {
  await pageCode.arrived;
  return importOriginal();
});

let answered = 0;

describe("a route's prefetch", () => {
  it('is sent for a page left before its code arrived', () => {
    server.use(
      http.get(apiUrl('/event/public/'), () => {
        answered += 1;
        return HttpResponse.json([]);
      }),
    );
    renderApp('/events');
    // The code arrives once this test has ended.
    setTimeout(pageCode.arrive, 50);
  });

  it('was answered by the test that opened the route', () => {
    expect(answered).toBe(1);
  });
});
