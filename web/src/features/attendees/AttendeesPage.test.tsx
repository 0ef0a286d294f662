import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { answerAccount, events, person, preloadPages, signIn } from '@/features/dashboard/test-fixtures';
import type { Attendee, AttendeesPage } from './api';
import { earlyCheckInQuestion } from './CheckInPage';
import { changeLanguage } from '@/i18n/i18n';

const event = events[0]!;
const ada: Attendee = {
  registration_id: '01JREG00000000000000000001',
  user_id: '01JUSR00000000000000000001',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  registered_at: '2030-04-01T10:00:00Z',
  status: 'registered',
  checked_in_at: null,
  guest: false,
  answers: [
    { question_id: 'qDiet', label: 'Diet', kind: 'choice', answer: 'Vegan' },
    { question_id: 'qCoc', label: 'I accept the code of conduct', kind: 'checkbox', answer: true },
  ],
};
const grace: Attendee = { ...ada, registration_id: '01JREG00000000000000000002', user_id: '01JUSR00000000000000000002', username: 'grace', first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', status: 'waitlisted' };

// The event starts within the hour, as at the door; startsIn moves it.
function page(attendees: Attendee[], counts: Partial<AttendeesPage> = {}, startsIn = 60 * 60 * 1000) {
  const start = Date.now() + startsIn;
  return {
    event: { id: event.id, title: event.title, start_time: new Date(start).toISOString(), end_time: new Date(start + 3 * 60 * 60 * 1000).toISOString(), location: event.location, waitlist: true, cancelled: false },
    registered: 1,
    waitlisted: 1,
    checked_in: 0,
    capacity: 1,
    attendees,
    ...counts,
  };
}

// Answers the attendee list, filtering by ?q= as the API does; records the
// queries asked.
function answerAttendees(all: Attendee[] = [ada, grace], startsIn?: number) {
  const asked: (string | null)[] = [];
  server.use(
    http.get(apiUrl(`/event/detail/${event.id}/attendees/`), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      asked.push(q);
      const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const found = all.filter((a) => words.every((w) => `${a.first_name} ${a.last_name} ${a.username} ${a.email}`.toLowerCase().includes(w)));
      return HttpResponse.json(page(found, {}, startsIn));
    }),
  );
  return asked;
}

beforeAll(async () => {
  await preloadPages();
  await Promise.all([import('./AttendeesPage'), import('./CheckInPage')]);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('attendees page', () => {
  it('shows the counts and every attendee with their status', async () => {
    signIn();
    answerAccount();
    answerAttendees();
    renderApp(`/dashboard/attendees?id=${event.id}`);

    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Attendees' })).toBeInTheDocument();
    const registered = screen.getByText('Registered', { selector: 'dt' }).nextElementSibling;
    expect(registered).toHaveTextContent('1 / 1');
    expect(screen.getByText('Waitlisted', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1');
    const graceRow = screen.getByText('Grace Hopper').closest('li')!;
    expect(within(graceRow).getByText('Waitlisted')).toBeInTheDocument();
    // Each attendee's answers to the event's questions, under their name.
    const adaRow = screen.getByText('Ada Lovelace').closest('li')!;
    expect(within(adaRow).getByText('Diet', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Vegan');
    expect(within(adaRow).getByText('I accept the code of conduct', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Yes');
    // The title is set by an effect, which may run after the list is drawn.
    await waitFor(() => expect(document.title).toBe(`Attendees of ${event.title} · Dashboard · Turnout`));
  });

  it('shows a door volunteer the list and check-in, without the export, the decisions or the messages', async () => {
    signIn();
    answerAccount({ ...person, organizations: [{ id: event.organization.id, name: 'City Lights', role: 'checkin', logo_url: null }] });
    answerAttendees([ada, { ...grace, status: 'pending' }]);
    renderApp(`/dashboard/attendees?id=${event.id}`);

    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check-in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('searches by name or email', async () => {
    signIn();
    answerAccount();
    const asked = answerAttendees();
    const { user } = renderApp(`/dashboard/attendees?id=${event.id}`);

    await screen.findByText('Ada Lovelace');
    await user.type(screen.getByLabelText('Search by name or email'), 'grace@');

    // The search goes out once typing pauses.
    await waitFor(() => expect(asked.at(-1)).toBe('grace@'));
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument();
    expect(asked.at(-1)).toBe('grace@');
    await user.clear(screen.getByLabelText('Search by name or email'));
    await user.type(screen.getByLabelText('Search by name or email'), 'nobody');
    expect(await screen.findByText('Nobody matches this search.')).toBeInTheDocument();
  });

  it('exports the list as the CSV file the API names', async () => {
    signIn();
    answerAccount();
    answerAttendees();
    server.use(
      http.get(apiUrl(`/event/detail/${event.id}/attendees.csv`), ({ request }) =>
        request.headers.get('Authorization') === 'Bearer access-token'
          ? new HttpResponse('registration_id\r\n', {
              headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': "attachment; filename*=utf-8''Caf%C3%A9-attendees.csv" },
            })
          : new HttpResponse(null, { status: 401 }),
      ),
    );
    const { files, downloads } = catchDownloads();
    const { user } = renderApp(`/dashboard/attendees?id=${event.id}`);

    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(downloads).toEqual(['Café-attendees.csv']));
    expect(files).toHaveLength(1);
  });

  it('joins the pages of a long export into the one file the last names', async () => {
    signIn();
    answerAccount();
    answerAttendees();
    server.use(
      http.get(apiUrl(`/event/detail/${event.id}/attendees.csv`), ({ request }) => {
        const after = new URL(request.url).searchParams.get('after');
        return after === null
          ? new HttpResponse('\ufeffregistration_id\r\nR1\r\n', {
              headers: { 'Content-Disposition': 'attachment; filename=Cafe-attendees-incomplete.csv', 'X-Next-Page': 'U1' },
            })
          : new HttpResponse('R2\r\n', { headers: { 'Content-Disposition': 'attachment; filename=Cafe-attendees.csv' } });
      }),
    );
    const { files, downloads } = catchDownloads();
    const { user } = renderApp(`/dashboard/attendees?id=${event.id}`);

    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(downloads).toEqual(['Cafe-attendees.csv']));
    const text = await new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(new Blob(files));
    });
    // (The test's XMLHttpRequest decodes each page, which drops the mark.)
    expect(text).toBe('registration_id\r\nR1\r\nR2\r\n');
  });

  it('previews a message before sending it to everyone registered', async () => {
    signIn();
    answerAccount();
    answerAttendees();
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl(`/event/detail/${event.id}/message/`), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ detail: 'Your message is on its way to everyone registered.' }, { status: 202 });
      }),
    );
    const { user } = renderApp(`/dashboard/attendees?id=${event.id}`);

    await user.type(await screen.findByLabelText('Subject'), 'Doors open at 7');
    await user.type(screen.getByLabelText('Message'), 'Bring your ticket.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText(`Doors open at 7 · ${event.title}`)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send to everyone registered' }));

    expect(await screen.findByText('Your message is on its way to everyone registered.')).toBeInTheDocument();
    expect(sent).toEqual([{ subject: 'Doors open at 7', body: 'Bring your ticket.' }]);
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it("shows the server's reason when a message is refused", async () => {
    signIn();
    answerAccount();
    answerAttendees();
    server.use(
      http.post(apiUrl(`/event/detail/${event.id}/message/`), () =>
        HttpResponse.json({ detail: 'You can send at most 3 messages a day about one event. Please try again tomorrow.' }, { status: 429 }),
      ),
    );
    const { user } = renderApp(`/dashboard/attendees?id=${event.id}`);
    await user.type(await screen.findByLabelText('Subject'), 'Again');
    await user.type(screen.getByLabelText('Message'), 'Hello.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(screen.getByRole('button', { name: 'Send to everyone registered' }));
    expect(await screen.findByText('You can send at most 3 messages a day about one event. Please try again tomorrow.')).toBeInTheDocument();
  });

  it('cancels the event after asking, with the message for its people', async () => {
    signIn();
    answerAccount();
    let cancelled = false;
    server.use(
      http.get(apiUrl(`/event/detail/${event.id}/attendees/`), () => {
        const p = page([ada, grace]);
        return HttpResponse.json({ ...p, event: { ...p.event, cancelled } });
      }),
      http.post(apiUrl(`/event/detail/${event.id}/cancel/`), async ({ request }) => {
        expect(await request.json()).toEqual({ message: 'The hall flooded.' });
        cancelled = true;
        return HttpResponse.json({ detail: 'The event is cancelled. Everyone registered or waiting is being told.' });
      }),
    );
    const { user } = renderApp(`/dashboard/attendees?id=${event.id}`);

    await user.type(await screen.findByLabelText('What should we tell your attendees?'), 'The hall flooded.');
    await user.click(screen.getByRole('button', { name: 'Cancel event' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel event' }));

    expect(await screen.findByText('This event is cancelled. Everyone who was registered or waiting has been told.')).toBeInTheDocument();
    expect(cancelled).toBe(true);
    expect(screen.queryByLabelText('Subject')).not.toBeInTheDocument();
  });

  it('marks a guest with a Guest badge beside their name, and nobody else', async () => {
    signIn();
    answerAccount();
    // Registered without an account: no username to show.
    const guest: Attendee = { ...ada, registration_id: '01JREG00000000000000000003', user_id: '', username: '', first_name: 'Cy', last_name: 'Young', email: 'cy@example.com', guest: true, answers: [] };
    answerAttendees([ada, guest]);
    renderApp(`/dashboard/attendees?id=${event.id}`);

    const name = await screen.findByText('Cy Young');
    expect(within(name).getByText('Guest')).toBeInTheDocument();
    expect(name).toHaveTextContent(/^Cy Young Guest$/);
    const adaName = screen.getByText('Ada Lovelace');
    expect(within(adaName).queryByText('Guest')).not.toBeInTheDocument();
    expect(adaName).toHaveTextContent('@ada');
    expect(screen.getAllByText('Guest')).toHaveLength(1);
  });

  it('speaks German: the heading, the counts and the buttons', async () => {
    signIn();
    answerAccount();
    answerAttendees();
    await act(() => changeLanguage('de'));
    renderApp(`/dashboard/attendees?id=${event.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Teilnehmende' })).toBeInTheDocument();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV exportieren' })).toBeInTheDocument();
    expect(screen.getByText('Warteliste', { selector: 'dt' })).toBeInTheDocument();
    // One person registered: the count picks its form.
    expect(screen.getByText('Geht per E-Mail an 1 angemeldete Person; höchstens 3 Nachrichten pro Tag.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Teilnehmende von ${event.title} · Dashboard · Turnout`));
  });

  it('asks for an event when none is named', async () => {
    signIn();
    answerAccount();
    renderApp('/dashboard/attendees');

    expect(await screen.findByText('Choose an event from your events first.')).toBeInTheDocument();
  });
});

describe('check-in page', () => {
  it('checks a ticket code in and says who it was; a second time says already', async () => {
    signIn();
    answerAccount();
    answerAttendees();
    const sent: unknown[] = [];
    let times = 0;
    server.use(
      http.post(apiUrl(`/event/detail/${event.id}/check-in/`), async ({ request }) => {
        sent.push(await request.json());
        times++;
        return HttpResponse.json({
          ...ada,
          checked_in_at: '2030-05-01T18:00:00Z',
          detail: times === 1 ? 'Checked in.' : 'Already checked in.',
          already_checked_in: times > 1,
        });
      }),
    );
    const { user } = renderApp(`/dashboard/check-in?id=${event.id}`);

    await user.type(await screen.findByLabelText('Ticket code'), 'T1.abc.sig');
    await user.click(screen.getByRole('button', { name: 'Check In Code' }));
    expect(await screen.findByText('Ada Lovelace: Checked in.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ticket code')).toHaveValue('');

    await user.type(screen.getByLabelText('Ticket code'), 'T1.abc.sig');
    await user.click(screen.getByRole('button', { name: 'Check In Code' }));
    expect(await screen.findByText(/Ada Lovelace: Already checked in\. \(at /)).toBeInTheDocument();
    expect(sent).toEqual([{ code: 'T1.abc.sig' }, { code: 'T1.abc.sig' }]);
  });

  it("shows the server's reason when a ticket is refused", async () => {
    signIn();
    answerAccount();
    answerAttendees();
    server.use(
      http.post(apiUrl(`/event/detail/${event.id}/check-in/`), () =>
        HttpResponse.json({ detail: 'This ticket is for another event.' }, { status: 409 }),
      ),
    );
    const { user } = renderApp(`/dashboard/check-in?id=${event.id}`);

    await user.type(await screen.findByLabelText('Ticket code'), 'T1.other.sig');
    await user.click(screen.getByRole('button', { name: 'Check In Code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This ticket is for another event.');
  });

  it("marks a guest's check-in result with a Guest badge, and not another's", async () => {
    signIn();
    answerAccount();
    const guest: Attendee = { ...ada, registration_id: '01JREG00000000000000000003', user_id: '', username: '', first_name: 'Cy', last_name: 'Young', email: 'cy@example.com', guest: true, answers: [] };
    answerAttendees([ada]);
    server.use(
      http.post(apiUrl(`/event/detail/${event.id}/check-in/`), async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        const who = code === 'T1.guest.sig' ? guest : ada;
        return HttpResponse.json({ ...who, answers: undefined, checked_in_at: '2030-05-01T18:00:00Z', detail: 'Checked in.', already_checked_in: false });
      }),
    );
    const { user } = renderApp(`/dashboard/check-in?id=${event.id}`);

    await user.type(await screen.findByLabelText('Ticket code'), 'T1.abc.sig');
    await user.click(screen.getByRole('button', { name: 'Check In Code' }));
    const adaResult = await screen.findByText('Ada Lovelace: Checked in.');
    expect(within(adaResult).queryByText('Guest')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Ticket code'), 'T1.guest.sig');
    await user.click(screen.getByRole('button', { name: 'Check In Code' }));
    const guestResult = await screen.findByText('Cy Young: Checked in.');
    expect(within(guestResult).getByText('Guest')).toBeInTheDocument();
  });

  it('finds a person by name and checks them in by registration', async () => {
    signIn();
    answerAccount();
    const asked = answerAttendees();
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl(`/event/detail/${event.id}/check-in/`), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...ada, checked_in_at: '2030-05-01T18:00:00Z', detail: 'Checked in.', already_checked_in: false });
      }),
    );
    const { user } = renderApp(`/dashboard/check-in?id=${event.id}`);

    // A waiting person has no seat to check in to.
    const graceRow = (await screen.findByText('Grace Hopper', { selector: 'p' })).closest('li')!;
    expect(within(graceRow).queryByRole('button', { name: 'Check In' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Find by name or email'), 'ada');
    await waitFor(() => expect(asked.at(-1)).toBe('ada'));
    const row = (await screen.findByText('Ada Lovelace', { selector: 'p' })).closest('li')!;
    expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Check In' }));

    expect(await screen.findByText('Ada Lovelace: Checked in.')).toBeInTheDocument();
    expect(sent).toEqual([{ registration_id: ada.registration_id }]);
    expect(within(row).getByText('Checked in')).toBeInTheDocument();
  });

  it('asks before checking in days before the event, and checks in only if told to', async () => {
    signIn();
    answerAccount();
    answerAttendees([ada, grace], 3 * 24 * 60 * 60 * 1000 + 60_000);
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl(`/event/detail/${event.id}/check-in/`), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...ada, checked_in_at: new Date().toISOString(), detail: 'Checked in.', already_checked_in: false });
      }),
    );
    const { user } = renderApp(`/dashboard/check-in?id=${event.id}`);
    await screen.findByText('Ada Lovelace', { selector: 'p' });

    await user.type(screen.getByLabelText('Ticket code'), 'T1.abc.sig');
    await user.click(screen.getByRole('button', { name: 'Check In Code' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(/This event starts in 3 days \(.+\)\. Check in anyway\?/);
    await user.click(within(question).getByRole('button', { name: "Don't Check In" }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    expect(screen.getByLabelText('Ticket code')).toHaveValue('T1.abc.sig');

    await user.click(screen.getByRole('button', { name: 'Check In Code' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Check In Anyway' }));
    expect(await screen.findByText('Ada Lovelace: Checked in.')).toBeInTheDocument();
    expect(sent).toEqual([{ code: 'T1.abc.sig' }]);
  });

  it('checks in without asking on the day of the event', async () => {
    expect(earlyCheckInQuestion('2030-05-02T18:00:00Z', Date.parse('2030-05-01T19:00:00Z'))).toBeNull();
    expect(earlyCheckInQuestion('2030-05-01T18:00:00Z', Date.parse('2030-05-01T19:00:00Z'))).toBeNull();
    expect(earlyCheckInQuestion('2030-05-03T18:00:00Z', Date.parse('2030-05-01T17:00:00Z'))).toMatch(/^This event starts in 2 days /);
  });

  it('speaks Arabic at the door, right to left, with its plural forms', async () => {
    signIn();
    answerAccount();
    answerAttendees();
    await act(() => changeLanguage('ar'));
    renderApp(`/dashboard/check-in?id=${event.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الحضور' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByLabelText('رمز التذكرة')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل بالرمز' })).toBeInTheDocument();
    expect(earlyCheckInQuestion('2030-05-04T18:00:00Z', Date.parse('2030-05-01T17:00:00Z'))).toMatch(/^تبدأ هذه الفعالية بعد 3 أيام /);
    expect(earlyCheckInQuestion('2030-05-03T18:00:00Z', Date.parse('2030-05-01T17:00:00Z'))).toMatch(/^تبدأ هذه الفعالية بعد يومين /);
  });

  it('undoes a check-in from the list', async () => {
    signIn();
    answerAccount();
    const arrived = { ...ada, checked_in_at: '2030-05-01T18:00:00Z' };
    let current: Attendee = arrived;
    server.use(
      http.get(apiUrl(`/event/detail/${event.id}/attendees/`), () => HttpResponse.json(page([current, grace], { checked_in: current.checked_in_at ? 1 : 0 }))),
      http.delete(apiUrl(`/event/detail/${event.id}/check-in/${ada.registration_id}/`), () => {
        current = ada;
        return HttpResponse.json({ ...ada, detail: 'Check-in undone.', undone: true });
      }),
    );
    const { user } = renderApp(`/dashboard/check-in?id=${event.id}`);

    const row = (await screen.findByText('Ada Lovelace', { selector: 'p' })).closest('li')!;
    expect(within(row).getByText('Checked in')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('Ada Lovelace: Check-in undone.')).toBeInTheDocument();
    expect(await within(row).findByRole('button', { name: 'Check In' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('offers the camera on a browser without a barcode reader', async () => {
    signIn();
    answerAccount();
    answerAttendees();
    expect('BarcodeDetector' in globalThis).toBe(false);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia: vi.fn() } }));
    renderApp(`/dashboard/check-in?id=${event.id}`);

    expect(await screen.findByRole('button', { name: 'Scan Tickets' })).toBeInTheDocument();
  });
});

// catchDownloads keeps what the page hands the browser to save: the files
// (blobs) and the names they are saved under.
function catchDownloads(): { files: Blob[]; downloads: string[] } {
  const files: Blob[] = [];
  const downloads: string[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    files.push(blob);
    return 'blob:attendees';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  return { files, downloads };
}

describe('requests awaiting approval', () => {
  it('approves one, which then holds its seat', async () => {
    signIn();
    answerAccount();
    const waiting: Attendee = { ...ada, registration_id: '01JREG00000000000000000009', user_id: '01JUSR00000000000000000009', username: 'cy', first_name: 'Cy', last_name: 'Young', status: 'pending', answers: [] };
    answerAttendees([waiting]);
    const decided: string[] = [];
    server.use(
      http.post(apiUrl('/event/detail/:id/attendees/:reg/:verb/'), ({ params }) => {
        decided.push(`${String(params.reg)} ${String(params.verb)}`);
        return HttpResponse.json({ ...waiting, status: 'registered', detail: 'Approved. They are told by mail.' });
      }),
    );
    const { user } = renderApp(`/dashboard/attendees?id=${event.id}`);

    const row = (await screen.findByText('Cy Young')).closest('li')!;
    expect(within(row).getByText('Awaiting approval')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Approve Cy Young' }));
    expect(await screen.findByText('Approved. They are told by mail.')).toBeInTheDocument();
    expect(decided).toEqual([`${waiting.registration_id} approve`]);
  });
});
