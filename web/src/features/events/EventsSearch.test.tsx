import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '@/i18n/i18n';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { currentLocation, renderApp } from '@/test/render';
import { eventDefaults } from '@/test/fixtures';
import type { TurnoutEvent } from '@/types/api';
import { eventTimeRange } from '@/lib/time';
import { apiSearchParams, dateRange, isoDay, type Search } from '@/lib/eventSearch';

// A search's query as the API gets it (dates as the visitor's days).
const apiQuery = (search: Search) => new URLSearchParams(apiSearchParams(search)).toString();

const inDays = (days: number, hours = 0) => new Date(Date.now() + (days * 24 + hours) * 3600_000).toISOString();

const walk: TurnoutEvent = {
  ...eventDefaults,
  id: '01J0000000000000000000WALK',
  title: 'Night Photography Walk',
  description: 'Cameras and tripods.',
  language: 'pt-BR',
  location: 'Old Town',
  start_time: inDays(3),
  end_time: inDays(3, 2),
  capacity: 20,
  seats_left: 5,
  time_zone: 'Asia/Tokyo',
  banner: null,
  banner_url: null,
  organization: { id: 'org-1', name: 'Lens Club', logo_url: null },
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
    await waitFor(() => expect(asked).toContain(apiQuery({ q: 'karaoke', ...week })));
    expect(currentLocation()).toBe(`/events?q=karaoke&from=${week.from}&to=${week.to}`);
    expect(screen.getByRole('button', { name: 'Next 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Music');
    await waitFor(() => expect(asked).toContain(apiQuery({ q: 'karaoke', ...week, category: 'music' })));

    await user.click(screen.getByRole('button', { name: 'Show all events' }));
    await waitFor(() => expect(currentLocation()).toBe('/events'));
    expect(await screen.findByText(walk.title)).toBeInTheDocument();
  });

  it('filters by the language events are held in, each named in the language shown', async () => {
    const asked = serveSearch();
    const { user } = renderApp('/events');
    await screen.findByText(walk.title);
    const language = screen.getByRole('combobox', { name: 'Event language' });
    expect(within(language).getByRole('option', { name: 'All languages' })).toBeInTheDocument();
    await user.selectOptions(language, 'Portuguese');
    await waitFor(() => expect(asked).toContain('lang=pt'));
    expect(currentLocation()).toBe('/events?lang=pt');

    // A card says the language its event is held in.
    expect(await screen.findByText('In Brazilian Portuguese')).toBeInTheDocument();

    await act(() => changeLanguage('de'));
    expect(screen.getByRole('combobox', { name: 'Sprache der Veranstaltung' })).toHaveDisplayValue('Portugiesisch');
    expect(screen.getByText('Auf Portugiesisch (Brasilien)')).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Kategorie' })).getByRole('option', { name: 'Musik' })).toBeInTheDocument();
  });

  it('picks custom dates', async () => {
    const asked = serveSearch();
    const { user } = renderApp('/events');
    await screen.findByText(walk.title);
    await user.click(screen.getByRole('button', { name: 'Pick dates' }));
    const from = isoDay(new Date(Date.now() + 2 * 86400_000));
    await user.type(screen.getByLabelText('From'), from);
    await waitFor(() => expect(asked).toContain(apiQuery({ from })));
  });

  it('suggests the cities of events as the visitor types one', async () => {
    const asked = serveSearch();
    const prefixes: string[] = [];
    server.use(
      http.get(apiUrl('/event/public/cities/'), ({ request }) => {
        prefixes.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json(['Lyon', 'Lyons-la-Forêt']);
      }),
    );
    const { user } = renderApp('/events');
    await screen.findByText(walk.title);
    const city = screen.getByRole('combobox', { name: 'City' });
    await user.type(city, 'Ly');

    const suggestions = document.getElementById(city.getAttribute('list')!)!;
    await waitFor(() => expect(Array.from(suggestions.querySelectorAll('option'), (o) => o.value)).toEqual(['Lyon', 'Lyons-la-Forêt']));
    expect(prefixes).toEqual(['Ly']);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked).toContain('city=Ly'));
  });

  it('near the visitor, tells each event’s distance and lets them choose how far', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/event/public/'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.toString());
        return HttpResponse.json([{ ...walk, latitude: 45.75, longitude: 4.85 }, { ...walk, id: '01J00000000000000000000NOPT', title: 'No Point' }]);
      }),
    );
    const { user } = renderApp('/events?near=45.7640,4.8357&radius_km=25');

    const card = (await screen.findByRole('heading', { name: walk.title })).closest('article')!;
    expect(card).toHaveTextContent('1.9 km away');
    expect(screen.getByRole('heading', { name: 'No Point' }).closest('article')).not.toHaveTextContent('away');
    expect(screen.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'true');
    const distance = screen.getByRole('combobox', { name: 'Distance' });
    expect(distance).toHaveValue('25');

    await user.selectOptions(distance, 'Within 10 km');
    await waitFor(() => expect(currentLocation()).toBe('/events?near=45.7640%2C4.8357&radius_km=10'));
    await waitFor(() => expect(asked).toContain('near=45.7640%2C4.8357&radius_km=10'));
  });

  it('keeps the distance of a shared link among the choices', async () => {
    serveSearch();
    renderApp('/events?near=45.7640,4.8357&radius_km=7');
    await screen.findByRole('heading', { name: walk.title });
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('7');
    expect(screen.getByRole('option', { name: 'Within 7 km' })).toBeInTheDocument();
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
