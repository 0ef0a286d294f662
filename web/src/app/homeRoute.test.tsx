import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';
import { upcomingEvent } from '@/test/fixtures';

describe('the home route', () => {
  it('comes with the app: it shows at once and asks for the upcoming events once', async () => {
    let requests = 0;
    server.use(
      http.get(apiUrl('/event/public/'), () => {
        requests += 1;
        return HttpResponse.json([upcomingEvent]);
      }),
    );
    renderApp('/');

    // No code to wait for: the page is there on the first render.
    expect(screen.getByRole('heading', { name: 'Discover and Join Amazing Events' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Jazz in the Park' })).toBeInTheDocument();
    expect(requests).toBe(1);
  });
});
