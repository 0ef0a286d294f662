import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { changeLanguage } from '@/i18n/i18n';
import { currentLocation, renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { answerAccount, answerEvents, organization, person, signIn, preloadPages } from './test-fixtures';

beforeAll(async () => {
  await preloadPages();
});


const sidebar = async () => screen.findByRole('navigation', { name: 'Dashboard' });

describe('dashboard layout', () => {
  it('has the five entries of an owner, leading to their panels', async () => {
    signIn();
    answerAccount();
    renderApp('/dashboard/profile');
    const nav = await sidebar();

    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Organization', 'Create Event', 'Events', 'Members', 'API & webhooks']);
    expect(within(nav).getByRole('link', { name: 'Organization' })).toHaveAttribute('href', '/dashboard/profile');
    expect(within(nav).getByRole('link', { name: 'Create Event' })).toHaveAttribute('href', '/dashboard/create-event');
    expect(within(nav).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/dashboard/events');
    expect(within(nav).getByRole('link', { name: 'API & webhooks' })).toHaveAttribute('href', '/dashboard/developers');
  });

  it('shows the organization first and marks the entry of the page shown', async () => {
    signIn();
    answerAccount();
    answerEvents();
    const { user } = renderApp('/dashboard');
    const nav = await sidebar();

    expect(await screen.findByRole('heading', { level: 1, name: 'Organization' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Organization' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Events' })).not.toHaveAttribute('aria-current');

    await user.click(within(nav).getByRole('link', { name: 'Create Event' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/create-event'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Event' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Create Event' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Organization' })).not.toHaveAttribute('aria-current');

    await user.click(within(nav).getByRole('link', { name: 'Events' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/events'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('link', { name: 'Organization' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/profile'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Organization' })).toBeInTheDocument();
  });

  it('speaks the language chosen: the entries and the page in German', async () => {
    signIn();
    answerAccount();
    answerEvents();
    renderApp('/dashboard/events');
    const nav = await sidebar();
    await screen.findByRole('heading', { level: 1, name: 'Events' });

    await act(() => changeLanguage('de'));
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Organisation',
      'Veranstaltung erstellen',
      'Veranstaltungen',
      'Mitglieder',
      'API & Webhooks',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Veranstaltungen' })).toBeInTheDocument();
    expect((await screen.findAllByRole('button', { name: 'Bearbeiten' })).length).toBeGreaterThan(0);
  });

  it('tells people without an organization that the dashboard is for organizations', async () => {
    signIn();
    localStorage.removeItem('organization_id');
    answerAccount(person);
    renderApp('/dashboard/events');

    expect(await screen.findByText(/The dashboard is for organizations\./)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Events' })).not.toBeInTheDocument();
  });
});

describe('organization panel', () => {
  it('shows the organization profile, read-only, N/A for empty values', async () => {
    signIn();
    answerAccount();
    server.use(
      http.get(apiUrl('/organization/details/'), () =>
        HttpResponse.json({ ...organization, link: 'https://citylights.example', logo_url: 'http://localhost:3000/media/logo.png' }),
      ),
    );
    renderApp('/dashboard/profile');

    const panel = await screen.findByRole('region', { name: 'Organization' });
    expect(await within(panel).findByRole('heading', { name: 'City Lights' })).toBeInTheDocument();
    expect(within(panel).getByText('citylights')).toBeInTheDocument();
    expect(within(panel).getByText('hello@citylights.example')).toBeInTheDocument();
    expect(within(panel).getByText('1 Harbour Road')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'https://citylights.example' })).toBeInTheDocument();
    expect(within(panel).getByAltText('City Lights logo')).toHaveAttribute('src', 'http://localhost:3000/media/logo.png');
    // Phone, address line 2 and description are empty.
    expect(within(panel).getAllByText('N/A')).toHaveLength(3);
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('logs a failed load without a toast and says so with a way to try again', async () => {
    signIn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerAccount();
    server.use(http.get(apiUrl('/organization/details/'), () => HttpResponse.json({ detail: 'Something went wrong.' }, { status: 500 })));
    renderApp('/dashboard/profile');

    await waitFor(() => expect(logged).toHaveBeenCalledWith('load organization', expect.anything()));
    expect(screen.queryByText('Loading organization...')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('We could not load the organization.');
    expect(within(failure).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('organization switcher', () => {
  it('lets a person in several organizations choose the one the dashboard shows', async () => {
    signIn();
    const other = { id: '01JORG00000000000000000002', name: 'Run Club', role: 'checkin' as const, logo_url: null };
    answerAccount({ ...person, organizations: [{ id: organization.id, name: 'City Lights', role: 'manager', logo_url: null }, other] });
    server.use(http.get(apiUrl(`/event/organization/${other.id}/events/`), () => HttpResponse.json([])));
    answerEvents();
    const { user } = renderApp('/dashboard/events');
    const nav = await sidebar();
    const switcher = within(nav).getByLabelText('Organization');
    expect(within(nav).getByRole('link', { name: 'Create Event' })).toBeInTheDocument();
    await user.selectOptions(switcher, other.id);
    expect(localStorage.getItem('organization_id')).toBe(other.id);
    // A door volunteer there: no Create Event.
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Create Event' })).not.toBeInTheDocument());
  });
});
