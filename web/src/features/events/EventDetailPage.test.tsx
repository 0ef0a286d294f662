import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { session } from '@/lib/storage';
import { apiUrl, server } from '@/test/server';
import { currentLocation, renderApp } from '@/test/render';
import { eventDefaults, upcomingEvent } from '@/test/fixtures';
import type { TurnoutEvent } from '@/types/api';
import { dateBlock, eventTimeRange, timeIn } from '@/lib/time';
import { changeLanguage } from '@/i18n/i18n';


const inDays = (days: number, hours = 0) => new Date(Date.now() + (days * 24 + hours) * 3600_000).toISOString();

const jazz: TurnoutEvent = {
  ...eventDefaults,
  id: '01J0000000000000000000JAZZ',
  title: 'Jazz in the Park',
  description: 'An evening of live jazz under the trees.',
  location: 'Riverside Park',
  // Noon three days ahead (the fixture's), so its hours stay on one day.
  start_time: upcomingEvent.start_time,
  end_time: upcomingEvent.end_time,
  capacity: 120,
  seats_left: 42,
  banner: null,
  banner_url: null,
  organization: { id: 'org-1', name: 'City Lights', logo_url: null },
};

const detailPath = `/event/detail?id=${jazz.id}`;

// A person signed in holding a seat, with its ticket.
function logInWithTicket() {
  session.setTokens({ access: 'access-1', refresh: 'refresh-1' });
  server.use(
    http.get(apiUrl('/user/profile/'), () => HttpResponse.json({ is_organizer: false, image_url: null })),
    http.get(apiUrl('/event/register/:id/'), () =>
      HttpResponse.json({ registration_id: 'reg-7', status: 'registered', ticket: 'T1.reg-7.signature', checked_in_at: null }),
    ),
  );
}

// registrationId is the signed-in person's registration for the event, if any.
function logIn(registrationId?: string) {
  session.setTokens({ access: 'access-1', refresh: 'refresh-1' });
  server.use(
    // The top bar loads the avatar.
    http.get(apiUrl('/user/profile/'), () => HttpResponse.json({ is_organizer: false, image_url: null })),
    http.get(apiUrl('/event/register/:id/'), () =>
      registrationId
        ? HttpResponse.json({ registration_id: registrationId })
        : HttpResponse.json({ registration_id: null, status: null }),
    ),
  );
}

function detailOf(term: string) {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

describe('EventDetailPage', () => {
  it('shows the event handed over in navigation state', async () => {
    renderApp(detailPath, { event: jazz });

    expect(await screen.findByRole('heading', { level: 1, name: 'Jazz in the Park' })).toBeInTheDocument();
    expect(detailOf('Start Time')).toBe(timeIn(jazz.start_time));
    expect(detailOf('End Time')).toBe(timeIn(jazz.end_time));
    expect(detailOf('Location')).toBe('Riverside Park');
    expect(detailOf('Capacity')).toBe('120');
    expect(screen.getByText('42 seats left')).toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'About the Event' });
    expect(within(about).getByText('An evening of live jazz under the trees.')).toBeInTheDocument();
    // Once, not also under the title.
    expect(screen.getAllByText('An evening of live jazz under the trees.')).toHaveLength(1);
    expect(screen.getByText('No Image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register Now' })).toBeEnabled();
  });

  it('loads the event named by ?id= when there is no state', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/event/detail/:id/'), async ({ params }) => {
        asked.push(String(params.id));
        await delay(20);
        return HttpResponse.json({ ...jazz, banner_url: 'http://localhost:3000/media/banners/jazz.png' });
      }),
    );
    renderApp(detailPath);

    expect(await screen.findByText('Loading event...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jazz in the Park' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Banner of Jazz in the Park' })).toBeInTheDocument();
    expect(asked).toEqual([jazz.id]);
  });

  it('says how an occurrence of a series repeats and links its next dates', async () => {
    const series = { id: '01J0000000000000000SERIES1', position: 1 };
    const next = { ...jazz, id: '01J0000000000000000000JAZ2', start_time: inDays(10), end_time: inDays(10, 2), series: { ...series, position: 2 } };
    server.use(
      http.get(apiUrl('/event/detail/:id/'), () => HttpResponse.json({ ...jazz, series })),
      http.get(apiUrl(`/event/series/${series.id}/`), () =>
        HttpResponse.json({
          id: series.id,
          repeat: 'FREQ=WEEKLY;COUNT=3',
          repeat_text: 'Every Saturday, 12:00 UTC',
          repeat_pattern: { unit: 'week', every: 1, weekdays: [5], time: '12:00', zone: 'UTC' },
          time_zone: 'UTC',
          cancelled: false,
          organization: jazz.organization,
          events: [{ ...jazz, series }, next],
        }),
      ),
    );
    renderApp(detailPath);
    const dates = await screen.findByRole('region', { name: 'Every Saturday, 12:00 UTC' });
    const links = within(dates).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', `/event/detail?id=${next.id}`);
  });

  it('says when the event of ?id= does not exist', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(apiUrl('/event/detail/:id/'), () => HttpResponse.json({ detail: 'Event not found.' }, { status: 404 })));
    renderApp('/event/detail?id=nope');

    expect(await screen.findByRole('alert')).toHaveTextContent('This event does not exist or has been removed.');
  });

  it('shows No event details available with neither state nor id', async () => {
    renderApp('/event/detail');
    expect(await screen.findByText('No event details available')).toBeInTheDocument();
  });

  it('asks a logged-out visitor to log in before registering', async () => {
    let posted = 0;
    server.use(
      http.post(apiUrl('/event/register/:id/'), () => {
        posted += 1;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = renderApp(detailPath, { event: jazz });

    await user.click(await screen.findByRole('button', { name: 'Register Now' }));

    expect(await screen.findByText('Please log in first to register for the event.')).toBeInTheDocument();
    expect(posted).toBe(0);
    // On to log in (or sign up from there), with the way back to this event.
    await waitFor(() => expect(currentLocation()).toBe(`/login?next=${encodeURIComponent(detailPath)}`));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
  });

  it('registers a logged-in user with the bearer token', async () => {
    logIn();
    const calls: { id: string; auth: string | null }[] = [];
    server.use(
      http.post(apiUrl('/event/register/:id/'), ({ params, request }) => {
        calls.push({ id: String(params.id), auth: request.headers.get('Authorization') });
        return HttpResponse.json(
          { detail: 'Successfully registered for the event!', id: 'reg-1', event_id: jazz.id, title: jazz.title },
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp(detailPath, { event: jazz });

    await user.click(await screen.findByRole('button', { name: 'Register Now' }));

    expect(await screen.findByText('Successfully registered for the event!')).toBeInTheDocument();
    expect(calls).toEqual([{ id: jazz.id, auth: 'Bearer access-1' }]);
    expect(screen.getByText('41 seats left')).toBeInTheDocument();
    expect(screen.getByText('79 going')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Registration' })).toBeEnabled();
    // Focus stays on the page, on what took the pressed button's place.
    await waitFor(() => expect(document.activeElement).toHaveTextContent('You are registered for this event.'));
  });

  it('tells a registered person so, and lets them cancel there', async () => {
    logIn('reg-7');
    const cancelled: string[] = [];
    server.use(
      http.delete(apiUrl('/event/cancle/register/:id/'), ({ params }) => {
        cancelled.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp(detailPath, { event: jazz });

    expect(await screen.findByText('You are registered for this event.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register Now' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel Registration' }));
    // The question says what each choice does, and starts on the safe one.
    const question = await screen.findByRole('alertdialog');
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Keep my seat' })).toHaveFocus());
    await user.click(within(question).getByRole('button', { name: 'Cancel registration' }));

    expect(await screen.findByText('Registration cancelled successfully.')).toBeInTheDocument();
    expect(cancelled).toEqual(['reg-7']);
    expect(screen.getByText('43 seats left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register Now' })).toBeEnabled();
  });

  it('lets a person join the waitlist of a full event and leave it', async () => {
    logIn();
    const left: string[] = [];
    server.use(
      http.post(apiUrl('/event/register/:id/'), () =>
        HttpResponse.json(
          { detail: 'The event is full: you are on the waitlist.', id: 'reg-9', event_id: jazz.id, status: 'waitlisted', position: 4 },
          { status: 201 },
        ),
      ),
      http.delete(apiUrl('/event/cancle/register/:id/'), ({ params }) => {
        left.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp(detailPath, { event: { ...jazz, seats_left: 0, waitlist: true } });

    expect(await screen.findByText('This event is full. Join the waitlist to get the next free seat.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));

    expect(await screen.findByText('The event is full: you are on the waitlist.')).toBeInTheDocument();
    expect(await screen.findByText('You are on the waitlist (number 4 in line).')).toBeInTheDocument();
    expect(screen.getByText('Full')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Ticket QR code/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave Waitlist' }));
    await user.click(await screen.findByRole('button', { name: 'Leave waitlist' }));

    expect(await screen.findByText('You left the waitlist.')).toBeInTheDocument();
    expect(left).toEqual(['reg-9']);
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toBeEnabled();
  });

  it("shows a registered person's ticket as a QR code", async () => {
    logInWithTicket();
    renderApp(detailPath, { event: jazz });

    const code = await screen.findByRole('img', { name: 'Ticket QR code for Jazz in the Park' });
    expect(code.querySelector('svg')).not.toBeNull();
    expect(screen.getByText('T1.reg-7.signature')).toBeInTheDocument();
  });

  it('keeps what the person just did when the list they go back to is older', async () => {
    logIn();
    server.use(
      http.post(apiUrl('/event/register/:id/'), () =>
        HttpResponse.json({ detail: 'Successfully registered for the event!', id: 'reg-1', event_id: jazz.id }, { status: 201 }),
      ),
      // The list as a cache still holds it: 42 seats left.
      http.get(apiUrl('/event/public/'), () => HttpResponse.json([jazz])),
    );
    const { user } = renderApp(detailPath, { event: jazz });
    await user.click(await screen.findByRole('button', { name: 'Register Now' }));
    await screen.findByText('Successfully registered for the event!');

    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(await screen.findByText('41 seats left')).toBeInTheDocument();
    expect(screen.queryByText('42 seats left')).not.toBeInTheDocument();
  });

  it('says registering failed when the server fails', async () => {
    logIn();
    server.use(http.post(apiUrl('/event/register/:id/'), () => HttpResponse.json({ detail: 'Internal error.' }, { status: 500 })));
    const { user } = renderApp(detailPath, { event: jazz });

    await user.click(await screen.findByRole('button', { name: 'Register Now' }));

    expect(await screen.findByText('Failed to register. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Internal error.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register Now' })).toBeEnabled();
  });

  it("shows the server's reason when the event is full, started or already joined", async () => {
    logIn();
    server.use(
      http.post(apiUrl('/event/register/:id/'), () =>
        HttpResponse.json({ detail: 'You are already registered for this event.' }, { status: 409 }),
      ),
    );
    const { user } = renderApp(detailPath, { event: jazz });

    await user.click(await screen.findByRole('button', { name: 'Register Now' }));

    expect(await screen.findByText('You are already registered for this event.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to register. Please try again.')).not.toBeInTheDocument();
  });

  it('says when to try again after too many registrations and cancellations', async () => {
    logIn();
    const slowDown = 'You have registered and cancelled too often just now. Please try again in a few minutes.';
    server.use(http.post(apiUrl('/event/register/:id/'), () => HttpResponse.json({ detail: slowDown }, { status: 429, headers: { 'Retry-After': '240' } })));
    const { user } = renderApp(detailPath, { event: jazz });

    await user.click(await screen.findByRole('button', { name: 'Register Now' }));

    expect(await screen.findByText(slowDown)).toBeInTheDocument();
    expect(screen.queryByText('Failed to register. Please try again.')).not.toBeInTheDocument();
  });

  it('disables Register Now for a full event and says why', async () => {
    renderApp(detailPath, { event: { ...jazz, seats_left: 0 } });

    const button = await screen.findByRole('button', { name: 'Register Now' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('This event is full.');
  });

  it('disables Register Now for an event that has started and says why', async () => {
    renderApp(detailPath, { event: { ...jazz, start_time: inDays(0, -1), end_time: inDays(0, 2) } });

    const button = await screen.findByRole('button', { name: 'Register Now' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('This event has already started.');
  });

  it('shows a cancelled event as cancelled and takes nobody, even with a waitlist', async () => {
    renderApp(detailPath, { event: { ...jazz, cancelled: true, waitlist: true, seats_left: 0 } });

    const button = await screen.findByRole('button', { name: 'Register Now' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('This event has been cancelled.');
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
  });

  it("withdraws a registered person's ticket, cancel and calendar from a cancelled event and tells them why", async () => {
    logInWithTicket();
    renderApp(detailPath, { event: { ...jazz, cancelled: true, cancel_reason: 'The park is flooded.\nSee you in spring!' } });

    expect(await screen.findByText('This event has been cancelled.')).toBeInTheDocument();
    const why = screen.getByRole('figure', { name: 'Why it was cancelled' });
    expect(why).toHaveTextContent('The park is flooded. See you in spring!');
    // Wait for the registration to be known before looking for what it would show.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Register Now' })).not.toBeInTheDocument());
    expect(screen.queryByRole('img', { name: /Ticket QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Show this at the door', { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Registration' })).not.toBeInTheDocument();
    expect(screen.queryByText('Add to Calendar')).not.toBeInTheDocument();
  });

  it("shows the host with their initial, linking the organizer's page", async () => {
    renderApp(detailPath, { event: jazz });
    const link = await screen.findByRole('link', { name: 'City Lights' });
    expect(link).toHaveAttribute('href', '/organizations/org-1');
    const host = link.closest('div');
    expect(host).toHaveTextContent(/^CHosted by\s*City Lights$/);
  });

  it("shows the host's logo in place of the initial when they have one", async () => {
    const logo = 'http://localhost:3000/media/logos/city-lights.png';
    renderApp(detailPath, { event: { ...jazz, organization: { ...jazz.organization, logo_url: logo } } });
    const host = (await screen.findByRole('link', { name: 'City Lights' })).closest('div')!;
    expect(host.querySelector('img')).toHaveAttribute('src', logo);
    expect(host).toHaveTextContent(/^Hosted by\s*City Lights$/);
  });

  it('tells the date once, as one line under the title', async () => {
    renderApp(detailPath, { event: jazz });
    const header = (await screen.findByRole('heading', { level: 1 })).closest('header')!;
    // ICU's narrow spaces read as spaces, as the text matcher reads them.
    const line = eventTimeRange(jazz.start_time, jazz.end_time).replace(/\s+/g, ' ');
    expect(within(header).getByText(line)).toBeInTheDocument();
    // No calendar block beside the line: its month is written once.
    const month = dateBlock(jazz.start_time)!.month;
    expect(header.textContent!.split(month)).toHaveLength(2);
  });

  it('shows the seats left once, and how many are going', async () => {
    renderApp(detailPath, { event: jazz });
    expect(await screen.findByText('78 going')).toBeInTheDocument();
    expect(screen.getAllByText(/seats? left/i)).toHaveLength(1);
    expect(screen.getByText('42 seats left')).toBeInTheDocument();
  });

  it('leaves out the count going when nobody is, or the event is cancelled', async () => {
    const { unmount } = renderApp(detailPath, { event: { ...jazz, seats_left: jazz.capacity } });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/going/)).not.toBeInTheDocument();
    unmount();

    renderApp(detailPath, { event: { ...jazz, cancelled: true } });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/going/)).not.toBeInTheDocument();
  });

  it('tells the place with its city and links the point on OpenStreetMap', async () => {
    renderApp(detailPath, { event: { ...jazz, city: 'Lisbon', latitude: 38.7223, longitude: -9.1393 } });
    expect(await screen.findByText('Riverside Park · Lisbon')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Open in OpenStreetMap/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=38.7223&mlon=-9.1393#map=16/38.7223/-9.1393',
    );
  });

  it('offers no map for an event without a point', async () => {
    renderApp(detailPath, { event: { ...jazz, city: 'Lisbon', latitude: null, longitude: null } });
    expect(await screen.findByText('Riverside Park · Lisbon')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /OpenStreetMap/ })).not.toBeInTheDocument();
  });

  it('goes back to the events list without history', async () => {
    server.use(http.get(apiUrl('/event/public/'), () => HttpResponse.json([])));
    const { user } = renderApp(detailPath, { event: jazz });

    await user.click(await screen.findByRole('button', { name: 'Back' }));

    await waitFor(() => expect(currentLocation()).toBe('/events'));
  });

  it('goes back in history to where the visitor came from', async () => {
    server.use(http.get(apiUrl('/event/public/'), () => HttpResponse.json([jazz])));
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Browse Events' }));
    await user.click(await screen.findByRole('link', { name: 'View Details' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));

    await waitFor(() => expect(currentLocation()).toBe('/events'));
    await user.click(await screen.findByRole('link', { name: 'View Details' }));
    await waitFor(() => expect(currentLocation()).toBe(detailPath));
  });

  it('speaks Arabic, right to left, when switched', async () => {
    renderApp(detailPath, { event: jazz });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jazz in the Park' })).toBeInTheDocument();

    await act(() => changeLanguage('ar'));

    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('button', { name: 'سجّل الآن' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'رجوع' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'عن الفعالية' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'التسجيل' })).toBeInTheDocument();
    // 78 going: Arabic's "many" form, its digits Arabic's own.
    expect(screen.getByText(`${new Intl.NumberFormat('ar').format(78)} مشاركًا`)).toBeInTheDocument();
    expect(detailOf('السعة')).toBe(new Intl.NumberFormat('ar').format(120));
    expect(detailOf('وقت البدء')).toBe(timeIn(jazz.start_time, undefined, 'ar'));
  });
});

describe('Add to Calendar', () => {
  it('offers the .ics file and filled-in Google and Outlook forms', async () => {
    const { user } = renderApp(detailPath, { event: jazz });

    await user.click(await screen.findByText('Add to Calendar'));

    const ics = screen.getByRole('link', { name: /Download \.ics/ });
    expect(ics.getAttribute('href')).toMatch(new RegExp(`/api/event/detail/${jazz.id}/calendar\\.ics$`));
    const google = new URL(screen.getByRole('link', { name: 'Google Calendar' }).getAttribute('href')!);
    expect(google.searchParams.get('text')).toBe(jazz.title);
    const compact = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(google.searchParams.get('dates')).toBe(`${compact(jazz.start_time)}/${compact(jazz.end_time)}`);
    expect(google.searchParams.get('location')).toBe('Riverside Park');
    const outlook = new URL(screen.getByRole('link', { name: 'Outlook.com' }).getAttribute('href')!);
    expect(outlook.searchParams.get('subject')).toBe(jazz.title);
    expect(outlook.searchParams.get('startdt')).toBe(new Date(jazz.start_time).toISOString());
  });
});
