// b) A person signs up in the browser, activates the account from the
// emailed link (opened twice, as mail scanners do), logs in, registers for
// an event and cancels it from the profile.
import assert from 'node:assert/strict';
import { createEvent, PASSWORD, signUpOrganization, unique } from '../api.mjs';
import { linkIn, waitForMail } from '../mail.mjs';
import { control, field, fillForm, listItem, logIn, openEventFromList, see } from '../ui.mjs';

export default async function personSignsUp({ page, stack, screenshot, problems }) {
  const event = await createEvent(stack, await signUpOrganization(stack));
  const username = unique('ana');
  const email = `${username}@example.com`;

  await page.goto('/register');
  // Sent untouched, the form (a multipart body of no field) has each
  // required field marked with the server's message.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await see(page, 'Username: This field is required.');
  for (const label of ['First Name', 'Last Name', 'Username', 'Email', 'Password', 'Confirm Password']) {
    assert.equal(await field(page, label).getAttribute('aria-invalid'), 'true', `${label} is marked`);
  }
  assert.equal(await field(page, 'Phone').getAttribute('aria-invalid'), null, 'Phone is optional');
  await fillForm(page, {
    'First Name': 'Ana',
    'Last Name': 'Lima',
    Username: username,
    Email: email,
    Phone: '5550100',
    Address: '1 Main Street',
    Password: PASSWORD,
    'Confirm Password': PASSWORD,
  });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await see(page, 'User registration successful! Please confirm your email to activate your account.');

  const mail = await waitForMail(stack.sesURL, email, 'Activate your Turnout account');
  await page.goto(linkIn(mail, '/api/user/activate/'));
  await page.waitForURL('**/activate-account');
  await see(page, 'Registration Successful');
  // Mail scanners open links before people do: the link opened again says
  // the account is already active, not that the link is invalid.
  await page.goto(linkIn(mail, '/api/user/activate/'));
  await page.waitForURL('**/activate-account/already');
  await see(page, 'Your account is already activated. Log in to start joining events.');
  await control(page, 'Go to Login').click();
  await page.waitForURL('**/login');

  await logIn(page, username, PASSWORD);
  await page.getByRole('heading', { name: username }).waitFor();
  const registered = page.getByRole('region', { name: 'Registered Events' });
  await see(registered, 'You have not registered for any events.');

  // The page asks whether they are registered: not yet, which is an answer,
  // not a red 404 in the console.
  const asked = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().includes(`/api/event/register/${event.id}/`));
  await openEventFromList(page, event.title);
  assert.equal((await asked).status(), 200);
  assert.deepEqual(problems.filter((p) => p.includes('404')), [], 'no failed request in the console');
  await page.getByRole('button', { name: 'Register Now' }).click();
  await see(page, 'Successfully registered for the event!');

  // Back to the profile through the top bar's account menu.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const item = listItem(registered, event.title);
  await item.waitFor();
  await screenshot();

  await item.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await see(page, 'Registration cancelled successfully.');
  await item.waitFor({ state: 'detached' });
  await see(registered, 'You have not registered for any events.');
}
