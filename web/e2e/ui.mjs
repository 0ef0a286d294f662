// Steps that several journeys take in the browser, written the way a
// person sees the page: by role, label and text.
import { wordsOf } from './catalogs.mjs';

// see waits until the exact text is visible in scope (a page or a part).
export async function see(scope, text) {
  await scope.getByText(text, { exact: true }).first().waitFor();
}

// field is the input labelled label (followed or not by a required
// marker "*").
export function field(scope, label) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

// control is the button or link with the given name: for what leads
// elsewhere, whichever the page chose.
export function control(scope, name) {
  return scope.getByRole('button', { name, exact: true }).or(scope.getByRole('link', { name, exact: true }));
}

// listItem is the item of a list that shows text (an event's title, say).
export function listItem(scope, text) {
  return scope.getByRole('listitem').filter({ hasText: text });
}

// openEventFromList goes to the public events list and opens the event's
// details.
export async function openEventFromList(page, title) {
  await page.goto('/events');
  await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
  await listItem(page, title).getByRole('link', { name: 'View Details' }).click();
  await page.getByRole('heading', { name: title }).waitFor();
}

// logIn fills in the login form and waits for the profile it leads to;
// say (catalogs.mjs) gives the words of the language the page shows,
// English unless given.
export async function logIn(page, username, password, say = wordsOf('en')) {
  await page.goto('/login');
  await submitLogin(page, username, password, say);
  await page.waitForURL('**/profile');
}

// submitLogin fills in the login form on screen, sends it and waits for
// the success message; where it leads is the caller's to check.
export async function submitLogin(page, username, password, say = wordsOf('en')) {
  const form = page.getByRole('main');
  await field(form, say('auth.username')).fill(username);
  await field(form, say('auth.password')).fill(password);
  await form.getByRole('button', { name: say('auth.loginButton'), exact: true }).click();
  await see(page, say('auth.loginSuccessful'));
}

// fillForm fills in the inputs named by label with their values.
export async function fillForm(scope, values) {
  for (const [label, value] of Object.entries(values)) await field(scope, label).fill(value);
}
