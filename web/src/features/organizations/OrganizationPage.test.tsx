import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { currentLocation, renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { person, signIn } from '@/test/fixtures';
import { eventDefaults } from '@/test/fixtures';
import type { TurnoutEvent } from '@/types/api';
import type { OrganizationPageData } from './api';
import { changeLanguage } from '@/i18n/i18n';

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();
const orgId = '01J0000000000000000000ORG1';
const talk: TurnoutEvent = {
  ...eventDefaults,
  id: '01J0000000000000000000TALK',
  title: 'Night Sky Talk',
  description: 'Stars, planets and a telescope.',
  location: 'Observatory Hill',
  start_time: inDays(4),
  end_time: inDays(4.1),
  capacity: 40,
  seats_left: 12,
  banner: null,
  banner_url: null,
  organization: { id: orgId, name: 'Stargazers', logo_url: null },
};
const page: OrganizationPageData = {
  id: orgId,
  name: 'Stargazers',
  description: 'Amateur astronomers who share the sky.',
  link: 'https://stargazers.example',
  logo_url: null,
  upcoming_events: [talk],
  past_events: 7,
  past_events_more: false,
  followers: 12,
  calendar_url: `http://localhost:3000/api/organization/public/${orgId}/calendar.ics`,
  webcal: `webcal://localhost:3000/api/organization/public/${orgId}/calendar.ics`,
};

describe('organization page', () => {
  it('shows who the organization is, its upcoming events and its calendar', async () => {
    server.use(http.get(apiUrl(`/organization/public/${orgId}/`), () => HttpResponse.json(page)));
    const { user } = renderApp(`/organizations/${orgId}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Stargazers' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Stargazers · Turnout'));
    expect(screen.getByText('Amateur astronomers who share the sky.')).toBeInTheDocument();
    expect(screen.getByText('7 past events')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe to calendar' })).toHaveAttribute('href', page.webcal);
    expect(screen.getByRole('link', { name: 'Website' })).toHaveAttribute('href', page.link);
    const upcoming = screen.getByRole('region', { name: 'Upcoming events' });
    await user.click(within(upcoming).getByRole('link', { name: /View Details/i }));
    await waitFor(() => expect(currentLocation()).toBe(`/event/detail?id=${talk.id}`));
  });

  it('asks a visitor to log in to follow, coming back here', async () => {
    server.use(http.get(apiUrl(`/organization/public/${orgId}/`), () => HttpResponse.json(page)));
    renderApp(`/organizations/${orgId}`);
    const follow = await screen.findByRole('link', { name: 'Follow' });
    expect(follow).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/organizations/${orgId}`)}`);
    expect(screen.getByText('12 followers')).toBeInTheDocument();
  });

  it('lets a signed-in person follow and stop, with the count the server answers', async () => {
    signIn();
    const calls: string[] = [];
    server.use(
      http.get(apiUrl('/user/profile/'), () => HttpResponse.json(person)),
      http.get(apiUrl(`/organization/public/${orgId}/`), () => HttpResponse.json(page)),
      http.get(apiUrl(`/organization/public/${orgId}/follow/`), () => HttpResponse.json({ following: false, followers: 12 })),
      http.post(apiUrl(`/organization/public/${orgId}/follow/`), () => {
        calls.push('follow');
        return HttpResponse.json({ following: true, followers: 13 });
      }),
      http.delete(apiUrl(`/organization/public/${orgId}/follow/`), () => {
        calls.push('unfollow');
        return HttpResponse.json({ following: false, followers: 12 });
      }),
    );
    const { user } = renderApp(`/organizations/${orgId}`);
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('13 followers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls).toEqual(['follow', 'unfollow']);
  });

  it('says when it has held more events than were counted', async () => {
    server.use(http.get(apiUrl(`/organization/public/${orgId}/`), () => HttpResponse.json({ ...page, past_events: 1000, past_events_more: true })));
    renderApp(`/organizations/${orgId}`);
    expect(await screen.findByText('1,000+ past events')).toBeInTheDocument();
  });

  it('speaks German, with its plural forms', async () => {
    server.use(http.get(apiUrl(`/organization/public/${orgId}/`), () => HttpResponse.json({ ...page, past_events: 1 })));
    await act(() => changeLanguage('de'));
    renderApp(`/organizations/${orgId}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Stargazers' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Kommende Veranstaltungen' })).toBeInTheDocument();
    expect(screen.getByText('1 vergangene Veranstaltung')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Folgen' })).toBeInTheDocument();
    expect(screen.getByText('12 Follower')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kalender abonnieren' })).toHaveAttribute('href', page.webcal);
  });

  it('says when the organization does not exist', async () => {
    server.use(http.get(apiUrl(`/organization/public/${orgId}/`), () => HttpResponse.json({ detail: 'Organization not found.' }, { status: 404 })));
    renderApp(`/organizations/${orgId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Organization not found.' })).toBeInTheDocument();
  });
});
