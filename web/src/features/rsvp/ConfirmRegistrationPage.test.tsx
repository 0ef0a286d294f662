import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { currentLocation, renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { GuestRegistration, ManagedRegistration } from '@/api/guests';
import { changeLanguage } from '@/i18n/i18n';

const token = 'G1.01JREG00000000000000000001.dG9rZW4tdG9rZW4';
const secret = 'M1.01JREG00000000000000000001.0.c2lnbmF0dXJl';
const confirmed: GuestRegistration = {
  detail: 'The event is full: you are on the waitlist.',
  codes: { detail: 'waitlisted' },
  id: '01JREG00000000000000000001',
  event_id: '01JEVT00000000000000000001',
  title: 'Harbour Jazz',
  start_time: '2030-05-01T18:00:00Z',
  end_time: '2030-05-01T21:00:00Z',
  location: 'Pier 4',
  time_zone: 'UTC',
  status: 'waitlisted',
  position: 3,
  answers: [],
  manage_url: `https://turnout.example.com/rsvp?t=${secret}`,
};

// Records the confirmations posted, with their token header, and answers each with answer.
function answerConfirm(answer: () => Response) {
  const posted: { body: unknown; auth: string | null }[] = [];
  server.use(
    http.post(apiUrl('/event/rsvp/confirm/'), async ({ request }) => {
      posted.push({ body: await request.json(), auth: request.headers.get('Authorization') });
      return answer();
    }),
  );
  return posted;
}

beforeAll(async () => {
  await Promise.all([import('./ConfirmRegistrationPage'), import('./ManageRegistrationPage')]);
});

describe('confirming a guest registration', () => {
  it('changes nothing on opening; the button posts the token and leads to the manage page', async () => {
    const posted = answerConfirm(() => HttpResponse.json(confirmed, { status: 201 }));
    const managed: ManagedRegistration = {
      event: { id: confirmed.event_id, title: 'Harbour Jazz', start_time: confirmed.start_time, end_time: confirmed.end_time, location: 'Pier 4', time_zone: 'UTC', cancelled: false, online: false, page_url: `https://turnout.example.com/event/detail?id=${confirmed.event_id}` },
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      guest: true,
      registration: { registration_id: confirmed.id, status: 'waitlisted', position: 3, checked_in_at: null, answers: [] },
    };
    server.use(http.get(apiUrl(`/event/rsvp/${secret}/`), () => HttpResponse.json(managed)));
    const { user } = renderApp(`/rsvp/confirm?t=${token}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your registration' })).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // Mail scanners open links: opening it sends nothing.
    expect(posted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Confirm my registration' }));

    expect(await screen.findByText('The event is full: you are on the waitlist.')).toBeInTheDocument();
    expect(posted).toEqual([{ body: { token }, auth: null }]);
    expect(screen.getByRole('heading', { level: 2, name: 'Harbour Jazz' })).toBeInTheDocument();
    expect(screen.getByText('You are on the waitlist (number 3 in line).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm my registration' })).not.toBeInTheDocument();
    const manage = screen.getByRole('link', { name: 'Manage your registration' });
    // Within the app: the manage page's path and query, not the mail's host.
    expect(manage).toHaveAttribute('href', `/rsvp?t=${secret}`);

    await user.click(manage);
    await waitFor(() => expect(currentLocation()).toBe(`/rsvp?t=${secret}`));
    expect(await screen.findByRole('button', { name: 'Leave the waitlist' })).toBeInTheDocument();
  });

  it('speaks German', async () => {
    const posted = answerConfirm(() => HttpResponse.json(confirmed, { status: 201 }));
    await act(() => changeLanguage('de'));
    renderApp(`/rsvp/confirm?t=${token}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Bestätige deine Anmeldung' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anmeldung bestätigen' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Bestätige deine Anmeldung · Turnout'));
    expect(posted).toEqual([]);
  });

  it("shows the API's reason when the link expired or was used, with the way to the events", async () => {
    const posted = answerConfirm(() => HttpResponse.json({ detail: 'This link has expired or was already used.' }, { status: 404 }));
    const { user } = renderApp(`/rsvp/confirm?t=${token}`);

    await user.click(await screen.findByRole('button', { name: 'Confirm my registration' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used.');
    expect(posted).toHaveLength(1);
    // A used link will not work again: no button to press once more.
    expect(screen.queryByRole('button', { name: 'Confirm my registration' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
    expect(screen.queryByRole('link', { name: 'Manage your registration' })).not.toBeInTheDocument();
  });

  it("shows the API's reason for a full event", async () => {
    answerConfirm(() => HttpResponse.json({ detail: 'This event is full.' }, { status: 409 }));
    const { user } = renderApp(`/rsvp/confirm?t=${token}`);

    await user.click(await screen.findByRole('button', { name: 'Confirm my registration' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This event is full.');
  });

  it('offers the button again after a failure that may pass', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let busy = true;
    const posted = answerConfirm(() => (busy ? HttpResponse.json({ detail: 'The service is busy. Please try again.' }, { status: 503 }) : HttpResponse.json({ ...confirmed, status: 'pending', detail: 'Your request to join is in.' }, { status: 201 })));
    const { user } = renderApp(`/rsvp/confirm?t=${token}`);

    await user.click(await screen.findByRole('button', { name: 'Confirm my registration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is busy. Please try again.');

    busy = false;
    await user.click(screen.getByRole('button', { name: 'Confirm my registration' }));
    expect(await screen.findByText('Your request awaits the organizer’s approval. You will be told by mail.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(posted).toEqual([
      { body: { token }, auth: null },
      { body: { token }, auth: null },
    ]);
  });

  it('says the link is incomplete without asking the API when it has no token', async () => {
    // A request would meet no handler and fail the test.
    renderApp('/rsvp/confirm');

    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is incomplete.');
    expect(screen.queryByRole('button', { name: 'Confirm my registration' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
  });
});
