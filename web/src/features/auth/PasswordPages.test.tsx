import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { session } from '@/lib/storage';
import { apiUrl, server } from '@/test/server';
import { currentLocation, renderApp } from '@/test/render';


function record(method: 'post' | 'put', path: string, reply: () => Response) {
  const calls: { url: string; body: unknown; auth: string | null }[] = [];
  server.use(
    http[method](apiUrl(path), async ({ request }) => {
      calls.push({ url: request.url, body: await request.json(), auth: request.headers.get('Authorization') });
      return reply();
    }),
  );
  return calls;
}

describe('ForgotPasswordPage', () => {
  const sendsTo = () =>
    record('post', '/user/reset-password/request/', () =>
      HttpResponse.json({ detail: 'If an account uses that email, we have sent it a password reset link.' }),
    );

  it('asks for the email under the heading Email Address', async () => {
    const calls = sendsTo();
    const { user } = renderApp('/forget/password');

    expect(await screen.findByRole('heading', { name: 'Email Address' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses an address that is not email-shaped', async () => {
    const calls = sendsTo();
    const { user } = renderApp('/forget/password');

    await user.type(await screen.findByLabelText(/^Email/), 'ada.example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('sends the reset request and says so', async () => {
    const calls = sendsTo();
    const { user } = renderApp('/forget/password');

    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Password reset email sent! Check your inbox.')).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ email: 'ada@example.com' }]);
  });

  it('says when sending failed', async () => {
    record('post', '/user/reset-password/request/', () => HttpResponse.json({ detail: 'Server error.' }, { status: 500 }));
    const { user } = renderApp('/forget/password');

    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Failed to send reset email. Please try again.')).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  it.each(['/forget/password/create', '/forget/password/create?uid=abc', '/forget/password/create?token=xyz'])(
    'says Invalid password reset link at %s',
    async (path) => {
      renderApp(path);
      expect(await screen.findByText('Invalid password reset link')).toBeInTheDocument();
      expect(screen.queryByLabelText(/^New Password/)).not.toBeInTheDocument();
    },
  );

  it('stops when the new passwords differ', async () => {
    const calls = record('post', '/user/reset-password/confirm/:uid/:token/', () => HttpResponse.json({ detail: 'ok' }));
    const { user } = renderApp('/forget/password/create?uid=abc&token=xyz');

    await user.type(await screen.findByLabelText(/^New Password/), 'a-new-password');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sets the new password with the uid and token of the link, then goes to /login', async () => {
    const calls = record('post', '/user/reset-password/confirm/:uid/:token/', () =>
      HttpResponse.json({ detail: 'Your password has been reset. You can log in now.' }),
    );
    const { user } = renderApp('/forget/password/create?uid=abc&token=xyz-123');

    await user.type(await screen.findByLabelText(/^New Password/), 'a-new-password');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Password reset successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(calls).toEqual([
      { url: apiUrl('/user/reset-password/confirm/abc/xyz-123/'), body: { password: 'a-new-password' }, auth: null },
    ]);
  });

  it("says why when the server refuses, and nothing vaguer beside the reason", async () => {
    record('post', '/user/reset-password/confirm/:uid/:token/', () =>
      HttpResponse.json({ detail: 'This password reset link is invalid or has expired.' }, { status: 400 }),
    );
    const { user } = renderApp('/forget/password/create?uid=abc&token=used');

    await user.type(await screen.findByLabelText(/^New Password/), 'a-new-password');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('This password reset link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/forget/password/create?uid=abc&token=used');
  });

  it('says something went wrong when the failure gives no reason', async () => {
    record('post', '/user/reset-password/confirm/:uid/:token/', () => new HttpResponse(null, { status: 502 }));
    const { user } = renderApp('/forget/password/create?uid=abc&token=xyz');

    await user.type(await screen.findByLabelText(/^New Password/), 'a-new-password');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });
});

describe('ChangePasswordPage', () => {
  function logIn() {
    session.setTokens({ access: 'access-1', refresh: 'refresh-1' });
    server.use(
      http.get(apiUrl('/user/profile/'), () => HttpResponse.json({ id: 'u1', is_organizer: false, image_url: null })),
      http.get(apiUrl('/event/user-event/:id/'), () => HttpResponse.json([])),
    );
  }

  async function fill(user: ReturnType<typeof renderApp>['user'], old: string, next: string, confirm: string) {
    await user.type(await screen.findByLabelText(/^Old Password/), old);
    await user.type(screen.getByLabelText(/^New Password/), next);
    await user.type(screen.getByLabelText(/^Confirm New Password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
  }

  it('requires all three fields', async () => {
    logIn();
    renderApp('/reset-password');

    expect(await screen.findByLabelText(/^Old Password/)).toBeRequired();
    expect(screen.getByLabelText(/^New Password/)).toBeRequired();
    expect(screen.getByLabelText(/^Confirm New Password/)).toBeRequired();
  });

  it('stops when the new passwords differ', async () => {
    logIn();
    const calls = record('put', '/user/change-password/', () => HttpResponse.json({}));
    const { user } = renderApp('/reset-password');

    await fill(user, 'old-password', 'a-new-password', 'another-password');

    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('changes the password, keeps the fresh tokens and goes to /profile', async () => {
    logIn();
    const calls = record('put', '/user/change-password/', () =>
      HttpResponse.json({ detail: 'Password changed.', refresh: 'refresh-2', access: 'access-2' }),
    );
    const { user } = renderApp('/reset-password');

    await fill(user, 'old-password', 'a-new-password', 'a-new-password');

    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    expect(await screen.findByText('You have not registered for any events.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        url: apiUrl('/user/change-password/'),
        body: { old_password: 'old-password', new_password: 'a-new-password' },
        auth: 'Bearer access-1',
      },
    ]);
    expect(session.access()).toBe('access-2');
    expect(session.refresh()).toBe('refresh-2');
  });

  it('says why a wrong old password is refused, and nothing vaguer beside it', async () => {
    logIn();
    record('put', '/user/change-password/', () =>
      HttpResponse.json(
        { old_password: ['Your old password was entered incorrectly. Please enter it again.'] },
        { status: 400 },
      ),
    );
    const { user } = renderApp('/reset-password');

    await fill(user, 'wrong-password', 'a-new-password', 'a-new-password');

    expect(await screen.findByText('Your old password was entered incorrectly. Please enter it again.')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/reset-password');
    expect(session.access()).toBe('access-1');
  });

  it('shows why the server refused the new password at that field', async () => {
    logIn();
    record('put', '/user/change-password/', () =>
      HttpResponse.json({ new_password: ['This password is too common.'] }, { status: 400 }),
    );
    const { user } = renderApp('/reset-password');

    await fill(user, 'old-password-1', 'baseball', 'baseball');

    const field = screen.getByLabelText(/^New Password/);
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('This password is too common.'));
    expect(screen.getByLabelText(/^Old Password/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says something went wrong when the failure gives no reason', async () => {
    logIn();
    record('put', '/user/change-password/', () => new HttpResponse(null, { status: 502 }));
    const { user } = renderApp('/reset-password');

    await fill(user, 'old-password-1', 'a-new-password', 'a-new-password');

    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/reset-password');
  });
});
