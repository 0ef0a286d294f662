// The account path back to a page: a signed-out person sent to log in or
// sign up on the way to an event comes back to it, through sign-up,
// activation and login; only pages of this site are ever followed.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { session } from '@/lib/storage';
import { upcomingEvent } from '@/test/fixtures';
import { apiUrl, server } from '@/test/server';
import { currentLocation, renderApp } from '@/test/render';

const jazz = upcomingEvent;
const eventPage = `/event/detail?id=${jazz.id}`;
const next = `next=${encodeURIComponent(eventPage)}`;

function serveLogin() {
  server.use(
    http.post(apiUrl('/user/login/'), () => HttpResponse.json({ refresh: 'refresh-1', access: 'access-1' })),
    http.get(apiUrl('/user/profile/'), () => HttpResponse.json({ id: 'u1', username: 'ada', is_organizer: false, organization_id: null, image_url: null })),
    http.get(apiUrl('/event/user-event/:id/'), () => HttpResponse.json([])),
    http.get(apiUrl('/event/detail/:id/'), () => HttpResponse.json(jazz)),
    http.get(apiUrl('/event/register/:id/'), () => HttpResponse.json({ detail: 'You are not registered for this event.' }, { status: 404 })),
  );
}

async function logIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/^Username/), 'ada');
  await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
  await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Login' }));
  expect(await screen.findByText('Login successful.')).toBeInTheDocument();
}

describe('the way back to a page through login and sign-up', () => {
  it('login goes on to ?next=, and its Register link keeps it', async () => {
    serveLogin();
    const { user } = renderApp(`/login?${next}`);

    expect(await screen.findByRole('link', { name: 'Register' })).toHaveAttribute('href', `/register?${next}`);
    await logIn(user);
    await waitFor(() => expect(currentLocation()).toBe(eventPage));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jazz in the Park' })).toBeInTheDocument();
  });

  it.each(['//evil.example/', 'https://evil.example/', '/\\evil.example'])('login ignores a next of %s and goes to /profile', async (elsewhere) => {
    serveLogin();
    const { user } = renderApp(`/login?next=${encodeURIComponent(elsewhere)}`);

    await logIn(user);
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    expect(await screen.findByText('You have not registered for any events.')).toBeInTheDocument();
  });

  it('a signed-in person opening login with ?next= goes straight on', async () => {
    session.setTokens({ access: 'access-1', refresh: 'refresh-1' });
    serveLogin();
    renderApp(`/login?${next}`);
    await waitFor(() => expect(currentLocation()).toBe(eventPage));
  });

  it('sign-up sends next with the form, and its login links keep it', async () => {
    const sent: (FormDataEntryValue | null)[] = [];
    server.use(
      http.post(apiUrl('/user/registration/'), async ({ request }) => {
        sent.push((await request.formData()).get('next'));
        return HttpResponse.json({ detail: 'Registration successful.' }, { status: 201 });
      }),
    );
    const { user } = renderApp(`/register?${next}`);
    const form = await screen.findByRole('form', { name: 'User registration' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?${next}`);
    const values: Record<string, string> = {
      'First Name': 'Ada',
      'Last Name': 'Lovelace',
      Username: 'ada',
      Email: 'ada@example.com',
      Password: 'analytical-engine',
      'Confirm Password': 'analytical-engine',
    };
    for (const [label, value] of Object.entries(values)) await user.type(within(form).getByLabelText(label), value);
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', `/login?${next}`);
    expect(sent).toEqual([eventPage]);
  });

  it('the activation page leads to a login that goes on to next', async () => {
    serveLogin();
    const { user } = renderApp(`/activate-account?${next}`);

    await user.click(await screen.findByRole('button', { name: 'Go to Login' }));
    await waitFor(() => expect(currentLocation()).toBe(`/login?${next}`));
    await logIn(user);
    await waitFor(() => expect(currentLocation()).toBe(eventPage));
  });

  it('a new activation link asked for from the invalid-link page leads back too', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('/user/activation/resend/'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ detail: 'If that email belongs to an account waiting for activation, we have sent it a new link.' });
      }),
    );
    const { user } = renderApp(`/activate-account/invalid?${next}`);

    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend Activation Link' }));

    expect(await screen.findByText(/we have sent it a new link/)).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'ada@example.com', next: eventPage }]);
  });
});
