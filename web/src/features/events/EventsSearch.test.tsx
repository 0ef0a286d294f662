import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { currentLocation, renderApp } from '@/test/render';
import type { TurnoutEvent } from '@/types/api';
import { eventTimeRange } from '@/lib/time';
import { dateRange, isoDay } from './search';

const inDays = (days: number, hours = 0) => new Date(Date.now() + (days * 24 + hours) * 3600_000).toISOString();

const walk: TurnoutEvent = {
  id: '01J0000000000000000000WALK',
  title: 'Night Photography Walk',
  description: 'Cameras and tripods.',
  location: 'Old Town',
  start_time: inDays(3),
  end_time: inDays(3, 2),
  capacity: 20,
  seats_left: 5,
  time_zone: 'Asia/Tokyo',
  banner: null,
  banner_url: null,
  organization: { id: 'org-1', name: 'Lens Club' },
};

// Answers the public list, recording the query of each request; a search
// finds the walk when its words are in its title.
function serveSearch() {
  const asked: string[] = [];
  server.use(
    http.get(apiUrl('/event/public/'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params.toString());
      const q = (params.get('q') ?? '').toLowerCase();
      const found = q.split(/\s+/).every((w) => walk.title.toLowerCase().includes(w)) ? [walk] : [];
      return HttpResponse.json(found);
    }),
  );
  return asked;
}

describe('searching events', () => {
  it('searches by words, keeps the search in the address and shows times in the event’s zone', async () => {
    const asked = serveSearch();
    const { user } = renderApp('/events');
    await screen.findByText(walk.title);

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'photo wal');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(currentLocation()).toBe('/events?q=photo+wal'));
    await waitFor(() => expect(asked).toContain('q=photo+wal'));
    const card = (await screen.findByRole('heading', { name: walk.title })).closest('article')!;
    expect(card).toHaveTextContent(eventTimeRange(walk.start_time, walk.end_time, 'Asia/Tokyo').replace(/\s+/g, ' '));
  });

  it('filters by date chips and category, and says how to widen an empty search', async () => {
    const asked = serveSearch();
    const { user } = renderApp('/events?q=karaoke');
    expect(await screen.findByText('No events match your search.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('karaoke');

    await user.click(screen.getByRole('button', { name: 'Next 7 days' }));
    const week = dateRange('week');
    await waitFor(() => expect(asked).toContain(`q=karaoke&from=${week.from}&to=${week.to}`));
    expect(screen.getByRole('button', { name: 'Next 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Music');
    await waitFor(() => expect(asked).toContain(`q=karaoke&from=${week.from}&to=${week.to}&category=music`));

    await user.click(screen.getByRole('button', { name: 'Show all events' }));
    await waitFor(() => expect(currentLocation()).toBe('/events'));
    expect(await screen.findByText(walk.title)).toBeInTheDocument();
  });

  it('picks custom dates', async () => {
    const asked = serveSearch();
    const { user } = renderApp('/events');
    await screen.findByText(walk.title);
    await user.click(screen.getByRole('button', { name: 'Pick dates' }));
    const from = isoDay(new Date(Date.now() + 2 * 86400_000));
    await user.type(screen.getByLabelText('From'), from);
    await waitFor(() => expect(asked).toContain(`from=${from}`));
  });

  it('searches from the home page', async () => {
    const asked = serveSearch();
    const { user } = renderApp('/');
    const form = await screen.findByRole('search');
    await user.type(within(form).getByRole('searchbox', { name: 'Search events' }), 'night walk');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentLocation()).toBe('/events?q=night+walk'));
    await waitFor(() => expect(asked).toContain('q=night+walk'));
  });
});
