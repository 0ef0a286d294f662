import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { session } from '@/lib/storage';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';
import { upcomingEvent } from '@/test/fixtures';
import type { TurnoutEvent } from '@/types/api';

// Private events open with their invite code; online events tell where
// they are joined, and give the link to people holding a seat only.

const secret: TurnoutEvent = { ...upcomingEvent, id: '01J00000000000000000SECRET', title: 'Secret supper', visibility: 'private' };
const INVITE = 'Abc-123_xyz';

function signIn() {
  session.setTokens({ access: 'access-1', refresh: 'refresh-1' });
  server.use(http.get(apiUrl('/user/profile/'), () => HttpResponse.json({ is_organizer: false, image_url: null })));
}

// The API as it answers a private event: 404 without its code, unless the
// caller holds a registration (registered: the token's holder does).
function answerPrivate(registered: boolean) {
  const asked: string[] = [];
  server.use(
    http.get(apiUrl('/event/detail/:id/'), ({ request }) => {
      const url = new URL(request.url);
      const auth = request.headers.get('Authorization');
      asked.push(`${url.searchParams.get('invite') ?? '-'} ${auth ?? '-'}`);
      if (url.searchParams.get('invite') === INVITE || (registered && auth)) return HttpResponse.json(secret);
      return HttpResponse.json({ detail: 'Event not found.' }, { status: 404 });
    }),
    http.get(apiUrl('/event/register/:id/'), () =>
      registered ? HttpResponse.json({ registration_id: 'reg-1', status: 'registered', checked_in_at: null }) : HttpResponse.json({ registration_id: null, status: null }),
    ),
  );
  return asked;
}

describe('private and online events', () => {
  it("opens a private event by its invite link and registers with the link's code", async () => {
    signIn();
    const asked = answerPrivate(false);
    const registered: (string | null)[] = [];
    server.use(
      http.post(apiUrl('/event/register/:id/'), ({ request }) => {
        registered.push(new URL(request.url).searchParams.get('invite'));
        return HttpResponse.json({ detail: 'Successfully registered for the event!', id: 'reg-1', status: 'registered' }, { status: 201 });
      }),
    );
    const { user } = renderApp(`/event/detail?id=${secret.id}&invite=${INVITE}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Secret supper' })).toBeInTheDocument();
    expect(asked).toEqual([`${INVITE} -`]);
    // Its calendar file needs the code too.
    expect(screen.getByRole('link', { name: /Download \.ics/, hidden: true })).toHaveAttribute('href', expect.stringContaining(`calendar.ics?invite=${INVITE}`));
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('Successfully registered for the event!')).toBeInTheDocument();
    expect(registered).toEqual([INVITE]);
  });

  it('opens a private event without the code for a person registered for it', async () => {
    signIn();
    const asked = answerPrivate(true);
    renderApp(`/event/detail?id=${secret.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Secret supper' })).toBeInTheDocument();
    // The public read first (shared by everyone at the edge), then the person's own.
    expect(asked).toEqual(['- -', '- Bearer access-1']);
  });

  it('says a private event does not exist to a visitor without its code', async () => {
    const asked = answerPrivate(false);
    renderApp(`/event/detail?id=${secret.id}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('This event does not exist or has been removed.');
    expect(asked).toEqual(['- -']);
    // Someone registered may only need to log in, and is brought back.
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/event/detail?id=${secret.id}`)}`);
  });

  it('tells where an online event is, and gives the link to a seat holder only', async () => {
    const online: TurnoutEvent = { ...upcomingEvent, online: true, location: 'Riverside Park' };
    signIn();
    server.use(
      http.get(apiUrl('/event/register/:id/'), () =>
        HttpResponse.json({ registration_id: 'reg-1', status: 'registered', checked_in_at: null, online_url: 'https://meet.example.com/jazz' }),
      ),
    );
    renderApp(`/event/detail?id=${online.id}`, { event: online });

    expect(await screen.findByText('Online and at Riverside Park')).toBeInTheDocument();
    const join = await screen.findByRole('link', { name: /Open the event’s link/ });
    expect(join).toHaveAttribute('href', 'https://meet.example.com/jazz');
  });

  it('says only "Online" for an online event without a place, and no link to one not registered', async () => {
    const online: TurnoutEvent = { ...upcomingEvent, online: true, location: 'Online' };
    renderApp(`/event/detail?id=${online.id}`, { event: online });

    expect(await screen.findByText('Online', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Join online' })).not.toBeInTheDocument();
  });

  it('asks the event’s questions before registering, sends the answers and shows the server’s reasons under each', async () => {
    const asking: TurnoutEvent = {
      ...upcomingEvent,
      questions: [
        { id: 'qDiet', label: 'Diet', kind: 'choice', options: ['None', 'Vegan'], required: true },
        { id: 'qNote', label: 'Anything else?', kind: 'text', options: [], required: false },
        { id: 'qCoc', label: 'I accept the code of conduct', kind: 'checkbox', options: [], required: true },
      ],
    };
    signIn();
    server.use(http.get(apiUrl('/event/register/:id/'), () => HttpResponse.json({ registration_id: null, status: null })));
    const bodies: unknown[] = [];
    let refuse = true;
    server.use(
      http.post(apiUrl('/event/register/:id/'), async ({ request }) => {
        bodies.push(await request.json());
        if (refuse) return HttpResponse.json({ answers: { qNote: ['Ensure this field has no more than 500 characters.'] } }, { status: 400 });
        return HttpResponse.json(
          { detail: 'Successfully registered for the event!', id: 'reg-1', status: 'registered', answers: [{ question_id: 'qDiet', label: 'Diet', kind: 'choice', answer: 'Vegan' }] },
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp(`/event/detail?id=${asking.id}`, { event: asking });

    const form = await screen.findByRole('form', { name: 'Registration questions' });
    // The browser asks for what is required before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(bodies).toEqual([]);
    await user.click(screen.getByLabelText('Vegan'));
    await user.type(screen.getByLabelText('Anything else?'), 'Nuts.');
    await user.click(screen.getByLabelText(/I accept the code of conduct/));
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('Ensure this field has no more than 500 characters.')).toBeInTheDocument();
    expect(bodies).toEqual([{ answers: { qDiet: 'Vegan', qNote: 'Nuts.', qCoc: true } }]);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('You are registered for this event.')).toBeInTheDocument();
    expect(form).not.toBeInTheDocument();
    const yours = screen.getByRole('region', { name: 'Your answers' });
    expect(yours).toHaveTextContent('Diet');
    expect(yours).toHaveTextContent('Vegan');
  });

  it('asks to join an event that takes approval, says the request waits, and withdraws it', async () => {
    const approving: TurnoutEvent = { ...upcomingEvent, approval: true };
    signIn();
    server.use(
      http.get(apiUrl('/event/register/:id/'), () => HttpResponse.json({ registration_id: null, status: null })),
      http.post(apiUrl('/event/register/:id/'), () =>
        HttpResponse.json({ detail: 'Your request to join is in: the organizer will tell you by mail.', id: 'reg-9', status: 'pending', answers: [] }, { status: 201 }),
      ),
      http.delete(apiUrl('/event/cancle/register/:id/'), () => new HttpResponse(null, { status: 204 })),
    );
    const { user } = renderApp(`/event/detail?id=${approving.id}`, { event: approving });

    expect(await screen.findByText('The organizer approves each registration.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request to Join' }));
    expect(await screen.findByText('Your request to join is in: the organizer will tell you by mail.')).toBeInTheDocument();
    expect(screen.getByText('Your request awaits the organizer’s approval. You will be told by mail.')).toBeInTheDocument();
    // No seat is held: the count stays.
    expect(screen.getByText('42 seats left')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw Request' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('Your request is withdrawn.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request to Join' })).toBeInTheDocument();
  });
});
