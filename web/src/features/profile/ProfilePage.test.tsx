import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { currentLocation, renderApp } from '@/test/render';
import { changeLanguage } from '@/i18n/i18n';
import { apiUrl, server } from '@/test/server';
import type { Profile, RegisteredEvent } from '@/types/api';
import { gate, organization, organizer, person, registrations, signIn, preloadPages } from './test-fixtures';

beforeAll(async () => {
  await preloadPages();
});


function answerProfile(profile: Profile) {
  server.use(http.get(apiUrl('/user/profile/'), () => HttpResponse.json(profile)));
}

function answerRegistrations(list: RegisteredEvent[]) {
  server.use(http.get(apiUrl(`/event/user-event/${person.id}/`), () => HttpResponse.json(list)));
}

describe('organizer profile', () => {
  // Organizers register for events as themselves; none by default.
  beforeEach(() => {
    server.use(http.get(apiUrl(`/event/user-event/${organizer.id}/`), () => HttpResponse.json([])));
  });

  function answerOrganizer() {
    answerProfile(organizer);
    server.use(http.get(apiUrl('/organization/details/'), () => HttpResponse.json(organization)));
  }

  it('shows the organization with N/A for empty values and keeps its id', async () => {
    signIn();
    answerOrganizer();
    renderApp('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'City Lights' })).toBeInTheDocument();
    const details = screen.getByRole('definition', { name: (_, el) => el.previousElementSibling?.textContent === 'Username' });
    expect(details).toHaveTextContent('citylights');
    expect(screen.getByText('hello@citylights.example')).toBeInTheDocument();
    expect(screen.getByText('1 Harbour Road')).toBeInTheDocument();
    // Phone, address line 2, website and description are empty.
    expect(screen.getAllByText('N/A')).toHaveLength(4);
    expect(screen.getByAltText('City Lights logo')).toHaveAttribute('src', '/placeholder-avatar.svg');
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Event' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(localStorage.getItem('organization_id')).toBe(organization.id);
  });

  it("lists the organizer's own registrations, a waiting one with its place in line", async () => {
    signIn();
    answerOrganizer();
    server.use(
      http.get(apiUrl(`/event/user-event/${organizer.id}/`), () =>
        HttpResponse.json([
          { ...registrations[0], status: 'waitlisted', position: 3 },
          { ...registrations[1], status: 'registered' },
          { ...registrations[0], id: 'reg-pending', title: 'Asked to join', status: 'pending' },
        ]),
      ),
    );
    renderApp('/profile');

    expect(await screen.findByRole('heading', { name: 'Registered Events' })).toBeInTheDocument();
    const waiting = (await screen.findByText(registrations[0]!.title)).closest('li')!;
    expect(within(waiting).getByText('Waitlisted (3)')).toBeInTheDocument();
    expect(within(waiting).queryByRole('link', { name: 'Ticket' })).not.toBeInTheDocument();
    const seated = screen.getByText(registrations[1]!.title).closest('li')!;
    expect(within(seated).getByRole('link', { name: 'Ticket' })).toHaveAttribute('href', `/event/detail?id=${registrations[1]!.event_id}`);
    // A request to join holds no seat, and no ticket, until approved.
    const asked = screen.getByText('Asked to join').closest('li')!;
    expect(within(asked).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(asked).queryByRole('link', { name: 'Ticket' })).not.toBeInTheDocument();
  });

  it('marks a registration whose event was called off, without a ticket', async () => {
    signIn();
    answerOrganizer();
    server.use(
      http.get(apiUrl(`/event/user-event/${organizer.id}/`), () =>
        HttpResponse.json([{ ...registrations[0], status: 'registered', cancelled: true }]),
      ),
    );
    renderApp('/profile');

    const item = (await screen.findByText(registrations[0]!.title)).closest('li')!;
    expect(within(item).getByText('Cancelled')).toBeInTheDocument();
    expect(within(item).queryByRole('link', { name: 'Ticket' })).not.toBeInTheDocument();
  });

  it('shows the calendar feed link when asked, and resets it after asking', async () => {
    signIn();
    answerOrganizer();
    server.use(http.get(apiUrl(`/event/user-event/${organizer.id}/`), () => HttpResponse.json([])));
    let version = 0;
    const feed = () => ({ url: `http://localhost:3000/api/event/feed/F1.x.${version}.sig/calendar.ics`, webcal: `webcal://localhost:3000/api/event/feed/F1.x.${version}.sig/calendar.ics` });
    server.use(
      http.get(apiUrl('/event/feed/'), () => HttpResponse.json(feed())),
      http.post(apiUrl('/event/feed/reset/'), () => {
        version++;
        return HttpResponse.json(feed());
      }),
    );
    const { user } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: 'Show my calendar link' }));
    expect(await screen.findByLabelText('Feed address')).toHaveValue(feed().url);
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', feed().webcal);
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(screen.getByLabelText('Feed address')).toHaveValue(feed().url));
    expect(version).toBe(1);
  });

  it('lists the organizations the person follows when asked, and unfollows one', async () => {
    signIn();
    answerOrganizer();
    server.use(http.get(apiUrl(`/event/user-event/${organizer.id}/`), () => HttpResponse.json([])));
    let unfollowed = '';
    server.use(
      http.get(apiUrl('/user/following/'), () => HttpResponse.json([{ id: '01JORG00000000000000000009', name: 'Run Club', logo_url: null }])),
      http.delete(apiUrl('/organization/public/:id/follow/'), ({ params }) => {
        unfollowed = String(params.id);
        return HttpResponse.json({ following: false, followers: 0 });
      }),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Show the organizations I follow' }));
    const section = screen.getByRole('region', { name: 'Following' });
    expect(await within(section).findByRole('link', { name: 'Run Club' })).toHaveAttribute('href', '/organizations/01JORG00000000000000000009');
    await user.click(within(section).getByRole('button', { name: 'Unfollow' }));
    await waitFor(() => expect(unfollowed).toBe('01JORG00000000000000000009'));
    expect(await within(section).findByText(/You follow no organization yet/)).toBeInTheDocument();
  });

  it('shows the email settings when asked, reminders first, and saves each change', async () => {
    signIn();
    answerOrganizer();
    server.use(http.get(apiUrl(`/event/user-event/${organizer.id}/`), () => HttpResponse.json([])));
    let settings = { reminder_24h: true, reminder_1h: true, event_changes: true, organizer_messages: true, new_events: true };
    const saved: unknown[] = [];
    server.use(
      http.get(apiUrl('/user/notifications/'), () => HttpResponse.json(settings)),
      http.put(apiUrl('/user/notifications/'), async ({ request }) => {
        const changes = (await request.json()) as Partial<typeof settings>;
        saved.push(changes);
        settings = { ...settings, ...changes };
        return HttpResponse.json(settings);
      }),
    );
    const { user } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: 'Choose emails' }));
    const group = await screen.findByRole('group', { name: 'Emails I get' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')!.textContent)).toEqual([
      'A reminder the day before an event I registered for',
      'A reminder 1 hour before it starts',
      'When an event I registered for moves',
      "Organizers' messages about events I registered for",
      'New events of the organizations I follow',
    ]);
    for (const box of boxes) expect(box).toBeChecked();

    expect(within(group).getByRole('status')).toHaveTextContent('');
    const hourBefore = screen.getByRole('checkbox', { name: 'A reminder 1 hour before it starts' });
    await user.click(hourBefore);
    await waitFor(() => expect(hourBefore).not.toBeChecked());
    // Each change the server kept is said.
    expect(within(group).getByRole('status')).toHaveTextContent('Saved');
    const messages = screen.getByRole('checkbox', { name: "Organizers' messages about events I registered for" });
    await user.click(messages);
    await waitFor(() => expect(messages).not.toBeChecked());
    expect(saved).toEqual([{ reminder_1h: false }, { organizer_messages: false }]);
    expect(screen.getByRole('checkbox', { name: 'A reminder the day before an event I registered for' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'When an event I registered for moves' })).toBeChecked();

    // And back on.
    await user.click(hourBefore);
    await waitFor(() => expect(hourBefore).toBeChecked());
    expect(saved).toHaveLength(3);
    expect(saved[2]).toEqual({ reminder_1h: true });
  });

  it("shows a reminder turned off elsewhere (by a mail's link) as off", async () => {
    signIn();
    answerOrganizer();
    server.use(
      http.get(apiUrl(`/event/user-event/${organizer.id}/`), () => HttpResponse.json([])),
      http.get(apiUrl('/user/notifications/'), () =>
        HttpResponse.json({ reminder_24h: false, reminder_1h: true, event_changes: true, organizer_messages: true }),
      ),
    );
    const { user } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: 'Choose emails' }));
    expect(await screen.findByRole('checkbox', { name: 'A reminder the day before an event I registered for' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'A reminder 1 hour before it starts' })).toBeChecked();
  });

  it('downloads the account data, its pages joined, under the name the last gives', async () => {
    signIn();
    answerOrganizer();
    const registration = (id: string) => ({ registration_id: id, event_id: 'e' + id });
    server.use(
      http.get(apiUrl(`/event/user-event/${organizer.id}/`), () => HttpResponse.json([])),
      http.get(apiUrl('/user/export/'), ({ request }) =>
        new URL(request.url).searchParams.get('after') === 'r1'
          ? HttpResponse.json(
              { profile: { id: organizer.id }, registrations: [registration('r2')] },
              { headers: { 'Content-Disposition': 'attachment; filename=turnout-org.json' } },
            )
          : HttpResponse.json(
              { profile: { id: organizer.id }, registrations: [registration('r1')] },
              { headers: { 'Content-Disposition': 'attachment; filename=turnout-org-incomplete.json', 'X-Next-Page': 'r1' } },
            ),
      ),
    );
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:data';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toEqual(['turnout-org.json']));
    expect(saved).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0] as Blob);
    });
    const file = JSON.parse(text);
    expect(file.profile.id).toBe(organizer.id);
    expect(file.registrations).toEqual([registration('r1'), registration('r2')]);
  });

  it('deletes the account after the password and a confirmation, then signs out', async () => {
    signIn();
    answerOrganizer();
    server.use(http.get(apiUrl(`/event/user-event/${organizer.id}/`), () => HttpResponse.json([])));
    const sent: unknown[] = [];
    server.use(
      http.delete(apiUrl('/user/account/'), async ({ request }) => {
        const body = (await request.json()) as { password: string };
        sent.push(body);
        return body.password === 'right-password'
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json({ password: ['Your password was entered incorrectly. Please enter it again.'] }, { status: 400 });
      }),
      http.get(apiUrl('/event/public/'), () => HttpResponse.json([])),
    );
    const { user } = renderApp('/profile');

    await user.type(await screen.findByLabelText('Your password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Your password was entered incorrectly. Please enter it again.')).toBeInTheDocument();
    expect(localStorage.getItem('access_token') ?? localStorage.length).toBeTruthy();

    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(sent).toEqual([{ password: 'wrong-password' }, { password: 'right-password' }]);
    expect(localStorage.length).toBe(0);
  });

  it('links the website and shows the logo when there are ones', async () => {
    signIn();
    answerProfile(organizer);
    server.use(
      http.get(apiUrl('/organization/details/'), () =>
        HttpResponse.json({ ...organization, link: 'https://citylights.example', logo_url: 'http://localhost:3000/media/logo.png' }),
      ),
    );
    renderApp('/profile');

    expect(await screen.findByRole('link', { name: 'https://citylights.example' })).toHaveAttribute('href', 'https://citylights.example');
    expect(screen.getByAltText('City Lights logo')).toHaveAttribute('src', 'http://localhost:3000/media/logo.png');
  });

  it('Edit Profile opens the organization form with the organization', async () => {
    signIn();
    answerOrganizer();
    const { user } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));

    await waitFor(() => expect(currentLocation()).toBe('/organization_info/edit'));
    expect(await screen.findByLabelText('Organization Name')).toHaveValue('City Lights');
  });

  it('Event leads to the dashboard', async () => {
    signIn();
    answerOrganizer();
    const { user } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: 'Event' }));

    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'City Lights' })).toBeInTheDocument();
  });

  it('Change Password leads to the password form', async () => {
    signIn();
    answerOrganizer();
    const { user } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: 'Change Password' }));

    await waitFor(() => expect(currentLocation()).toBe('/reset-password'));
  });
});

describe('user profile', () => {
  it('loads more registrations page by page while the API has more', async () => {
    signIn();
    answerProfile(person);
    const [first, second] = registrations as [RegisteredEvent, RegisteredEvent];
    server.use(
      http.get(apiUrl(`/event/user-event/${person.id}/`), ({ request }) =>
        new URL(request.url).searchParams.get('after') === first.id
          ? HttpResponse.json([second])
          : HttpResponse.json([first], { headers: { 'X-Next-Page': first.id } }),
      ),
    );
    const { user } = renderApp('/profile');

    expect(await screen.findByText(first.title)).toBeInTheDocument();
    expect(screen.queryByText(second.title)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));

    expect(await screen.findByText(second.title)).toBeInTheDocument();
    expect(screen.getByText(first.title)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('shows the profile while loading first, then the details and registered events', async () => {
    signIn();
    const profileReady = gate();
    const eventsReady = gate();
    server.use(
      http.get(apiUrl('/user/profile/'), async () => {
        await profileReady.wait;
        return HttpResponse.json(person);
      }),
      http.get(apiUrl(`/event/user-event/${person.id}/`), async () => {
        await eventsReady.wait;
        return HttpResponse.json(registrations);
      }),
    );
    renderApp('/profile');

    expect(await screen.findByText('Loading profile...')).toBeInTheDocument();
    profileReady.open();
    expect(await screen.findByRole('heading', { level: 1, name: 'ana' })).toBeInTheDocument();
    expect(screen.getByText('Loading events...')).toBeInTheDocument();
    expect(screen.getByText(`Joined ${new Date(person.joined).toLocaleDateString()}`)).toBeInTheDocument();
    expect(screen.getByText('Ana Lima')).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('5550100')).toBeInTheDocument();
    // The address is empty: no row for it, no N/A.
    expect(screen.queryByText('Address')).not.toBeInTheDocument();
    expect(screen.queryByText('N/A')).not.toBeInTheDocument();
    expect(screen.getByAltText("ana's avatar")).toHaveAttribute('src', '/placeholder-avatar.svg');
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Event' })).not.toBeInTheDocument();

    eventsReady.open();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Harbour Jazz Night');
    expect(within(items[0]!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Open Air Cinema');
    expect(screen.queryByText('Loading events...')).not.toBeInTheDocument();
  });

  it('Edit Profile opens the profile form with the profile', async () => {
    signIn();
    answerProfile(person);
    answerRegistrations([]);
    const { user } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));

    await waitFor(() => expect(currentLocation()).toBe('/profile/edit'));
    expect(await screen.findByLabelText('First Name')).toHaveValue('Ana');
  });

  it('shows an email change waiting for confirmation under the email', async () => {
    signIn();
    answerProfile({ ...person, pending_email: 'ana.new@example.com' });
    answerRegistrations([]);
    renderApp('/profile');

    expect(await screen.findByText('Waiting for confirmation of ana.new@example.com: open the link we sent there.')).toBeInTheDocument();
    expect(screen.getByText(person.email)).toBeInTheDocument();
  });

  it('says when mail to the address bounces, and leads to changing it', async () => {
    signIn();
    answerProfile({ ...person, mail_problem: 'bounced' });
    answerRegistrations([]);
    const { user } = renderApp('/profile');

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(`Mail to ${person.email} bounces, so we stopped sending to it.`);
    await user.click(screen.getByRole('link', { name: 'Change email address' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile/edit'));
  });

  it('says nothing of mail while it goes', async () => {
    signIn();
    answerProfile(person);
    answerRegistrations([]);
    renderApp('/profile');

    expect(await screen.findByText('You have not registered for any events.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when there are no registered events', async () => {
    signIn();
    answerProfile(person);
    answerRegistrations([]);
    renderApp('/profile');

    expect(await screen.findByText('You have not registered for any events.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/events');
  });

  it('tells the user when the registered events cannot be loaded', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerProfile(person);
    server.use(
      http.get(apiUrl(`/event/user-event/${person.id}/`), () =>
        HttpResponse.json({ detail: 'Something went wrong.' }, { status: 500 }),
      ),
    );
    renderApp('/profile');

    expect(await screen.findByText('Failed to load registered events.')).toBeInTheDocument();
    expect(screen.queryByText('You have not registered for any events.')).not.toBeInTheDocument();
    // Not a bare button: what failed, and the way to try again.
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('We could not load your registered events.');
    expect(within(failure).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('logs a failed profile load without a toast, says so on the page and loads again on Try Again', async () => {
    signIn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    server.use(
      http.get(apiUrl('/user/profile/'), () =>
        fail ? HttpResponse.json({ detail: 'Something went wrong.' }, { status: 500 }) : HttpResponse.json(person),
      ),
    );
    answerRegistrations([]);
    const { user } = renderApp('/profile');

    await waitFor(() => expect(logged).toHaveBeenCalledWith('load profile', expect.anything()));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('We could not load your profile.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();

    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });
});

describe('cancelling a registration', () => {
  function setUp(answerCancel: () => Response | Promise<Response>) {
    signIn();
    const cancelled: string[] = [];
    answerProfile(person);
    answerRegistrations(registrations);
    server.use(
      http.delete(apiUrl('/event/cancle/register/:id/'), ({ params }) => {
        cancelled.push(String(params.id));
        return answerCancel();
      }),
    );
    return { cancelled, ...renderApp('/profile') };
  }

  const jazzItem = async () => (await screen.findByText('Harbour Jazz Night')).closest('li')!;

  it('asks first, then cancels and removes the item', async () => {
    const answered = gate();
    const { user, cancelled } = setUp(async () => {
      await answered.wait;
      return new HttpResponse(null, { status: 204 });
    });

    await user.click(within(await jazzItem()).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(cancelled).toEqual([]);

    await user.click(within(question).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Cancelling registration...')).toBeInTheDocument();
    answered.open();

    expect(await screen.findByText('Registration cancelled successfully.')).toBeInTheDocument();
    expect(cancelled).toEqual([registrations[0]!.id]);
    await waitFor(() => expect(screen.queryByText('Harbour Jazz Night')).not.toBeInTheDocument());
    expect(screen.getByText('Open Air Cinema')).toBeInTheDocument();
    expect(screen.queryByText('Cancelling registration...')).not.toBeInTheDocument();
  });

  it('does nothing when the user answers Cancel', async () => {
    const { user, cancelled } = setUp(() => new HttpResponse(null, { status: 204 }));

    await user.click(within(await jazzItem()).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));

    // A dismissed toast leaves after its exit animation (1 s).
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument(), { timeout: 2500 });
    expect(cancelled).toEqual([]);
    expect(screen.getByText('Harbour Jazz Night')).toBeInTheDocument();
    expect(screen.queryByText('Cancelling registration...')).not.toBeInTheDocument();
  });

  it('tells the user when the cancellation fails and keeps the item', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, cancelled } = setUp(() =>
      HttpResponse.json({ detail: 'You may only cancel your own registrations.' }, { status: 403 }),
    );

    await user.click(within(await jazzItem()).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Failed to cancel registration.')).toBeInTheDocument();
    expect(cancelled).toEqual([registrations[0]!.id]);
    expect(screen.getByText('Harbour Jazz Night')).toBeInTheDocument();
    expect(screen.queryByText('Registration cancelled successfully.')).not.toBeInTheDocument();
  });

  it('says when to try again after too many registrations and cancellations', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const slowDown = 'You have registered and cancelled too often just now. Please try again in a few minutes.';
    const { user } = setUp(() => HttpResponse.json({ detail: slowDown }, { status: 429, headers: { 'Retry-After': '240' } }));

    await user.click(within(await jazzItem()).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(slowDown)).toBeInTheDocument();
    expect(screen.queryByText('Failed to cancel registration.')).not.toBeInTheDocument();
  });
});

describe('language setting', () => {
  function answerLanguage(reply: (body: unknown) => Response) {
    const saved: unknown[] = [];
    server.use(
      http.put('*/api/user/language/', async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        return reply(body);
      }),
    );
    return saved;
  }

  it('saves the language chosen, and the page turns to it', async () => {
    signIn();
    answerProfile(person);
    answerRegistrations([]);
    const saved = answerLanguage((body) => HttpResponse.json(body as { language: string }));
    const { user } = renderApp('/profile');

    const setting = await screen.findByRole('region', { name: 'Language' });
    const select = within(setting).getByRole('combobox', { name: 'Your language' });
    expect(select).toHaveValue('en');
    // Each language named in itself.
    expect(within(select).getByRole('option', { name: 'Deutsch' })).toHaveAttribute('lang', 'de');
    expect(within(select).getByRole('option', { name: 'العربية' })).toHaveAttribute('lang', 'ar');

    await user.selectOptions(select, 'Deutsch');
    await waitFor(() => expect(saved).toEqual([{ language: 'de' }]));
    expect(await screen.findByRole('heading', { name: 'Angemeldete Veranstaltungen' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Deine Sprache' })).toHaveValue('de');
    expect(screen.getByRole('button', { name: 'Profil bearbeiten' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(localStorage.getItem('language')).toBe('de');
  });

  it('says in the language chosen when it cannot be saved', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerProfile(organizer);
    server.use(
      http.get(apiUrl('/organization/details/'), () => HttpResponse.json(organization)),
      http.get(apiUrl(`/event/user-event/${organizer.id}/`), () => HttpResponse.json([])),
    );
    const saved = answerLanguage(() => HttpResponse.json({ detail: 'Something went wrong.' }, { status: 500 }));
    const { user } = renderApp('/profile');

    // Organizers have the setting too.
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Your language' }), 'العربية');
    expect(await screen.findByText('تعذّر حفظ لغتك. يُرجى المحاولة مرة أخرى.')).toBeInTheDocument();
    expect(saved).toEqual([{ language: 'ar' }]);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { name: 'اللغة' })).toBeInTheDocument();
  });
});

describe('profile in another language', () => {
  it('shows the organization in Arabic, N/A and all', async () => {
    signIn();
    answerProfile(organizer);
    server.use(
      http.get(apiUrl('/organization/details/'), () => HttpResponse.json(organization)),
      http.get(apiUrl(`/event/user-event/${organizer.id}/`), () => HttpResponse.json([])),
    );
    await act(() => changeLanguage('ar'));
    renderApp('/profile');

    expect(await screen.findByRole('button', { name: 'تعديل الملف الشخصي' })).toBeInTheDocument();
    expect(screen.getAllByText('غير متوفر')).toHaveLength(4);
    expect(screen.getByAltText('شعار \u2068City Lights\u2069')).toBeInTheDocument();
    expect(await screen.findByText('لم تسجّل في أي فعالية بعد.')).toBeInTheDocument();
    expect(document.title).toBe('الملف الشخصي · Turnout');
  });
});
