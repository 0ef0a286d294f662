import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { session } from '@/lib/storage';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';
import { upcomingEvent } from '@/test/fixtures';
import type { TurnoutEvent } from '@/types/api';
import { changeLanguage } from '@/i18n/i18n';

// A signed-out visitor registers with a name and an email address (a
// guest): the API mails a link to confirm, and nothing is held until then.

const INVITE = 'Abc-123_xyz';
const supper: TurnoutEvent = {
  ...upcomingEvent,
  id: '01J00000000000000000SUPPER',
  title: 'Secret supper',
  visibility: 'private',
  questions: [
    { id: 'qDiet', label: 'Diet', kind: 'choice', options: ['None', 'Vegan'], required: true },
    { id: 'qNote', label: 'Anything else?', kind: 'text', options: [], required: false },
  ],
};
const MAILED = 'Almost there: open the link we mailed you to confirm your registration.';

interface Posted {
  body: unknown;
  auth: string | null;
  invite: string | null;
}

// Answers the guest's registration with answer, recording what was sent.
function answerRegistration(answer: () => Response = () => HttpResponse.json({ detail: MAILED }, { status: 202 })) {
  const posted: Posted[] = [];
  server.use(
    http.post(apiUrl('/event/register/:id/'), async ({ request }) => {
      posted.push({ body: await request.json(), auth: request.headers.get('Authorization'), invite: new URL(request.url).searchParams.get('invite') });
      return answer();
    }),
  );
  return posted;
}

async function fillIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByLabelText('Vegan'));
  await user.type(screen.getByLabelText('Anything else?'), 'Nuts.');
}

describe('registering as a guest', () => {
  it('sends the name, email and answers without a token and with the invite code, then says to check the mail', async () => {
    const posted = answerRegistration();
    const { user } = renderApp(`/event/detail?id=${supper.id}&invite=${INVITE}`, { event: supper });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Register with email' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(posted).toEqual([{ body: { name: 'Ada Lovelace', email: 'ada@example.com', answers: { qDiet: 'Vegan', qNote: 'Nuts.' } }, auth: null, invite: INVITE }]);
    expect(screen.getByText(MAILED)).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    // The form gave way; nothing is held, so the seats stay as they were.
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register with email' })).not.toBeInTheDocument();
    expect(screen.getByText('42 seats left')).toBeInTheDocument();
    // Focus went to what took the pressed button's place.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Check your email' })).toHaveFocus());
  });

  it('sends nothing until the name, the email and the required questions are filled in', async () => {
    const posted = answerRegistration();
    const { user } = renderApp(`/event/detail?id=${supper.id}`, { event: supper });

    await user.click(await screen.findByRole('button', { name: 'Register with email' }));
    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    // The diet is still to be chosen.
    await user.click(screen.getByRole('button', { name: 'Register with email' }));
    expect(posted).toEqual([]);

    await user.click(screen.getByLabelText('None'));
    await user.click(screen.getByRole('button', { name: 'Register with email' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // Only the questions answered; no invite without one in the link.
    expect(posted[0]).toEqual({ body: { name: 'Ada Lovelace', email: 'ada@example.com', answers: { qDiet: 'None' } }, auth: null, invite: null });
  });

  it("shows the server's reasons under the name, the email and each question, and its detail above the button", async () => {
    let answer = () => HttpResponse.json({ name: ['Please give your name.'], email: ['Enter a valid email address.'], answers: { qNote: ['Ensure this field has no more than 500 characters.'] } }, { status: 400 });
    const posted = answerRegistration(() => answer());
    const { user } = renderApp(`/event/detail?id=${supper.id}`, { event: supper });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Register with email' }));

    expect(await screen.findByText('Please give your name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please give your name.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getByLabelText('Anything else?')).toHaveAccessibleDescription('Ensure this field has no more than 500 characters.');
    expect(screen.getByRole('alert')).toHaveTextContent('Please check what you entered above.');

    answer = () => HttpResponse.json({ detail: 'This event is full.' }, { status: 409 });
    await user.click(screen.getByRole('button', { name: 'Register with email' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This event is full.'));
    expect(screen.getByRole('button', { name: 'Register with email' })).toHaveAccessibleDescription('This event is full.');
    expect(screen.queryByText('Please give your name.')).not.toBeInTheDocument();
    expect(posted).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });

  it('says registering failed, not what the server said, when the server fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerRegistration(() => HttpResponse.json({ detail: 'Internal error.' }, { status: 500 }));
    const { user } = renderApp(`/event/detail?id=${upcomingEvent.id}`, { event: upcomingEvent });

    await user.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Register with email' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to register. Please try again.');
    expect(screen.queryByText('Internal error.')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('register as guest', expect.anything());
  });

  it('keeps the offer to log in beside the guest form', async () => {
    const { user } = renderApp(`/event/detail?id=${upcomingEvent.id}`, { event: upcomingEvent });

    const panel = await screen.findByRole('complementary', { name: 'Registration' });
    expect(await within(panel).findByRole('button', { name: 'Register with email' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('Please log in first to register for the event.')).toBeInTheDocument();
  });

  it('asks to join with email an event that takes approval, and joins the waitlist of a full one', async () => {
    const { unmount } = renderApp(`/event/detail?id=${upcomingEvent.id}`, { event: { ...upcomingEvent, approval: true } });
    expect(await screen.findByRole('button', { name: 'Request to join with email' })).toBeInTheDocument();
    unmount();

    renderApp(`/event/detail?id=${upcomingEvent.id}`, { event: { ...upcomingEvent, seats_left: 0, waitlist: true } });
    expect(await screen.findByRole('button', { name: 'Join the waitlist with email' })).toBeInTheDocument();
  });

  it('offers no guest form for an event that takes nobody, nor to a signed-in person', async () => {
    // Once its code is in, the form shows at once wherever it is offered.
    const open = renderApp(`/event/detail?id=${upcomingEvent.id}`, { event: upcomingEvent });
    expect(await screen.findByRole('button', { name: 'Register with email' })).toBeInTheDocument();
    open.unmount();

    const { unmount } = renderApp(`/event/detail?id=${upcomingEvent.id}`, { event: { ...upcomingEvent, seats_left: 0 } });
    expect(await screen.findByRole('button', { name: 'Register Now' })).toBeDisabled();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    unmount();

    const { unmount: unmountCancelled } = renderApp(`/event/detail?id=${upcomingEvent.id}`, { event: { ...upcomingEvent, cancelled: true } });
    expect(await screen.findByRole('button', { name: 'Register Now' })).toBeDisabled();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    unmountCancelled();

    session.setTokens({ access: 'access-1', refresh: 'refresh-1' });
    server.use(
      http.get(apiUrl('/user/profile/'), () => HttpResponse.json({ is_organizer: false, image_url: null })),
      http.get(apiUrl('/event/register/:id/'), () => HttpResponse.json({ registration_id: null, status: null })),
    );
    renderApp(`/event/detail?id=${supper.id}`, { event: supper });
    expect(await screen.findByRole('button', { name: 'Register Now' })).toBeEnabled();
    // The signed-in person answers the questions in the page's own form.
    expect(await screen.findByRole('form', { name: 'Registration questions' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /with email/ })).not.toBeInTheDocument();
  });

  it('speaks German when switched, the address set in the sentence that says where the link went', async () => {
    answerRegistration();
    const { user } = renderApp(`/event/detail?id=${supper.id}&invite=${INVITE}`, { event: supper });
    await fillIn(user);

    await act(() => changeLanguage('de'));
    expect(screen.getByRole('heading', { name: 'Kein Konto? Melde dich per E-Mail zur Veranstaltung an' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Fragen zur Anmeldung' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Per E-Mail anmelden' }));

    expect(await screen.findByRole('heading', { name: 'Schau in dein Postfach' })).toBeInTheDocument();
    const sentTo = screen.getByText('ada@example.com');
    expect(sentTo.tagName).toBe('SPAN');
    expect(sentTo.parentElement).toHaveTextContent(/^Wir haben ihn an ada@example\.com geschickt\./);
  });
});
