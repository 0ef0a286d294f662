import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { LOGIN_STATUS_CHANGED, session } from '@/lib/storage';
import { apiUrl, server } from '@/test/server';
import { currentLocation, renderApp } from '@/test/render';
import type { Profile } from '@/types/api';
import { changeLanguage } from '@/i18n/i18n';


const profile: Profile = {
  id: 'u1',
  username: 'citylights',
  first_name: '',
  last_name: '',
  email: 'hello@citylights.example',
  phone: '',
  address: '',
  image_url: null,
  joined: '2026-01-01T00:00:00Z',
  is_organizer: true,
  organization_id: 'org-1',
  pending_email: null,
  mail_problem: null,
};

// The login answer and the account calls that follow it (the profile for
// the organization id; the top bar's avatar; the profile page's calls).
function serveLogin(reply: () => Response, who = profile) {
  const sent: unknown[] = [];
  const profileAuth: (string | null)[] = [];
  server.use(
    http.post(apiUrl('/user/login/'), async ({ request }) => {
      sent.push(await request.json());
      return reply();
    }),
    http.get(apiUrl('/user/profile/'), ({ request }) => {
      profileAuth.push(request.headers.get('Authorization'));
      return HttpResponse.json(who);
    }),
    http.get(apiUrl('/organization/details/'), () => HttpResponse.json({ id: 'org-1', organization: 'City Lights', logo_url: null })),
    http.get(apiUrl('/event/user-event/:id/'), () => HttpResponse.json([])),
  );
  return { sent, profileAuth };
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], username = 'citylights', password = 'turnout-demo-2026') {
  await user.type(await screen.findByLabelText(/^Username/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('requires the username and the password and links to forget/password and register', async () => {
    renderApp('/login');

    expect(await screen.findByLabelText(/^Username/)).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toBeRequired();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forget/password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('stores the tokens and the organization id, announces, says so and goes to /profile', async () => {
    const { sent, profileAuth } = serveLogin(() => HttpResponse.json({ refresh: 'refresh-1', access: 'access-1' }));
    const announced = vi.fn();
    window.addEventListener(LOGIN_STATUS_CHANGED, announced);
    const { user } = renderApp('/login');

    await fillAndSubmit(user);

    expect(await screen.findByText('Login successful.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    window.removeEventListener(LOGIN_STATUS_CHANGED, announced);
    expect(sent).toEqual([{ username: 'citylights', password: 'turnout-demo-2026' }]);
    expect(session.access()).toBe('access-1');
    expect(session.refresh()).toBe('refresh-1');
    expect(session.organizationId()).toBe('org-1');
    expect(profileAuth[0]).toBe('Bearer access-1');
    expect(announced).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('keeps no organization id for an ordinary user', async () => {
    serveLogin(() => HttpResponse.json({ refresh: 'refresh-1', access: 'access-1' }), {
      ...profile,
      is_organizer: false,
      organization_id: null,
    });
    const { user } = renderApp('/login');

    await fillAndSubmit(user, 'ada', 'analytical-engine');

    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    expect(session.access()).toBe('access-1');
    expect(session.organizationId()).toBeNull();
    // Let the profile page finish its own calls before the test ends.
    expect(await screen.findByText('You have not registered for any events.')).toBeInTheDocument();
  });

  it('says Login failed. Please provide the correct information. on wrong credentials', async () => {
    serveLogin(() => HttpResponse.json({ detail: 'No active account found with the given credentials.' }, { status: 401 }));
    const announced = vi.fn();
    window.addEventListener(LOGIN_STATUS_CHANGED, announced);
    const { user } = renderApp('/login');

    await fillAndSubmit(user, 'citylights', 'wrong-password');

    expect(await screen.findByText('Login failed. Please provide the correct information.')).toBeInTheDocument();
    window.removeEventListener(LOGIN_STATUS_CHANGED, announced);
    expect(currentLocation()).toBe('/login');
    expect(session.access()).toBeNull();
    expect(announced).not.toHaveBeenCalled();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('also says why when the account is not activated yet', async () => {
    serveLogin(() =>
      HttpResponse.json(
        { detail: 'Please activate your account with the link we emailed you before logging in.' },
        { status: 403 },
      ),
    );
    const { user } = renderApp('/login');

    await fillAndSubmit(user);

    expect(await screen.findByText('Login failed. Please provide the correct information.')).toBeInTheDocument();
    expect(screen.getByText('Please activate your account with the link we emailed you before logging in.')).toBeInTheDocument();
  });
});

describe('login page in German', () => {
  it('speaks German, down to its checks', async () => {
    await act(() => changeLanguage('de'));
    const { user } = renderApp('/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByLabelText('Benutzername')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/forget/password');
    expect(screen.getByRole('link', { name: 'Registrieren' })).toBeInTheDocument();
    expect(screen.getByText(/Noch kein Konto\?/)).toBeInTheDocument();
    // Spaces pass the browser's check, not the page's.
    await user.type(screen.getByLabelText(/^Benutzername/), '   ');
    await user.type(screen.getByLabelText(/^Passwort/), 'secret');
    await user.click(within(screen.getByRole('form', { name: 'Anmelden' })).getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte gib deinen Benutzernamen und dein Passwort ein.');
    expect(document.title).toBe('Anmelden · Turnout');
  });
});
