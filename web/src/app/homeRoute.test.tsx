import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';
import { upcomingEvent } from '@/test/fixtures';

// The home page's code arrives only when the test lets it.
const pageCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('@/features/home/HomePage', async (importOriginal) => {
  await pageCode.arrived;
  return importOriginal();
});

describe('the home route', () => {
  it('asks for the upcoming events while its code is still loading, and shows that answer', async () => {
    let requests = 0;
    server.use(
      http.get(apiUrl('/event/public/'), () => {
        requests += 1;
        return HttpResponse.json([upcomingEvent]);
      }),
    );
    renderApp('/');

    await waitFor(() => expect(requests).toBe(1), { timeout: 2000 });
    expect(screen.queryByRole('heading', { name: 'Discover and Join Amazing Events' })).not.toBeInTheDocument();

    pageCode.arrive();
    expect(await screen.findByRole('heading', { name: 'Jazz in the Park' })).toBeInTheDocument();
    expect(requests).toBe(1);
  });
});
