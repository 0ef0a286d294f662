// a) A visitor browses: from the home page to the list of upcoming events,
// into one event's details, and a reload of that shareable URL.
import assert from 'node:assert/strict';
import { createEvent, signUpOrganization } from '../api.mjs';
import { control, listItem, see } from '../ui.mjs';

export default async function visitorBrowses({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const event = await createEvent(stack, org);

  await page.goto('/');
  await page.getByRole('heading', { name: 'Discover and Join Amazing Events' }).waitFor();
  await control(page, 'Browse Events').click();
  await page.waitForURL('**/events');
  await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
  await see(page, event.title);

  await listItem(page, event.title).getByRole('button', { name: 'View Details' }).click();
  await page.getByRole('heading', { name: event.title }).waitFor();
  await see(page, 'About the Event');
  assert.equal(new URL(page.url()).searchParams.get('id'), event.id, 'the detail URL carries the event id');

  // The URL alone, without navigation state, still shows the event.
  await page.reload();
  await page.getByRole('heading', { name: event.title }).waitFor();
  await see(page, 'About the Event');
  await see(page, event.location);
  await screenshot();
}
