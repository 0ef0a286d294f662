import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';

describe('unsubscribe page', () => {
  it('turns the kind off with one press, not on opening', async () => {
    const posted: string[] = [];
    server.use(
      http.post(apiUrl('/user/unsubscribe/:token/'), ({ params }) => {
        posted.push(String(params.token));
        return HttpResponse.json({ detail: 'Done: you will no longer get these mails. You can turn them back on from your profile.', kind: 'event_changes' });
      }),
    );
    const { user } = renderApp('/unsubscribe?t=U1.user.event_changes.sig');
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(posted).toEqual([]);
    await user.click(button);
    expect(await screen.findByText('Done: you will no longer get these mails. You can turn them back on from your profile.')).toBeInTheDocument();
    expect(posted).toEqual(['U1.user.event_changes.sig']);
  });

  it("says so when the link is not valid", async () => {
    server.use(http.post(apiUrl('/user/unsubscribe/:token/'), () => HttpResponse.json({ detail: 'This unsubscribe link is not valid.' }, { status: 404 })));
    const { user } = renderApp('/unsubscribe?t=forged');
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('This unsubscribe link is not valid.')).toBeInTheDocument();
  });
});
