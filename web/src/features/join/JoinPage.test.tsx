import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { currentLocation, renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { organization, person, signIn } from '@/test/fixtures';
import { changeLanguage } from '@/i18n/i18n';

beforeAll(async () => {
  await import('./JoinPage');
});

const invitation = {
  id: 'abc',
  email: 'ana@example.com',
  role: 'manager',
  invited_by: { id: '01JUSER0000000000000000002', username: 'citylights' },
  expires_at: '2030-12-04T10:00:00Z',
  organization: { id: organization.id, name: 'City Lights', logo_url: null },
};

describe('join page', () => {
  it('says what the invitation asks and joins only when its button is pressed', async () => {
    signIn();
    let joined: unknown = null;
    server.use(
      http.get(apiUrl('/user/profile/'), () => HttpResponse.json(person)),
      http.post(apiUrl('/organization/invitation/'), () => HttpResponse.json(invitation)),
      http.post(apiUrl('/organization/join/'), async ({ request }) => {
        joined = await request.json();
        return HttpResponse.json({ id: person.id, username: 'ana', role: 'manager', login: false, joined: '2026-11-27T10:00:00Z', organization: invitation.organization });
      }),
      http.get(apiUrl('/event/organization/:id/events/'), () => HttpResponse.json([])),
    );
    const { user } = renderApp('/join?t=01JORG.secret');
    expect(await screen.findByText(/@citylights invites you to help run/)).toHaveTextContent('City Lights as manager: events and their people.');
    expect(joined).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Join City Lights' }));
    await waitFor(() => expect(joined).toEqual({ token: '01JORG.secret' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/events'));
    expect(localStorage.getItem('organization_id')).toBe(organization.id);
  });

  it('asks a visitor to log in first, coming back here', async () => {
    server.use(http.post(apiUrl('/organization/invitation/'), () => HttpResponse.json(invitation)));
    renderApp('/join?t=01JORG.secret');
    const login = await screen.findByRole('link', { name: 'Log in to join' });
    expect(login).toHaveAttribute('href', `/login?next=${encodeURIComponent('/join?t=01JORG.secret')}`);
  });

  it('tells an expired or used link in the server words', async () => {
    server.use(http.post(apiUrl('/organization/invitation/'), () => HttpResponse.json({ detail: 'This invitation has expired or was already used.' }, { status: 404 })));
    renderApp('/join?t=01JORG.used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired or was already used.');
  });

  it('tells the invitation in German', async () => {
    signIn();
    server.use(
      http.get(apiUrl('/user/profile/'), () => HttpResponse.json(person)),
      http.post(apiUrl('/organization/invitation/'), () => HttpResponse.json({ ...invitation, role: 'owner' })),
    );
    await act(() => changeLanguage('de'));
    renderApp('/join?t=01JORG.secret');

    expect(await screen.findByRole('heading', { name: 'Einer Organisation beitreten' })).toBeInTheDocument();
    expect(await screen.findByText(/@citylights lädt dich ein/)).toHaveTextContent(
      '@citylights lädt dich ein, bei City Lights mitzuhelfen, als Inhaber:in: alles, auch die Mitglieder und die Organisation.',
    );
    expect(screen.getByRole('button', { name: 'City Lights beitreten' })).toBeInTheDocument();
  });

  it('tells a visitor in Arabic how to join, with no inviter named', async () => {
    server.use(http.post(apiUrl('/organization/invitation/'), () => HttpResponse.json({ ...invitation, invited_by: null, role: 'checkin' })));
    await act(() => changeLanguage('ar'));
    renderApp('/join?t=01JORG.secret');

    expect(await screen.findByText(/أنت مدعو/)).toHaveTextContent('بصفة مسؤول تسجيل الحضور');
    expect(screen.getByRole('link', { name: 'سجّل الدخول للانضمام' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/join?t=01JORG.secret')}`);
    expect(screen.getByRole('link', { name: 'أنشئ حسابًا شخصيًا' })).toBeInTheDocument();
  });
});
