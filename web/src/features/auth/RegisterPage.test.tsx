import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';


type Sent = Record<string, string | { type: string; content: string }>;

// Records each multipart body sent to `path` and answers with `reply`.
function serveRegistration(path: string, reply: () => Response = () => HttpResponse.json({ detail: 'Registration successful.' }, { status: 201 })) {
  const bodies: Sent[] = [];
  server.use(
    http.post(apiUrl(path), async ({ request }) => {
      expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
      const sent: Sent = {};
      for (const [name, value] of await request.formData()) {
        sent[name] = typeof value === 'string' ? value : { type: value.type, content: await value.text() };
      }
      bodies.push(sent);
      return reply();
    }),
  );
  return bodies;
}

const userForm = () => screen.getByRole('form', { name: 'User registration' });
const organizationForm = () => screen.getByRole('form', { name: 'Organization registration' });

describe('RegisterPage', () => {
  it('switches between the user and the organization form, both linking to login', async () => {
    const { user } = renderApp('/register');

    const toggle = await screen.findByRole('checkbox', { name: 'Register as an Organization' });
    expect(toggle).not.toBeChecked();
    expect(within(userForm()).getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Organization registration' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

    await user.click(toggle);

    expect(toggle).toBeChecked();
    expect(within(organizationForm()).getByRole('button', { name: 'Register Organization' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'User registration' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

    await user.click(toggle);
    expect(userForm()).toBeInTheDocument();
  });

  it('sends the user form field for field as multipart, leaving out empty values', async () => {
    const bodies = serveRegistration('/user/registration/');
    const { user } = renderApp('/register');
    const form = await screen.findByRole('form', { name: 'User registration' });
    const field = (label: string) => within(form).getByLabelText(label);

    await user.type(field('First Name'), 'Ada');
    await user.type(field('Last Name'), 'Lovelace');
    await user.type(field('Username'), 'ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Phone'), '01234567890');
    await user.type(field('Password'), 'analytical-engine');
    await user.type(field('Confirm Password'), 'analytical-engine');
    const avatar = field('Avatar (optional)');
    expect(avatar).toHaveAttribute('accept', 'image/*');
    await user.upload(avatar, new File(['png'], 'ada.png', { type: 'image/png' }));
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    expect(
      await screen.findByText('User registration successful! Please confirm your email to activate your account.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        username: 'ada',
        email: 'ada@example.com',
        phone: '01234567890',
        password: 'analytical-engine',
        password1: 'analytical-engine',
        image: { type: 'image/png', content: 'png' },
      },
    ]);
    // The page now tells the user to confirm the email.
    expect(screen.getByRole('heading', { name: 'Confirm Your Email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('refuses an image over 4.4 MB before sending, for either form', async () => {
    const users = serveRegistration('/user/registration/');
    const organizations = serveRegistration('/organization/register/');
    const { user } = renderApp('/register');
    const big = () => new File([new Uint8Array(4_400_001)], 'big.png', { type: 'image/png' });

    let form = await screen.findByRole('form', { name: 'User registration' });
    await user.type(within(form).getByLabelText('Password'), 'analytical-engine');
    await user.type(within(form).getByLabelText('Confirm Password'), 'analytical-engine');
    await user.upload(within(form).getByLabelText('Avatar (optional)'), big());
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    // Told in a toast and under the field.
    expect(await screen.findAllByText('The image must be at most 4.4 MB.')).toHaveLength(2);
    expect(within(form).getByLabelText('Avatar (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Avatar (optional)')).toHaveAccessibleDescription('The image must be at most 4.4 MB.');

    await user.click(screen.getByRole('checkbox', { name: 'Register as an Organization' }));
    form = organizationForm();
    await user.upload(within(form).getByLabelText('Logo (optional)'), big());
    await user.click(within(form).getByRole('button', { name: 'Register Organization' }));
    expect(within(form).getByLabelText('Logo (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(users).toEqual([]);
    expect(organizations).toEqual([]);
  });

  it('sends the organization form field for field as multipart', async () => {
    const bodies = serveRegistration('/organization/register/');
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('checkbox', { name: 'Register as an Organization' }));
    const form = organizationForm();
    const field = (label: string) => within(form).getByLabelText(label);

    await user.type(field('Organization Name'), 'City Lights');
    await user.type(field('Address Line 1'), '1 Main Street');
    await user.type(field('Address Line 2'), 'Springfield');
    await user.type(field('Phone'), '0123456789');
    await user.type(field('Email'), 'hello@citylights.example');
    await user.type(field('Website'), 'https://citylights.example');
    await user.type(field('Description'), 'Concerts and more.');
    await user.type(field('Username'), 'citylights');
    await user.type(field('Password'), 'turnout-demo-2026');
    await user.type(field('Confirm Password'), 'turnout-demo-2026');
    expect(field('Logo (optional)')).toHaveAttribute('accept', 'image/*');
    await user.upload(field('Logo (optional)'), new File(['gif'], 'logo.gif', { type: 'image/gif' }));
    await user.click(within(form).getByRole('button', { name: 'Register Organization' }));

    expect(
      await screen.findByText('Organization registration successful! Please confirm your email to activate your account.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        organization: 'City Lights',
        address1: '1 Main Street',
        address2: 'Springfield',
        phone: '0123456789',
        email: 'hello@citylights.example',
        link: 'https://citylights.example',
        description: 'Concerts and more.',
        username: 'citylights',
        password: 'turnout-demo-2026',
        password1: 'turnout-demo-2026',
        logo: { type: 'image/gif', content: 'gif' },
      },
    ]);
    expect(screen.getByRole('heading', { name: 'Confirm Your Email' })).toBeInTheDocument();
  });

  it('limits the phone to 11 characters in both forms', async () => {
    const { user } = renderApp('/register');
    const userPhone = await within(await screen.findByRole('form', { name: 'User registration' })).findByLabelText('Phone');
    expect(userPhone).toHaveAttribute('maxLength', '11');
    await user.type(userPhone, '0123456789012345');
    expect(userPhone).toHaveValue('01234567890');

    await user.click(screen.getByRole('checkbox', { name: 'Register as an Organization' }));
    expect(within(organizationForm()).getByLabelText('Phone')).toHaveAttribute('maxLength', '11');
  });

  it.each([
    ['user', 'Create Account'],
    ['organization', 'Register Organization'],
  ])('stops the %s form with Passwords do not match! when the passwords differ', async (kind, button) => {
    const userBodies = serveRegistration('/user/registration/');
    const organizationBodies = serveRegistration('/organization/register/');
    const { user } = renderApp('/register');
    await screen.findByRole('form', { name: 'User registration' });
    if (kind === 'organization') await user.click(screen.getByRole('checkbox', { name: 'Register as an Organization' }));

    await user.type(screen.getByLabelText('Username'), 'someone');
    await user.type(screen.getByLabelText('Password'), 'one-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'another-password');
    await user.click(screen.getByRole('button', { name: button }));

    expect(await screen.findByText('Passwords do not match!')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(userBodies).toHaveLength(0);
    expect(organizationBodies).toHaveLength(0);
  });

  it('names the field in each "This field is required." toast of an empty sign-up', async () => {
    const required = ['This field is required.'];
    serveRegistration('/user/registration/', () =>
      HttpResponse.json({ first_name: required, last_name: required, username: required, email: required }, { status: 400 }),
    );
    const { user } = renderApp('/register');
    const form = await screen.findByRole('form', { name: 'User registration' });
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    for (const label of ['First Name', 'Last Name', 'Username', 'Email']) {
      expect(await screen.findByText(`${label}: This field is required.`)).toBeInTheDocument();
      expect(within(form).getByLabelText(label)).toHaveAccessibleDescription('This field is required.');
    }
  });

  it('sends an untouched organization form empty and marks each field the server names', async () => {
    const required = ['This field is required.'];
    const bodies = serveRegistration('/organization/register/', () =>
      HttpResponse.json(
        {
          organization: required,
          email: required,
          username: required,
          password: required,
          password1: required,
          description: ['Ensure this field has no more than 2000 characters.'],
        },
        { status: 400 },
      ),
    );
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('checkbox', { name: 'Register as an Organization' }));
    const form = organizationForm();
    await user.click(within(form).getByRole('button', { name: 'Register Organization' }));

    for (const label of ['Organization Name', 'Email', 'Username', 'Password', 'Confirm Password']) {
      expect(await screen.findByText(`${label}: This field is required.`)).toBeInTheDocument();
      expect(within(form).getByLabelText(label)).toBeInvalid();
      expect(within(form).getByLabelText(label)).toHaveAccessibleDescription('This field is required.');
    }
    expect(within(form).getByLabelText('Description')).toHaveAccessibleDescription('Ensure this field has no more than 2000 characters.');
    expect(within(form).getByLabelText('Website')).toBeValid();
    expect(bodies).toEqual([{}]);
  });

  it('shows every server message as its own error toast and marks the fields', async () => {
    serveRegistration('/user/registration/', () =>
      HttpResponse.json(
        {
          username: ['A user with that username already exists.'],
          password: ['This password is too short. It must contain at least 8 characters.', 'This password is too common.'],
        },
        { status: 400 },
      ),
    );
    const { user } = renderApp('/register');
    const form = await screen.findByRole('form', { name: 'User registration' });

    await user.type(within(form).getByLabelText('Username'), 'ada');
    await user.type(within(form).getByLabelText('Password'), 'abc');
    await user.type(within(form).getByLabelText('Confirm Password'), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    // Each toast names its field.
    const messages = [
      'Username: A user with that username already exists.',
      'Password: This password is too short. It must contain at least 8 characters.',
      'Password: This password is too common.',
    ];
    for (const message of messages) expect(await screen.findByText(message)).toHaveAttribute('role', 'status');
    const toasts = screen.getAllByRole('status').filter((el) => messages.includes(el.textContent ?? ''));
    expect(toasts).toHaveLength(3);
    expect(within(form).getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    // And the message stands under the field.
    expect(within(form).getByLabelText('Username')).toHaveAccessibleDescription('A user with that username already exists.');
    expect(within(form).getByText('This password is too common.')).toBeInTheDocument();
    expect(within(form).getByLabelText('First Name')).not.toHaveAttribute('aria-invalid');
    // The form stays, with what was typed.
    expect(within(form).getByLabelText('Username')).toHaveValue('ada');
  });

  it('says Something went wrong. Try again later. when the failure has no body', async () => {
    serveRegistration('/organization/register/', () => new HttpResponse(null, { status: 502 }));
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('checkbox', { name: 'Register as an Organization' }));

    await user.type(screen.getByLabelText('Organization Name'), 'City Lights');
    await user.click(screen.getByRole('button', { name: 'Register Organization' }));

    expect(await screen.findByText('Something went wrong. Try again later.')).toBeInTheDocument();
    expect(organizationForm()).toBeInTheDocument();
  });
});
