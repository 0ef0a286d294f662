// c) An organization signs up in the browser, activates, logs in, and from
// its dashboard creates an event with a banner, sees it in public, edits
// and deletes it.
import assert from 'node:assert/strict';
import { daysFromNow, PASSWORD, unique } from '../api.mjs';
import { linkIn, waitForMail } from '../mail.mjs';
import { waitFor } from '../wait.mjs';
import { field, fillForm, listItem, logIn, see } from '../ui.mjs';

// A valid 16×8 PNG, all orange.
const BANNER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAICAIAAAB/FOjAAAAAE0lEQVR42mP4WSxGEmIY1UALDQA/tMEB22JU7AAAAABJRU5ErkJggg==',
  'base64',
);

export default async function organizationManagesEvents({ page, stack, screenshot }) {
  const username = unique('org');
  const email = `${username}@example.com`;
  const name = `Harbour Arts ${username}`;
  const title = unique('Harbour Jazz Night ');
  const newTitle = `${title} (moved indoors)`;

  await page.goto('/register');
  await page.getByLabel('Register as an Organization').check();
  await fillForm(page, {
    'Organization Name': name,
    'Address Line 1': '2 Quay Road',
    'Address Line 2': 'Unit 4',
    Phone: '5550101',
    Email: email,
    Website: 'https://harbour-arts.example',
    Description: 'Music and art by the sea.',
    Username: username,
    Password: PASSWORD,
    'Confirm Password': PASSWORD,
  });
  await page.getByRole('button', { name: 'Register Organization' }).click();
  await see(page, 'Organization registration successful! Please confirm your email to activate your account.');

  const mail = await waitForMail(stack.sesURL, email, 'Activate your Turnout account');
  await page.goto(linkIn(mail, '/api/user/activate/'));
  await see(page, 'Registration Successful');

  await logIn(page, username, PASSWORD);
  await page.getByRole('heading', { name }).waitFor();
  await page.getByRole('button', { name: 'Event', exact: true }).click();
  await page.waitForURL('**/dashboard');
  const dashboard = page.getByRole('navigation', { name: 'Dashboard' });

  // Create an event with a banner; the page goes on to the list of events.
  await dashboard.getByRole('link', { name: 'Create Event' }).click();
  await fillForm(page, {
    Title: title,
    Location: 'The Old Boathouse',
    Description: 'Live jazz on the harbour front.',
    'Start time': daysFromNow(10, 19),
    'End time': daysFromNow(10, 22),
    Capacity: '120',
  });
  await field(page, 'Banner (optional)').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: BANNER_PNG });
  await page.getByRole('button', { name: 'Create Event' }).click();
  await see(page, 'Event created successfully!');
  await page.waitForURL('**/dashboard/events');
  await page.getByRole('heading', { name: title }).waitFor();

  // In public, with its banner loaded.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
  const listed = listItem(page, title);
  const banner = listed.getByRole('img');
  await banner.scrollIntoViewIfNeeded(); // it loads lazily
  await waitFor(() => banner.evaluate((img) => img.complete && img.naturalWidth > 0), {
    message: 'the banner image did not load',
  });
  assert.equal(await banner.evaluate((img) => img.naturalWidth), 16);
  await screenshot();

  // Edit the title.
  await page.goto('/dashboard/events');
  await listItem(page, title).getByRole('button', { name: 'Edit' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/event-update' && url.searchParams.has('id'));
  await field(page, 'Title').fill(newTitle);
  await page.getByRole('button', { name: 'Update Event' }).click();
  await see(page, 'Event updated successfully!');
  await page.waitForURL('**/dashboard/events');
  const updated = page.getByRole('heading', { name: newTitle });
  await updated.waitFor();

  // Delete it.
  await listItem(page, newTitle).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await see(page, 'Event deleted successfully');
  await updated.waitFor({ state: 'detached' });
}
