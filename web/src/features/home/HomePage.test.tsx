import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { currentLocation, renderApp } from '@/test/render';

describe('HomePage', () => {
  it('shows the hero and the four benefits', async () => {
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Discover and Join Amazing Events' })).toBeInTheDocument();
    const benefits = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(benefits).toEqual(['Variety of Events', 'Easy Registration', 'Verified Organizations', 'Event Reminders']);
    for (const item of within(screen.getByRole('list')).getAllByRole('listitem')) expect(item).toHaveClass('card');
  });

  it('leads to the events with Browse Events', async () => {
    server.use(http.get(apiUrl('/event/public/'), () => HttpResponse.json([])));
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Browse Events' }));
    await waitFor(() => expect(currentLocation()).toBe('/events'));
    expect(await screen.findByRole('heading', { name: 'Upcoming Events' })).toBeInTheDocument();
  });
});
