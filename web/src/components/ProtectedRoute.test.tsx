import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { session } from '@/lib/storage';
import { apiUrl, server } from '@/test/server';
import { currentLocation, renderApp } from '@/test/render';

describe('protected routes', () => {
  it.each(['/profile', '/profile/edit', '/organization_info/edit', '/reset-password', '/dashboard', '/dashboard/events?x=1'])(
    'send %s to /login when no access token is stored, with the way back',
    async (path) => {
      renderApp(path);
      await waitFor(() => expect(currentLocation()).toBe(`/login?next=${encodeURIComponent(path)}`));
    },
  );

  it('send an open page to /login when another tab logs out, instead of leaving it loading', async () => {
    session.setTokens({ access: 'access-1', refresh: 'refresh-1' });
    server.use(
      http.get(apiUrl('/user/profile/'), () => HttpResponse.json({ id: 'user-1', username: 'ada', is_organizer: false, image_url: null })),
      http.get(apiUrl('/event/user-event/:id/'), () => HttpResponse.json([])),
    );
    renderApp('/profile');
    expect(await screen.findByText('You have not registered for any events.')).toBeInTheDocument();

    // The other tab clears the shared storage; this one hears of it only
    // through the storage event.
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    });

    await waitFor(() => expect(currentLocation()).toBe('/login?next=%2Fprofile'));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByText('Loading profile...')).not.toBeInTheDocument();
  });

  it('let a visitor with an access token in', async () => {
    session.setTokens({ access: 'access-1', refresh: 'refresh-1' });
    // The top bar loads the avatar of a logged-in visitor.
    server.use(http.get(apiUrl('/user/profile/'), () => HttpResponse.json({ is_organizer: false, image_url: null })));
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/reset-password');
  });

  it.each(['/login', '/register'])('send a signed-in person from %s on to their profile', async (path) => {
    session.setTokens({ access: 'access-1', refresh: 'refresh-1' });
    server.use(
      http.get(apiUrl('/user/profile/'), () => HttpResponse.json({ id: 'user-1', is_organizer: false, image_url: null })),
      http.get(apiUrl('/event/user-event/:id/'), () => HttpResponse.json([])),
    );
    renderApp(path);
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    // The profile's own requests finish while this test's answers stand.
    expect(await screen.findByText('You have not registered for any events.')).toBeInTheDocument();
  });

  it.each(['/login', '/register'])('show %s to a visitor', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(currentLocation()).toBe(path);
  });
});
