import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { upcomingEvent } from '@/test/fixtures';

const jazz = upcomingEvent;
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
