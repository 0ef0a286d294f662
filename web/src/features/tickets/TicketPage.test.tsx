import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { TicketPageData } from '@/api/tickets';
import { changeLanguage } from '@/i18n/i18n';

const secret = 'L1.01JREG00000000000000000001.0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const ticket: TicketPageData = {
  event: { id: '01JEVT00000000000000000001', title: 'Harbour Jazz', start_time: '2030-05-01T18:00:00Z', end_time: '2030-05-01T21:00:00Z', location: 'Pier 4', time_zone: 'UTC', cancelled: false },
  name: 'Ada Lovelace',
  ticket: 'T1.01JREG00000000000000000001.abcdefghijklmnopqrstuv',
  checked_in_at: null,
};

beforeAll(async () => {
  await import('./TicketPage');
});

describe('ticket page', () => {
  it('shows the ticket a link opens, signed out, and asks search engines not to list it', async () => {
    const auth: (string | null)[] = [];
    server.use(
      http.get(apiUrl(`/event/ticket/${secret}/`), ({ request }) => {
        auth.push(request.headers.get('Authorization'));
        return HttpResponse.json(ticket);
      }),
    );
    renderApp(`/ticket?t=${secret}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Jazz' })).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Ticket QR code for Harbour Jazz' })).toBeInTheDocument();
    expect(screen.getByText(/Show this at the door\./)).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(auth).toEqual([null]);
  });

  it('speaks Arabic', async () => {
    server.use(http.get(apiUrl(`/event/ticket/${secret}/`), () => HttpResponse.json({ ...ticket, checked_in_at: '2030-05-01T18:05:00Z' })));
    await act(() => changeLanguage('ar'));
    renderApp(`/ticket?t=${secret}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Jazz' })).toBeInTheDocument();
    expect(screen.getByText('تذكرة')).toBeInTheDocument();
    expect(screen.getByText(/^سُجّل حضورك في /)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'عن الفعالية' })).toBeInTheDocument();
  });

  it('says when a link no longer works', async () => {
    server.use(http.get(apiUrl(`/event/ticket/${secret}/`), () => HttpResponse.json({ detail: 'This ticket link is no longer valid.' }, { status: 404 })));
    renderApp(`/ticket?t=${secret}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('This ticket link is no longer valid.');
    expect(screen.queryByRole('img', { name: /Ticket QR code/ })).not.toBeInTheDocument();
  });
});
