import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { ManagedRegistration } from '@/api/guests';
import { changeLanguage } from '@/i18n/i18n';

const secret = 'M1.01JREG00000000000000000001.0.c2lnbmF0dXJl';
const page = `/rsvp?t=${secret}`;
const managed: ManagedRegistration = {
  event: {
    id: '01JEVT00000000000000000001',
    title: 'Harbour Jazz',
    start_time: '2030-05-01T18:00:00Z',
    end_time: '2030-05-01T21:00:00Z',
    location: 'Pier 4',
    time_zone: 'UTC',
    cancelled: false,
    online: true,
    // A private event's page, with its invite code.
    page_url: 'https://turnout.example.com/event/detail?id=01JEVT00000000000000000001&invite=Abc-123',
  },
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  guest: true,
  registration: {
    registration_id: '01JREG00000000000000000001',
    status: 'registered',
    ticket: 'T1.01JREG00000000000000000001.abcdefghijklmnopqrstuv',
    checked_in_at: null,
    online_url: 'https://meet.example.com/jazz',
    answers: [{ question_id: 'qDiet', label: 'Diet', kind: 'choice', answer: 'Vegan' }],
  },
};

// Answers the manage link with registration, recording each load's token header.
function answerManaged(registration: ManagedRegistration = managed) {
  const loads: (string | null)[] = [];
  server.use(
    http.get(apiUrl(`/event/rsvp/${secret}/`), ({ request }) => {
      loads.push(request.headers.get('Authorization'));
      return HttpResponse.json(registration);
    }),
  );
  return loads;
}

function answerCancel(answer: () => Response = () => new HttpResponse(null, { status: 204 })) {
  const cancels: string[] = [];
  server.use(
    http.post(apiUrl('/event/rsvp/:secret/cancel/'), ({ params }) => {
      cancels.push(String(params.secret));
      return answer();
    }),
  );
  return cancels;
}

beforeAll(async () => {
  await import('./ManageRegistrationPage');
});

describe('a registration’s manage page', () => {
  it('shows the event, the person, the ticket, the answers and the calendar file, signed out and not for search engines', async () => {
    const loads = answerManaged();
    renderApp(page);

    const title = await screen.findByRole('heading', { level: 1, name: 'Harbour Jazz' });
    expect(within(title).getByRole('link', { name: 'Harbour Jazz' })).toHaveAttribute('href', `/event/detail?id=${managed.event.id}&invite=Abc-123`);
    expect(screen.getByText('Online and at Pier 4')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('You are registered for this event.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Ticket QR code for Harbour Jazz' })).toBeInTheDocument();
    expect(screen.getByText(managed.registration.ticket!)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Join online/ })).toHaveAttribute('href', 'https://meet.example.com/jazz');
    const answers = screen.getByRole('region', { name: 'Your answers' });
    expect(within(answers).getByText('Diet', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Vegan');
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/event/rsvp/${secret}/calendar.ics`);
    expect(screen.getByRole('button', { name: 'Cancel registration' })).toBeEnabled();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(loads).toEqual([null]);
  });

  it('cancels only once the person confirms, then says so with the way to the event', async () => {
    const loads = answerManaged();
    const cancels = answerCancel();
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Cancel registration' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Cancel your registration for "Harbour Jazz"?');
    // The safe answer keeps everything.
    await user.click(within(question).getByRole('button', { name: 'Keep my seat' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(cancels).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel registration' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel registration' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your registration is cancelled.');
    expect(cancels).toEqual([secret]);
    expect(screen.getByRole('link', { name: 'View the event' })).toHaveAttribute('href', `/event/detail?id=${managed.event.id}&invite=Abc-123`);
    expect(screen.queryByRole('img', { name: /Ticket QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
    // The ended link is not asked again.
    expect(loads).toHaveLength(1);
  });

  it('withdraws a request awaiting approval in its own words, with no ticket', async () => {
    answerManaged({ ...managed, registration: { registration_id: managed.registration.registration_id, status: 'pending', checked_in_at: null, answers: [] } });
    const cancels = answerCancel();
    const { user } = renderApp(page);

    expect(await screen.findByText('Your request awaits the organizer’s approval. You will be told by mail.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Ticket QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your answers' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Withdraw request' }));

    expect(await screen.findByText('Your request is withdrawn.')).toBeInTheDocument();
    expect(cancels).toEqual([secret]);
  });

  it("keeps the registration and shows the server's reason when cancelling is refused", async () => {
    answerManaged();
    answerCancel(() => HttpResponse.json({ detail: 'Too many changes just now. Please try again in a few minutes.' }, { status: 429, headers: { 'Retry-After': '120' } }));
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Cancel registration' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel registration' }));

    expect(await screen.findByText('Too many changes just now. Please try again in a few minutes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel registration' })).toBeEnabled();
    expect(screen.queryByText('Your registration is cancelled.')).not.toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    answerManaged();
    await act(() => changeLanguage('ar'));
    renderApp(page);

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Jazz' })).toBeInTheDocument();
    expect(screen.getByText('تسجيلك')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إلغاء التسجيل' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'إضافة إلى التقويم' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الانضمام عبر الإنترنت (يُفتح في علامة تبويب جديدة)' })).toHaveAttribute('href', 'https://meet.example.com/jazz');
  });

  it('shows a cancelled event as cancelled, with nothing to cancel or add to a calendar', async () => {
    answerManaged({ ...managed, event: { ...managed.event, cancelled: true } });
    renderApp(page);

    expect(await screen.findByRole('alert')).toHaveTextContent('This event has been cancelled.');
    expect(screen.queryByRole('img', { name: /Ticket QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Join online/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
  });

  it("shows the API's reason when the link is no longer valid", async () => {
    server.use(http.get(apiUrl(`/event/rsvp/${secret}/`), () => HttpResponse.json({ detail: 'This registration link is no longer valid.' }, { status: 404 })));
    renderApp(page);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Registration not found');
    expect(alert).toHaveTextContent('This registration link is no longer valid.');
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
  });
});
