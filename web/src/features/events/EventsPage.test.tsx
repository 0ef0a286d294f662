import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { apiUrl, server } from '@/test/server';
import { currentLocation, renderApp } from '@/test/render';
import { eventDefaults } from '@/test/fixtures';
import type { TurnoutEvent } from '@/types/api';
import { eventTimeRange } from '@/lib/time';
import { changeLanguage } from '@/i18n/i18n';


const inDays = (days: number, hours = 0) => new Date(Date.now() + (days * 24 + hours) * 3600_000).toISOString();

function makeEvent(overrides: Partial<TurnoutEvent> = {}): TurnoutEvent {
  return {
    ...eventDefaults,
    id: '01J0000000000000000000JAZZ',
    title: 'Jazz in the Park',
    description: 'An evening of live jazz under the trees.',
    location: 'Riverside Park',
    start_time: inDays(3),
    end_time: inDays(3, 3),
    capacity: 120,
    seats_left: 42,
    banner: 'banners/jazz.png',
    banner_url: 'http://localhost:3000/media/banners/jazz.png',
    organization: { id: 'org-1', name: 'City Lights', logo_url: null },
    ...overrides,
  };
}

const jazz = makeEvent();
const poetry = makeEvent({
  id: '01J0000000000000000000POEM',
  title: 'Poetry Night',
  description: 'Open mic for poets.',
  location: 'Old Library',
  banner: null,
  banner_url: null,
  seats_left: 0,
});

function serveEvents(...pages: { events: TurnoutEvent[]; next?: string }[]) {
  const requests: URL[] = [];
  server.use(
    http.get(apiUrl('/event/public/'), async ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      // Slower than the page's code, so the loading state shows.
      await delay(300);
      const page = pages[requests.length - 1] ?? { events: [] };
      return HttpResponse.json(page.events, { headers: page.next ? { 'X-Next-Page': page.next } : {} });
    }),
  );
  return requests;
}

describe('EventsPage', () => {
  it('shows Loading Events, then every event with its details', async () => {
    const requests = serveEvents({ events: [jazz, poetry] });
    renderApp('/events');

    expect(await screen.findByRole('heading', { name: 'Upcoming Events' })).toBeInTheDocument();
    await screen.findByText('Loading Events');

    const items = await screen.findAllByRole('article');
    expect(items).toHaveLength(2);
    expect(screen.queryByText('Loading Events')).not.toBeInTheDocument();
    expect(requests[0]?.searchParams.has('after')).toBe(false);

    const first = within(items[0]!);
    expect(first.getByRole('heading', { name: 'Jazz in the Park' })).toBeInTheDocument();
    expect(first.getByText('An evening of live jazz under the trees.')).toBeInTheDocument();
    expect(first.getByText('Riverside Park')).toBeInTheDocument();
    expect(
      // The text as the matcher normalizes it (ICU puts thin spaces in times).
      first.getByText(eventTimeRange(jazz.start_time, jazz.end_time, jazz.time_zone).replace(/\s+/g, ' ')),
    ).toBeInTheDocument();
    expect(first.getByText('42 seats left')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Banner of Jazz in the Park' })).toHaveAttribute('src', jazz.banner_url);
    // A real link to the event's page (it opens in a new tab too), told apart by the title.
    const link = first.getByRole('link', { name: 'View Details' });
    expect(link).toHaveAttribute('href', `/event/detail?id=${jazz.id}`);
    expect(link).toHaveAccessibleDescription('Jazz in the Park');
    expect(first.getByText('By City Lights')).toBeInTheDocument();
  });

  it('says Loading Events to assistive technology while grey cards stand in for the list', async () => {
    serveEvents({ events: [jazz] });
    renderApp('/events');

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Loading Events');
    // The words are for screen readers; the cards' shapes are drawn instead.
    expect(within(status).getByText('Loading Events')).toHaveClass('sr-only');
    await screen.findByRole('article');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('switches to compact rows and back, each row still a link, and remembers the choice', async () => {
    const lisbon = makeEvent({ city: 'Lisbon' });
    serveEvents({ events: [lisbon, poetry] }, { events: [lisbon, poetry] });
    const { user, unmount } = renderApp('/events');

    await screen.findAllByRole('article');
    const cards = screen.getByRole('radio', { name: 'Cards' });
    const list = screen.getByRole('radio', { name: 'List' });
    expect(screen.getByRole('group', { name: 'Show events as' })).toBeInTheDocument();
    expect(cards).toBeChecked();
    expect(screen.getByRole('img', { name: 'Banner of Jazz in the Park' })).toBeInTheDocument();
    expect(screen.getByText('An evening of live jazz under the trees.')).toBeInTheDocument();

    await user.click(list);
    expect(list).toBeChecked();
    expect(cards).not.toBeChecked();
    const [row] = screen.getAllByRole('article');
    const item = within(row!);
    // A row: title, time, place · city, organizer and View Details, no description.
    expect(item.getByRole('heading', { name: 'Jazz in the Park' })).toBeInTheDocument();
    expect(item.getByText(eventTimeRange(lisbon.start_time, lisbon.end_time, lisbon.time_zone).replace(/\s+/g, ' '))).toBeInTheDocument();
    expect(item.getByText('Riverside Park · Lisbon')).toBeInTheDocument();
    expect(item.getByText('By City Lights')).toBeInTheDocument();
    expect(item.queryByText('An evening of live jazz under the trees.')).not.toBeInTheDocument();
    const link = item.getByRole('link', { name: 'View Details' });
    expect(link).toHaveAttribute('href', `/event/detail?id=${lisbon.id}`);
    expect(link).toHaveAccessibleDescription('Jazz in the Park');

    // Back on the page later, the list is still rows.
    unmount();
    renderApp('/events');
    await screen.findAllByRole('article');
    expect(screen.getByRole('radio', { name: 'List' })).toBeChecked();
    expect(screen.queryByText('An evening of live jazz under the trees.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Cards' }));
    expect(screen.getByText('An evening of live jazz under the trees.')).toBeInTheDocument();
  });

  it('shows No Image without a banner, and Full or Started when no seat can be had', async () => {
    const started = makeEvent({ id: 'started', title: 'Morning Run', start_time: inDays(0, -1), end_time: inDays(0, 1) });
    serveEvents({ events: [poetry, started] });
    renderApp('/events');

    const [full, running] = await screen.findAllByRole('article');
    expect(within(full!).getByText('No Image')).toBeInTheDocument();
    expect(within(full!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(full!).getByText('Full')).toBeInTheDocument();
    expect(within(running!).getByText('Started')).toBeInTheDocument();
  });

  it('opens the details of an event with the event in navigation state', async () => {
    serveEvents({ events: [jazz, poetry] });
    const { user } = renderApp('/events');

    const [, second] = await screen.findAllByRole('article');
    await user.click(within(second!).getByRole('link', { name: 'View Details' }));

    await waitFor(() => expect(currentLocation()).toBe(`/event/detail?id=${poetry.id}`));
    // No detail call is served: the page shows the event it was handed.
    expect(await screen.findByRole('heading', { level: 1, name: 'Poetry Night' })).toBeInTheDocument();
    expect(screen.getByText('Old Library')).toBeInTheDocument();
  });

  it('says so when there are no upcoming events', async () => {
    serveEvents({ events: [] });
    renderApp('/events');

    expect(await screen.findByText('No upcoming events right now. Check back soon!')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows an error with a way to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    server.use(
      http.get(apiUrl('/event/public/'), () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ detail: 'Service unavailable.' }, { status: 503 }) : HttpResponse.json([jazz]);
      }),
    );
    const { user } = renderApp('/events');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the events.');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Jazz in the Park' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('loads the next page with the cursor the server gave', async () => {
    const requests = serveEvents({ events: [jazz], next: 'cursor-2' }, { events: [poetry] });
    const { user } = renderApp('/events');

    await user.click(await screen.findByRole('button', { name: 'Load More Events' }));

    expect(await screen.findByRole('heading', { name: 'Poetry Night' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(requests[1]?.searchParams.get('after')).toBe('cursor-2');
    expect(screen.queryByRole('button', { name: 'Load More Events' })).not.toBeInTheDocument();
  });

  it('speaks German when switched, with its numbers in German', async () => {
    serveEvents({ events: [jazz], next: 'cursor-2' });
    renderApp('/events?near=38.7223,-9.1393&radius_km=7.5');
    expect(await screen.findByRole('heading', { name: 'Jazz in the Park' })).toBeInTheDocument();

    await act(() => changeLanguage('de'));

    expect(screen.getByRole('heading', { level: 1, name: 'Kommende Veranstaltungen' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Veranstaltungen anzeigen als' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Veranstaltungen suchen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'In meiner Nähe' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('option', { name: 'Im Umkreis von 7,5 km' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Weitere Veranstaltungen laden' })).toBeInTheDocument();
    expect(document.title).toBe('Veranstaltungen · Turnout');
  });
});
