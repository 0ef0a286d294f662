import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { announceLoginStatusChange, session } from '@/lib/storage';
import { apiUrl, server } from '@/test/server';
import { currentLocation, renderApp } from '@/test/render';
import type { Organization, Profile } from '@/types/api';
import { i18n } from '@/i18n/i18n';


const person: Profile = {
  id: 'u1',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '',
  address: '',
  image_url: 'http://localhost:3000/media/avatars/ada.png',
  joined: '2026-01-01T00:00:00Z',
  is_organizer: false,
  organization_id: null,
  pending_email: null,
  mail_problem: null,
};

const organizer: Profile = { ...person, id: 'u2', username: 'citylights', image_url: null, is_organizer: true, organization_id: 'org-1' };

const organization: Organization = {
  id: 'org-1',
  organization: 'City Lights',
  organizer: { username: 'citylights' },
  email: 'hello@citylights.example',
  phone: '',
  address1: '',
  address2: '',
  link: '',
  description: '',
  logo: 'logos/city.png',
  logo_url: 'http://localhost:3000/media/logos/city.png',
};

// Serves the account calls and counts them.
function account(profile: Profile, org: Organization = organization) {
  const calls = { profile: 0, organization: 0 };
  server.use(
    http.get(apiUrl('/user/profile/'), () => {
      calls.profile += 1;
      return HttpResponse.json(profile);
    }),
    http.get(apiUrl('/organization/details/'), () => {
      calls.organization += 1;
      return HttpResponse.json(org);
    }),
  );
  return calls;
}

function logIn() {
  session.setTokens({ access: 'access-1', refresh: 'refresh-1' });
}

const banner = () => screen.getByRole('banner');

describe('TopBar', () => {
  it('shows the title, Home and Events links and, logged out, a Login button', async () => {
    const calls = account(person);
    const { user } = renderApp('/events/nowhere');
    const bar = banner();

    expect(within(bar).getByRole('link', { name: 'Turnout' })).toHaveAttribute('href', '/');
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(bar).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
    expect(within(bar).queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(calls.profile).toBe(0);
  });

  it('shows the user image for a logged-in user and opens a menu with Profile and Logout', async () => {
    logIn();
    const calls = account(person);
    const { user } = renderApp('/nowhere');

    const avatar = await screen.findByRole('img', { name: 'User avatar' });
    await waitFor(() => expect(avatar).toHaveAttribute('src', person.image_url));
    expect(calls.organization).toBe(0);
    expect(within(banner()).queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();

    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const menu = screen.getByRole('menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
  });

  it('shows the organization logo for an organizer', async () => {
    logIn();
    const calls = account(organizer);
    renderApp('/nowhere');

    const logo = await screen.findByRole('img', { name: 'Organization logo' });
    await waitFor(() => expect(logo).toHaveAttribute('src', organization.logo_url));
    expect(calls.organization).toBe(1);
  });

  it('falls back to the placeholder image when there is no image', async () => {
    logIn();
    const calls = account({ ...person, image_url: null });
    renderApp('/nowhere');

    await waitFor(() => expect(calls.profile).toBe(1));
    expect(screen.getByRole('img', { name: 'User avatar' })).toHaveAttribute('src', '/placeholder-avatar.svg');
  });

  it('falls back to the placeholder image when an organizer has no logo', async () => {
    logIn();
    const calls = account(organizer, { ...organization, logo: null, logo_url: null });
    renderApp('/nowhere');

    await waitFor(() => expect(calls.organization).toBe(1));
    expect(screen.getByRole('img', { name: 'Organization logo' })).toHaveAttribute('src', '/placeholder-avatar.svg');
  });

  it('re-checks the login status and reloads the avatar when the change is announced', async () => {
    const calls = account(person);
    renderApp('/nowhere');
    expect(within(banner()).getByRole('button', { name: 'Login' })).toBeInTheDocument();

    logIn();
    act(() => announceLoginStatusChange());
    const avatar = await screen.findByRole('img', { name: 'User avatar' });
    await waitFor(() => expect(avatar).toHaveAttribute('src', person.image_url));
    expect(calls.profile).toBe(1);

    // A new image (after a profile edit) shows after the next announcement.
    account({ ...person, image_url: 'http://localhost:3000/media/avatars/new.png' });
    act(() => announceLoginStatusChange());
    await waitFor(() => expect(screen.getByRole('img', { name: 'User avatar' })).toHaveAttribute('src', 'http://localhost:3000/media/avatars/new.png'));

    session.clear();
    act(() => announceLoginStatusChange());
    expect(within(banner()).getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('gives organizers a way to their dashboard, in the bar and in the menu', async () => {
    logIn();
    session.setOrganizationId('org-1');
    account(organizer);
    const { user } = renderApp('/nowhere');

    expect(within(banner()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows no Dashboard to a person who is not an organizer', async () => {
    logIn();
    account(person);
    const { user } = renderApp('/nowhere');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('closes the menu on Escape and gives focus back to the button', async () => {
    logIn();
    account(person);
    const { user } = renderApp('/nowhere');

    const trigger = await screen.findByRole('button', { name: 'Account menu' });
    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('goes to the profile from the menu, which shows the account already loaded', async () => {
    logIn();
    const calls = account(person);
    server.use(http.get(apiUrl('/event/user-event/:id/'), () => HttpResponse.json([])));
    const { user } = renderApp('/nowhere');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // One source for the account: the top bar's request serves the profile.
    expect(await screen.findByText('You have not registered for any events.')).toBeInTheDocument();
    expect(calls.profile).toBe(1);
  });

  it('logs out: sends the refresh token, clears storage, announces and goes to /login', async () => {
    logIn();
    session.setOrganizationId('org-1');
    account(organizer);
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/user/logout/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: 'Logged out.' });
      }),
    );
    const { user } = renderApp('/nowhere');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(bodies).toEqual([{ refresh: 'refresh-1' }]);
    expect(localStorage.length).toBe(0);
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('logs out locally even when the logout call fails', async () => {
    logIn();
    account(person);
    server.use(http.post(apiUrl('/user/logout/'), () => HttpResponse.json({ detail: 'Server error.' }, { status: 500 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/nowhere');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(session.access()).toBeNull();
    expect(session.refresh()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it("shows the app in the language saved on the account once it has loaded", async () => {
    logIn();
    account({ ...person, language: 'de' });
    const { user } = renderApp('/nowhere');

    const bar = banner();
    expect(await within(bar).findByRole('link', { name: 'Veranstaltungen' })).toHaveAttribute('href', '/events');
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    // Kept for the next visit, as a choice in the picker is.
    expect(localStorage.getItem('language')).toBe('de');
    // The menu speaks it too (its words come with its own chunk).
    await user.click(await within(bar).findByRole('button', { name: 'Kontomenü' }));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profil', 'Abmelden']);
  });

  it('stays in the language shown when the account saved none, or the same one', async () => {
    logIn();
    const calls = account({ ...person, language: null });
    renderApp('/nowhere');

    await waitFor(() => expect(calls.profile).toBe(1));
    expect(await screen.findByRole('img', { name: 'User avatar' })).toBeInTheDocument();
    expect(i18n.locale).toBe('en');
    expect(localStorage.getItem('language')).toBeNull();
  });
});
