import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { currentLocation, renderApp } from '@/test/render';
import { changeLanguage } from '@/i18n/i18n';

describe('HomePage', () => {
  it('shows the hero and the four benefits', async () => {
    server.use(http.get(apiUrl('/event/public/'), () => HttpResponse.json([])));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Discover and Join Amazing Events' })).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Why Turnout' });
    const benefits = within(region).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(benefits).toEqual(['Variety of Events', 'Easy Registration', 'Verified Organizations', 'Event Reminders']);
    for (const item of within(region).getAllByRole('listitem')) expect(item).toHaveClass('card');
    await waitFor(() => expect(document.title).toBe('Turnout'));
  });

  it('promises only what exists: the reminder emails, and nothing more', async () => {
    server.use(http.get(apiUrl('/event/public/'), () => HttpResponse.json([])));
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });

    const region = screen.getByRole('region', { name: 'Why Turnout' });
    const reminders = within(region).getByRole('heading', { level: 3, name: 'Event Reminders' }).closest('li')!;
    expect(reminders).toHaveTextContent(/email you the day before and an hour before each event you registered for/i);
    expect(reminders).toHaveTextContent(/your ticket and a calendar file/i);
    expect(reminders).toHaveTextContent(/you choose which emails you get/i);

    const text = document.body.textContent ?? '';
    // No places near you, no texts or push messages: only the emails exist.
    for (const claim of [/near you/i, /find something/i, /never miss/i, /\bsms\b/i, /text message/i, /push notification/i]) {
      expect(text).not.toMatch(claim);
    }
  });

  it('shows the next three upcoming events', async () => {
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const event = (n: number) => ({
      id: `01J00000000000000000000EV${n}`, title: `Event ${n}`, description: 'd', location: 'Hall', start_time: at(n), end_time: at(n + 0.1),
      capacity: 10, seats_left: 10, banner: null, banner_url: null, organization: { id: 'o', name: 'Org', logo_url: null },
    });
    server.use(http.get(apiUrl('/event/public/'), () => HttpResponse.json([1, 2, 3, 4].map(event))));
    renderApp('/');

    const region = await screen.findByRole('region', { name: 'Upcoming Events' });
    expect(await within(region).findAllByRole('article')).toHaveLength(3);
    expect(within(region).getByRole('heading', { name: 'Event 1' })).toBeInTheDocument();
    expect(within(region).queryByRole('heading', { name: 'Event 4' })).not.toBeInTheDocument();
    expect(within(region).getByRole('link', { name: /See all upcoming events/ })).toHaveAttribute('href', '/events');
  });

  it('says Loading Events to assistive technology while grey cards stand in for the events', async () => {
    server.use(
      http.get(apiUrl('/event/public/'), async () => {
        // Slower than the page's code, so the loading state shows.
        await delay(300);
        return HttpResponse.json([]);
      }),
    );
    renderApp('/');
    const region = await screen.findByRole('region', { name: 'Upcoming Events' });
    const status = await within(region).findByRole('status');
    expect(status).toHaveTextContent('Loading Events');
    expect(within(status).getByText('Loading Events')).toHaveClass('sr-only');
    expect(await within(region).findByText('No upcoming events right now. Check back soon!')).toBeInTheDocument();
    expect(within(region).queryByRole('status')).not.toBeInTheDocument();
  });

  it('leaves cancelled events off the home page', async () => {
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const event = (n: number, cancelled = false) => ({
      id: `01J00000000000000000000EV${n}`, title: `Event ${n}`, description: 'd', location: 'Hall', start_time: at(n), end_time: at(n + 0.1),
      capacity: 10, seats_left: 10, cancelled, banner: null, banner_url: null, organization: { id: 'o', name: 'Org', logo_url: null },
    });
    server.use(http.get(apiUrl('/event/public/'), () => HttpResponse.json([event(1, true), event(2), event(3), event(4)])));
    renderApp('/');

    const region = await screen.findByRole('region', { name: 'Upcoming Events' });
    const titles = (await within(region).findAllByRole('article')).map((card) => within(card).getByRole('heading').textContent);
    expect(titles).toEqual(['Event 2', 'Event 3', 'Event 4']);
  });

  it('says there is nothing coming when every upcoming event is cancelled', async () => {
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    server.use(
      http.get(apiUrl('/event/public/'), () =>
        HttpResponse.json([{ id: '01J00000000000000000000EV1', title: 'Event 1', description: 'd', location: 'Hall', start_time: at(1), end_time: at(1.1),
          capacity: 10, seats_left: 10, cancelled: true, banner: null, banner_url: null, organization: { id: 'o', name: 'Org', logo_url: null } }]),
      ),
    );
    renderApp('/');

    expect(await screen.findByText('No upcoming events right now. Check back soon!')).toBeInTheDocument();
  });

  it('leads to the events with Browse Events', async () => {
    server.use(http.get(apiUrl('/event/public/'), () => HttpResponse.json([])));
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Browse Events' }));
    await waitFor(() => expect(currentLocation()).toBe('/events'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeInTheDocument();
  });

  it('speaks German: the hero, the benefits and the event cards', async () => {
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const event = (n: number, seats: number) => ({
      id: `01J00000000000000000000EV${n}`, title: `Event ${n}`, description: 'd', location: 'Hall', start_time: at(n), end_time: at(n + 0.1),
      capacity: 10, seats_left: seats, banner: null, banner_url: null, organization: { id: 'o', name: 'Org', logo_url: null },
    });
    server.use(http.get(apiUrl('/event/public/'), () => HttpResponse.json([event(1, 1), event(2, 7)])));
    await act(() => changeLanguage('de'));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Entdecke großartige Veranstaltungen und sei dabei' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Veranstaltungen entdecken' })).toBeInTheDocument();
    const benefits = within(screen.getByRole('region', { name: 'Warum Turnout' })).getAllByRole('heading', { level: 3 });
    expect(benefits.map((h) => h.textContent)).toEqual(['Vielfältige Veranstaltungen', 'Einfache Anmeldung', 'Verifizierte Organisationen', 'Erinnerungen']);
    const region = screen.getByRole('region', { name: 'Kommende Veranstaltungen' });
    const [first, second] = await within(region).findAllByRole('article');
    expect(within(first!).getByText('Noch 1 Platz frei')).toBeInTheDocument();
    expect(within(second!).getByText('Noch 7 Plätze frei')).toBeInTheDocument();
    expect(within(first!).getByText('Von Org')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: /Details ansehen/ })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Turnout'));
  });

  it('reads right to left in Arabic, with its own plural forms', async () => {
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const event = (n: number, seats: number) => ({
      id: `01J00000000000000000000EV${n}`, title: `Event ${n}`, description: 'd', location: 'Hall', start_time: at(n), end_time: at(n + 0.1),
      capacity: 20, seats_left: seats, banner: null, banner_url: null, organization: { id: 'o', name: 'Org', logo_url: null },
    });
    server.use(http.get(apiUrl('/event/public/'), () => HttpResponse.json([event(1, 1), event(2, 2), event(3, 11)])));
    await act(() => changeLanguage('ar'));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'اكتشف فعاليات رائعة وانضم إليها' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const cards = await within(screen.getByRole('region', { name: 'الفعاليات القادمة' })).findAllByRole('article');
    expect(cards.map((card) => within(card).getByText(/متب/).textContent)).toEqual(['مقعد واحد متبقٍ', 'مقعدان متبقيان', '11 مقعدًا متبقيًا']);
  });
});
