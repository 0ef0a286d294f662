// h) A person takes their data and leaves: from the profile they turn an
// email kind off, download everything held about them, delete the account
// with their password, and can then sign up again with the same username
// and email.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createEvent, registerPerson, signUpOrganization, signUpPerson } from '../api.mjs';
import { field, logIn, see } from '../ui.mjs';
import { waitForMail } from '../mail.mjs';
import { waitFor } from '../wait.mjs';

export default async function personLeaves({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const event = await createEvent(stack, org);
  const person = await signUpPerson(stack);

  await logIn(page, person.username, person.password);
  await page.goto(`/event/detail?id=${event.id}`);
  await page.getByRole('button', { name: 'Register Now' }).click();
  await see(page, 'You are registered for this event.');

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Choose emails' }).click();
  const messages = page.getByRole('checkbox', { name: "Organizers' messages about events I registered for" });
  // The box follows the server's answer.
  await messages.click();
  await waitFor(async () => !(await messages.isChecked()), { message: 'the setting did not turn off' });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const data = JSON.parse(await readFile(await (await download).path(), 'utf8'));
  assert.equal(data.profile.username, person.username);
  assert.equal(data.notifications.organizer_messages, false);
  assert.deepEqual(data.registrations.map((r) => r.event_id), [event.id]);
  await screenshot();

  await field(page, 'Your password').fill(person.password);
  await page.getByRole('button', { name: 'Delete account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await waitForMail(stack.sesURL, person.email, 'Your Turnout account is deleted');

  // The same username and address sign up again: a second activation mail
  // comes (a taken address would get "already registered" instead).
  await registerPerson(stack, person.username);
  await waitFor(
    async () => {
      const { emails = [] } = await (await fetch(`${stack.sesURL}/store`)).json();
      return emails.filter((m) => m.destination?.to?.includes(person.email) && m.subject === 'Activate your Turnout account').length === 2;
    },
    { timeout: 15_000, interval: 200, message: 'no second activation mail' },
  );
}
