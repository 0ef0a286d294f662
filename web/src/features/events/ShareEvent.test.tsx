import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/test/render';
import type { TurnoutEvent } from '@/types/api';

const jazz: TurnoutEvent = {
  id: '01J0000000000000000000JAZZ',
  title: 'Jazz in the Park',
  description: 'Live jazz.',
  location: 'Riverside Park',
  start_time: '2030-06-01T18:00:00Z',
  end_time: '2030-06-01T21:00:00Z',
  capacity: 100,
  seats_left: 40,
  banner: null,
  banner_url: null,
  organization: { id: 'org-1', name: 'City Lights' },
};
const link = `${window.location.origin}/event/detail?id=${jazz.id}`;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('sharing an event', () => {
  it('copies the link where there is no share sheet, and says so', async () => {
    const { user } = renderApp(`/event/detail?id=${jazz.id}`, { event: jazz });

    await user.click(await screen.findByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it("opens the device's share sheet where there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = renderApp(`/event/detail?id=${jazz.id}`, { event: jazz });

    await user.click(await screen.findByRole('button', { name: 'Share' }));

    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Jazz in the Park', url: link }));
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
  });

  it('shows the link to copy by hand when the clipboard is refused', async () => {
    const { user } = renderApp(`/event/detail?id=${jazz.id}`, { event: jazz });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));

    await user.click(await screen.findByRole('button', { name: 'Share' }));

    expect(await screen.findByLabelText('Copy this link')).toHaveValue(link);
  });
});
