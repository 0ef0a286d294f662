import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';
import type { TurnoutEvent } from '@/types/api';

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

const jazz: TurnoutEvent = {
  id: '01J0000000000000000000JAZZ',
  title: 'Jazz in the Park',
  description: 'An evening of live jazz under the trees.',
  location: 'Riverside Park',
  start_time: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  end_time: new Date(Date.now() + 3 * 86_400_000 + 3 * 3_600_000).toISOString(),
  capacity: 120,
  seats_left: 42,
  banner: null,
  banner_url: null,
  organization: { id: 'org-1', name: 'City Lights' },
};

describe('the /events route', () => {
  it('asks for the list while its code is still loading, and uses that answer', async () => {
    let requests = 0;
    server.use(
      http.get(apiUrl('/event/public/'), () => {
        requests += 1;
        return HttpResponse.json([jazz]);
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
