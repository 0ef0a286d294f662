import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';
import { upcomingEvent } from '@/test/fixtures';

// The event page's code arrives only when the test lets it.
const pageCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('@/features/events/EventDetailPage', async (importOriginal) => {
  await pageCode.arrived;
  return importOriginal();
});

describe('the event route, opened by its shared link', () => {
  it('asks for the event while its code is still loading, and shows that answer', async () => {
    let requests = 0;
    server.use(
      http.get(apiUrl(`/event/detail/${upcomingEvent.id}/`), () => {
        requests += 1;
        return HttpResponse.json(upcomingEvent);
      }),
    );
    // What the browser's address says; the routes here run in memory.
    const path = `/event/detail?id=${upcomingEvent.id}`;
    window.history.replaceState(null, '', path);
    onTestFinished(() => window.history.replaceState(null, '', '/'));
    renderApp(path);

    await waitFor(() => expect(requests).toBe(1), { timeout: 2000 });
    expect(screen.queryByRole('heading', { name: 'Jazz in the Park' })).not.toBeInTheDocument();

    pageCode.arrive();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jazz in the Park' })).toBeInTheDocument();
    expect(requests).toBe(1);
  });
});
