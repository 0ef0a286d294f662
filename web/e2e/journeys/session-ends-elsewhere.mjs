// k) Pages of one browser share the session: a logout in one tab sends an
// open account page to log in (and back after), while a public page stays
// alive; deep links to the edit pages load what they edit.
import { createEvent, signUpOrganization, signUpPerson } from '../api.mjs';
import { field, listItem, logIn, submitLogin } from '../ui.mjs';
import { waitFor } from '../wait.mjs';

export default async function sessionEndsElsewhere({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const event = await createEvent(stack, org);
  const person = await signUpPerson(stack);

  await logIn(page, person.username, person.password);
  await page.getByRole('heading', { name: person.username }).waitFor();
  const context = page.context();
  const list = await context.newPage();
  await list.goto('/events');
  await listItem(list, event.title).waitFor();
  const other = await context.newPage();
  await other.goto('/events');

  // Logout in another tab.
  await other.getByRole('button', { name: 'Account menu' }).click();
  await other.getByRole('menuitem', { name: 'Logout' }).click();
  await other.waitForURL('**/login');

  // The profile goes to log in, with the way back; the list stays.
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/profile');
  await page.getByRole('heading', { name: 'Log In' }).waitFor();
  // The top bar shows Login once this tab has heard of the logout; the
  // list it showed loads again for a visitor instead of staying on Loading.
  await list.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor();
  await listItem(list, event.title).waitFor();

  await submitLogin(page, person.username, person.password);
  await page.waitForURL('**/profile');

  // Deep links: the edit pages load their data.
  await page.goto('/profile/edit');
  await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
  await waitForValue(field(page, 'First Name'), 'Pat');

  await other.close();
  await list.close();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await logIn(page, org.username, org.password);
  // Organizers find their dashboard in the top bar.
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));

  await page.goto('/organization_info/edit');
  await page.getByRole('heading', { name: 'Edit Organization' }).waitFor();
  await waitForValue(field(page, 'Organization Name'), org.organization);

  await page.goto(`/dashboard/event-update?id=${event.id}`);
  await page.getByRole('heading', { name: 'Update Event' }).waitFor();
  await waitForValue(field(page, 'Title'), event.title);
  await screenshot();
}

// waitForValue waits until the input shows value (a page that loads what
// it edits fills its form once the answer is in).
function waitForValue(input, value) {
  return waitFor(async () => (await input.inputValue()) === value, { message: () => `the input never showed ${value}` });
}
