import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';

describe('Layout', () => {
  it("moves focus to the new page's heading after a navigation, and names the page", async () => {
    server.use(http.get(apiUrl('/event/public/'), () => HttpResponse.json([])));
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Discover and Join Amazing Events' });
    await waitFor(() => expect(document.title).toBe('Turnout'));

    await user.click(screen.getByRole('button', { name: 'Browse Events' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Upcoming Events' });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(document.title).toBe('Events · Turnout'));
  });

  it('leaves focus alone on the first load', async () => {
    server.use(http.get(apiUrl('/event/public/'), () => HttpResponse.json([])));
    renderApp('/events');
    await screen.findByRole('heading', { level: 1, name: 'Upcoming Events' });
    expect(document.body).toHaveFocus();
  });
});
