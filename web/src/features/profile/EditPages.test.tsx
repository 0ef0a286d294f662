import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import toast from 'react-hot-toast';
import { currentLocation, renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { organization, organizer, person, signIn, preloadPages } from './test-fixtures';

beforeAll(async () => {
  await preloadPages();
});

afterEach(() => {
  vi.useRealTimers();
  toast.remove();
});

// The clock runs on its own (so the app and user-event work as usual), and
// the test can also move it on at will.
function useSteerableClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
}

async function moveClock(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

// The profile page the edit pages return to (the top bar asks too).
function answerProfilePage() {
  server.use(
    http.get(apiUrl('/user/profile/'), () => HttpResponse.json(person)),
    http.get(apiUrl(`/event/user-event/${person.id}/`), () => HttpResponse.json([])),
  );
}

function answerOrganizerPage() {
  server.use(
    http.get(apiUrl('/user/profile/'), () => HttpResponse.json(organizer)),
    http.get(apiUrl('/organization/details/'), () => HttpResponse.json(organization)),
    // Organizers' own registrations show on the profile too.
    http.get(apiUrl(`/event/user-event/${organizer.id}/`), () => HttpResponse.json([])),
  );
}

// A presigned POST straight to S3, as /api/media/upload/ answers it.
function answerUpload(kind: string, key: string) {
  const asked: unknown[] = [];
  server.use(
    http.post(apiUrl('/media/upload/'), async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json({ url: 'http://s3.test/bucket', fields: { key }, key, expires_at: '2030-01-01T00:00:00Z' });
    }),
    http.post('http://s3.test/bucket', () => new HttpResponse(null, { status: 204 })),
  );
  return { asked, kind };
}

const picture = () => new File(['fake image'], 'me.png', { type: 'image/png' });

describe('profile edit page', () => {
  it('opened by its URL (a reload, a bookmark), loads the profile first', async () => {
    signIn();
    answerProfilePage();
    renderApp('/profile/edit');

    expect(await screen.findByLabelText('First Name')).toHaveValue('Ana');
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.queryByText('No Profile Data Found')).not.toBeInTheDocument();
  });

  it('shows No Profile Data Found when the profile cannot be loaded, with a way back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    server.use(http.get(apiUrl('/user/profile/'), () => HttpResponse.json({ detail: 'Busy.' }, { status: 503 })));
    const { user } = renderApp('/profile/edit');

    expect(await screen.findByRole('heading', { name: 'No Profile Data Found' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Profile' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    // The profile says it could not load, and offers to try again.
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('offers the fields filled in, a phone of at most 11 characters and an image picker', async () => {
    signIn();
    answerProfilePage();
    renderApp('/profile/edit', { profile: person });

    expect(await screen.findByLabelText('First Name')).toHaveValue('Ana');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Lima');
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('maxLength', '11');
    expect(screen.getByLabelText('Address')).toHaveValue('');
    expect(screen.getByLabelText('Profile Image (optional)')).toHaveAttribute('accept', 'image/*');
  });

  it('shows the current avatar, then the chosen one before saving', async () => {
    signIn();
    answerProfilePage();
    const created: string[] = [];
    URL.createObjectURL = (file: Blob) => {
      created.push((file as File).name);
      return 'blob:chosen';
    };
    URL.revokeObjectURL = () => {};
    const { user } = renderApp('/profile/edit', { profile: { ...person, image_url: 'https://cdn.example/media/avatars/ana.png' } });

    expect(await screen.findByRole('img', { name: 'Current avatar' })).toHaveAttribute('src', 'https://cdn.example/media/avatars/ana.png');
    await user.upload(screen.getByLabelText('Profile Image (optional)'), new File(['png'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'New avatar' })).toHaveAttribute('src', 'blob:chosen');
    expect(created).toEqual(['me.png']);
  });

  it('saves the profile, then returns to the profile after 1.5 s', async () => {
    signIn();
    useSteerableClock();
    answerProfilePage();
    const upload = answerUpload('avatar', 'media/uploads/avatar/u/1');
    let sent: Record<string, FormDataEntryValue> | null = null;
    server.use(
      http.put(apiUrl('/user/update/profile/'), async ({ request }) => {
        sent = Object.fromEntries(await request.formData());
        return HttpResponse.json({ ...person, first_name: 'Anna' });
      }),
    );
    const { user } = renderApp('/profile/edit', { profile: person });

    const firstName = await screen.findByLabelText('First Name');
    await user.clear(firstName);
    await user.type(firstName, 'Anna');
    await user.type(screen.getByLabelText('Address'), '1 Main Street');
    await user.upload(screen.getByLabelText('Profile Image (optional)'), picture());
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(sent).toEqual({
      first_name: 'Anna',
      last_name: 'Lima',
      email: 'ana@example.com',
      phone: '5550100',
      address: '1 Main Street',
      image_key: 'media/uploads/avatar/u/1',
    });
    expect(upload.asked).toEqual([{ kind: 'avatar', content_type: 'image/png', size: picture().size }]);
    // Not at once: the message is read first.
    await moveClock(1400);
    expect(currentLocation()).toBe('/profile/edit');
    await moveClock(100);
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    expect(await screen.findByText('You have not registered for any events.')).toBeInTheDocument();
  });

  it('tells the user when the update fails and shows the reason at the field', async () => {
    signIn();
    useSteerableClock();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerProfilePage();
    server.use(
      http.put(apiUrl('/user/update/profile/'), () =>
        HttpResponse.json({ email: ['A user with that email already exists.'] }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/profile/edit', { profile: person });

    await user.click(await screen.findByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByText('Update failed! Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('A user with that email already exists.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await moveClock(2000);
    expect(currentLocation()).toBe('/profile/edit');
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeEnabled();
  });
});

describe('email change', () => {
  it('asks for the current password only when the email changes, sends it, and says where the link went', async () => {
    signIn();
    useSteerableClock();
    answerProfilePage();
    let sent: Record<string, FormDataEntryValue> | null = null;
    server.use(
      http.put(apiUrl('/user/update/profile/'), async ({ request }) => {
        sent = Object.fromEntries(await request.formData());
        return HttpResponse.json(person); // the email stays the old one until confirmed
      }),
    );
    const { user } = renderApp('/profile/edit', { profile: person });

    const email = await screen.findByLabelText('Email');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'ANA@example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'ana.new@example.com');
    const password = screen.getByLabelText('Current password');
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    await user.type(password, 'my-secret-pass');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(
      screen.getByText('We sent a confirmation link to ana.new@example.com. Your email changes once you open it.'),
    ).toBeInTheDocument();
    expect(sent).toMatchObject({ email: 'ana.new@example.com', current_password: 'my-secret-pass' });
    await moveClock(1500);
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
  });

  it('sends no password when the email is unchanged', async () => {
    signIn();
    answerProfilePage();
    let sent: Record<string, FormDataEntryValue> | null = null;
    server.use(
      http.put(apiUrl('/user/update/profile/'), async ({ request }) => {
        sent = Object.fromEntries(await request.formData());
        return HttpResponse.json(person);
      }),
    );
    const { user } = renderApp('/profile/edit', { profile: person });
    await user.click(await screen.findByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(sent).not.toHaveProperty('current_password');
    expect(screen.queryByText(/confirmation link/)).not.toBeInTheDocument();
  });

  it('shows a wrong current password at its field', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerOrganizerPage();
    const message = 'Your current password was entered incorrectly. Please enter it again.';
    server.use(
      http.put(apiUrl('/organization/details/update/'), () =>
        HttpResponse.json({ current_password: [message] }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/organization_info/edit', { organization });

    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'new@citylights.example');
    await user.type(screen.getByLabelText('Current password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Update Organization' }));

    expect(await screen.findByText('Update failed! Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(message);
    expect(currentLocation()).toBe('/organization_info/edit');
  });

  it('lands the confirmation link on a page that says how it went', async () => {
    for (const [path, title] of [
      ['/confirm-email', 'Email Address Confirmed'],
      ['/confirm-email/invalid', 'Confirmation Link Invalid'],
      ['/confirm-email/taken', 'Email Address Already in Use'],
    ] as const) {
      const { unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Go to Profile' })).toBeInTheDocument();
      unmount();
    }
  });
});

describe('organization edit page', () => {
  it('opened by its URL (a reload, a bookmark), loads the organization first', async () => {
    signIn();
    answerOrganizerPage();
    renderApp('/organization_info/edit');

    expect(await screen.findByLabelText('Organization Name')).toHaveValue(organization.organization);
    expect(screen.queryByText('No Organization Data Found')).not.toBeInTheDocument();
  });

  it('shows No Organization Data Found to an account without one, with a way back', async () => {
    signIn();
    answerOrganizerPage();
    server.use(http.get(apiUrl('/user/profile/'), () => HttpResponse.json({ ...organizer, is_organizer: false, organization_id: null })));
    const { user } = renderApp('/organization_info/edit');

    expect(await screen.findByRole('heading', { name: 'No Organization Data Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Profile' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    expect(await screen.findByRole('heading', { name: organizer.username })).toBeInTheDocument();
  });

  it('requires the name and the email only', async () => {
    signIn();
    answerOrganizerPage();
    renderApp('/organization_info/edit', { organization });

    expect(await screen.findByLabelText('Organization Name')).toBeRequired();
    expect(screen.getByLabelText('Email')).toBeRequired();
    for (const label of ['Address Line 1', 'Address Line 2', 'Phone', 'Website', 'Description', 'Logo (optional)']) {
      expect(screen.getByLabelText(label)).not.toBeRequired();
    }
    expect(screen.getByLabelText('Phone')).toHaveAttribute('maxLength', '11');
    expect(screen.getByLabelText('Description')).toHaveAttribute('rows', '4');
    expect(screen.getByLabelText('Logo (optional)')).toHaveAttribute('accept', 'image/*');
  });

  it('shows the current logo', async () => {
    signIn();
    answerOrganizerPage();
    renderApp('/organization_info/edit', { organization: { ...organization, logo_url: 'https://cdn.example/media/logos/club.png' } });

    expect(await screen.findByRole('img', { name: 'Current logo' })).toHaveAttribute('src', 'https://cdn.example/media/logos/club.png');
  });

  it('saves the organization, then returns to the profile after 1.5 s', async () => {
    signIn();
    useSteerableClock();
    answerOrganizerPage();
    answerUpload('logo', 'media/uploads/logo/u/1');
    let sent: Record<string, FormDataEntryValue> | null = null;
    server.use(
      http.put(apiUrl('/organization/details/update/'), async ({ request }) => {
        sent = Object.fromEntries(await request.formData());
        return HttpResponse.json(organization);
      }),
    );
    const { user } = renderApp('/organization_info/edit', { organization });

    await user.type(await screen.findByLabelText('Website'), 'https://citylights.example');
    await user.type(screen.getByLabelText('Description'), 'Lights and music.');
    await user.upload(screen.getByLabelText('Logo (optional)'), picture());
    await user.click(screen.getByRole('button', { name: 'Update Organization' }));

    expect(await screen.findByText('Organization updated successfully!')).toBeInTheDocument();
    expect(sent).toEqual({
      organization: 'City Lights',
      address1: '1 Harbour Road',
      address2: '',
      phone: '',
      link: 'https://citylights.example',
      email: 'hello@citylights.example',
      description: 'Lights and music.',
      logo_key: 'media/uploads/logo/u/1',
    });
    await moveClock(1400);
    expect(currentLocation()).toBe('/organization_info/edit');
    await moveClock(100);
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    expect(await screen.findByRole('button', { name: 'Event' })).toBeInTheDocument();
  });

  it('tells the user when the update fails', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerOrganizerPage();
    server.use(
      http.put(apiUrl('/organization/details/update/'), () =>
        HttpResponse.json({ organization: ['This field is required.'] }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/organization_info/edit', { organization: { ...organization, organization: '' } });

    // The browser would stop an empty required field; the server's answer
    // is what this test is about.
    (await screen.findByRole('form', { name: 'Edit organization' })).setAttribute('novalidate', '');
    await user.click(screen.getByRole('button', { name: 'Update Organization' }));

    expect(await screen.findByText('Update failed! Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Organization Name')).toHaveAccessibleDescription('This field is required.');
    expect(currentLocation()).toBe('/organization_info/edit');
  });
});
