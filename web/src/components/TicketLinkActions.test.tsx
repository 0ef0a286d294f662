import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { session } from '@/lib/storage';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';

const eventId = '01J0000000000000000000JAZZ';
const start = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
const end = new Date(Date.now() + 3 * 24 * 3600_000 + 3 * 3600_000).toISOString();

describe('ticket link on the event page', () => {
  it('links the ticket page and resets the link after asking', async () => {
    session.setTokens({ access: 'access-1', refresh: 'refresh-1' });
    const resets: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/user/profile/'), () => HttpResponse.json({ is_organizer: false, image_url: null })),
      http.get(apiUrl(`/event/detail/${eventId}/`), () =>
        HttpResponse.json({
          id: eventId, title: 'Jazz in the Park', description: 'Live jazz.', location: 'Riverside Park', start_time: start, end_time: end,
          capacity: 120, seats_left: 42, banner: null, banner_url: null, organization: { id: 'org-1', name: 'City Lights', logo_url: null },
        }),
      ),
      http.get(apiUrl('/event/register/:id/'), () =>
        HttpResponse.json({ registration_id: 'reg-7', status: 'registered', ticket: 'T1.reg-7.sig', ticket_link: 'http://localhost:3000/ticket?t=L1.reg-7.0.old', checked_in_at: null }),
      ),
      http.post(apiUrl('/event/ticket/reset/reg-7/'), ({ request }) => {
        resets.push(request.headers.get('Authorization'));
        return HttpResponse.json({ ticket_link: 'http://localhost:3000/ticket?t=L1.reg-7.1.new' });
      }),
    );
    const { user } = renderApp(`/event/detail?id=${eventId}`);

    const open = await screen.findByRole('link', { name: 'Open ticket page' });
    expect(open).toHaveAttribute('href', 'http://localhost:3000/ticket?t=L1.reg-7.0.old');
    await user.click(screen.getByRole('button', { name: 'Reset ticket link' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep Link' }));
    expect(resets).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reset ticket link' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset Link' }));
    expect(await screen.findByText('The old ticket link no longer works.')).toBeInTheDocument();
    expect(resets).toEqual(['Bearer access-1']);
    expect(screen.getByRole('link', { name: 'Open ticket page' })).toHaveAttribute('href', 'http://localhost:3000/ticket?t=L1.reg-7.1.new');
  });
});
