// j) A visitor on an event's page presses Register Now without an account:
// the product takes them to log in, on to sign up, and (through the
// activation mail, opened in another browser) back to the event, where
// one more press registers them.
import { createEvent, PASSWORD, signUpOrganization, unique } from '../api.mjs';
import { linkIn, waitForMail } from '../mail.mjs';
import { control, fillForm, see, submitLogin } from '../ui.mjs';

export default async function visitorRegistersOnTheWay({ page, stack, screenshot }) {
  const event = await createEvent(stack, await signUpOrganization(stack));
  const eventPath = `/event/detail?id=${event.id}`;
  const onEventPage = (url) => url.pathname === '/event/detail' && url.searchParams.get('id') === event.id;
  const username = unique('vic');
  const email = `${username}@example.com`;

  await page.goto(eventPath);
  await page.getByRole('heading', { name: event.title }).waitFor();
  await page.getByRole('button', { name: 'Register Now' }).click();
  await see(page, 'Please log in first to register for the event.');
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === eventPath);

  // No account yet: on to sign up, the way back kept.
  await page.getByRole('main').getByRole('link', { name: 'Register', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('next') === eventPath);
  await fillForm(page, {
    'First Name': 'Vic',
    'Last Name': 'Tor',
    Username: username,
    Email: email,
    Password: PASSWORD,
    'Confirm Password': PASSWORD,
  });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await see(page, 'User registration successful! Please confirm your email to activate your account.');

  // The mail is opened in another browser (a phone, say): the way back
  // rides in the link itself.
  const mail = await waitForMail(stack.sesURL, email, 'Activate your Turnout account');
  const phone = await page.context().browser().newContext({ baseURL: stack.baseURL, viewport: { width: 390, height: 844 } });
  try {
    const there = await phone.newPage();
    await there.goto(linkIn(mail, '/api/user/activate/'));
    await there.waitForURL((url) => url.pathname === '/activate-account' && url.searchParams.get('next') === eventPath);
    await see(there, 'Registration Successful');
    await control(there, 'Go to Login').click();
    await there.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === eventPath);

    await submitLogin(there, username, PASSWORD);
    // Back on the event, not the profile.
    await there.waitForURL(onEventPage);
    await there.getByRole('heading', { name: event.title }).waitFor();
    await there.getByRole('button', { name: 'Register Now' }).click();
    await see(there, 'Successfully registered for the event!');
    await see(there, 'You are registered for this event.');
  } finally {
    await phone.close();
  }

  // In the first browser the same link of the sign-up's page leads on too.
  await control(page, 'Go to Login').click();
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === eventPath);
  await submitLogin(page, username, PASSWORD);
  await page.waitForURL(onEventPage);
  await see(page, 'You are registered for this event.');
  await screenshot();
}
