import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';
import { upcomingEvent } from '@/test/fixtures';

// The events page's code arrives only when the test lets it.
const pageCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('@/features/events/EventsPage', async (importOriginal) => {
  await pageCode.arrived;
  return importOriginal();
});

describe('the /events route', () => {
  it('asks for the list while its code is still loading, and uses that answer', async () => {
    let requests = 0;
    server.use(
      http.get(apiUrl('/event/public/'), () => {
        requests += 1;
        return HttpResponse.json([upcomingEvent]);
      }),
    );
    renderApp('/events');

    // The request is out before the page's code has arrived.
    await waitFor(() => expect(requests).toBe(1), { timeout: 2000 });
    expect(screen.queryByRole('heading', { name: 'Upcoming Events' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    pageCode.arrive();
    expect(await screen.findByRole('heading', { name: 'Jazz in the Park' })).toBeInTheDocument();
    expect(requests).toBe(1);
  });
});
