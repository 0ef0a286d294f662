import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { currentLocation, renderApp } from '@/test/render';


describe('ActivatedPage', () => {
  it('says the registration succeeded and leads to login', async () => {
    const { user } = renderApp('/activate-account');

    expect(await screen.findByRole('heading', { name: 'Registration Successful' })).toBeInTheDocument();
    expect(screen.getByText(/account has been activated/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });
});

describe('ActivatedPage, opened again', () => {
  it('says the account is already activated and leads to login', async () => {
    const { user } = renderApp('/activate-account/already');

    expect(await screen.findByRole('heading', { name: 'Account Already Activated' })).toBeInTheDocument();
    expect(screen.getByText(/already activated\. Log in/)).toBeInTheDocument();
    expect(screen.queryByText(/invalid or has expired/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });
});

describe('ActivationInvalidPage', () => {
  it("says the link is invalid or expired and shows the server's answer to a resend", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('/user/activation/resend/'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ detail: 'If that email belongs to an account waiting for activation, we have sent it a new link.' });
      }),
    );
    const { user } = renderApp('/activate-account/invalid');

    expect(await screen.findByText(/invalid or has expired/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend Activation Link' }));

    expect(
      await screen.findByText('If that email belongs to an account waiting for activation, we have sent it a new link.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'ada@example.com' }]);
  });

  it('shows the server messages when the resend is refused', async () => {
    server.use(http.post(apiUrl('/user/activation/resend/'), () => HttpResponse.json({ email: ['Enter a valid email address.'] }, { status: 400 })));
    const { user } = renderApp('/activate-account/invalid');

    await user.type(await screen.findByLabelText(/^Email/), 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Resend Activation Link' }));

    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
  });
});
