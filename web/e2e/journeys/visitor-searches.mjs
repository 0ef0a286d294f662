// g) A visitor searches: words typed on the home page, narrowed on the
// events list by a date chip, kept in the address (a reload keeps the
// search), and a result opened.
import assert from 'node:assert/strict';
import { createEvent, daysFromNow, signUpOrganization, unique } from '../api.mjs';
import { listItem, see } from '../ui.mjs';

export default async function visitorSearches({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const word = unique('Lantern');
  const soon = await createEvent(stack, org, {
    title: `${word} Night Walk`, city: 'Lyon', category: 'outdoors', start_time: daysFromNow(2, 19), end_time: daysFromNow(2, 21),
  });
  const later = await createEvent(stack, org, { title: `${word} Spring Fair`, start_time: daysFromNow(20, 10), end_time: daysFromNow(20, 18) });

  await page.goto('/');
  await page.getByRole('search').getByRole('searchbox', { name: 'Search events' }).fill(word.toLowerCase());
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(new RegExp(`/events\\?q=${word.toLowerCase()}$`));
  await see(page, soon.title);
  await see(page, later.title);

  await page.getByRole('button', { name: 'Next 7 days' }).click();
  await page.waitForURL(/from=.*&to=/);
  await page.getByRole('heading', { name: later.title }).waitFor({ state: 'detached' });
  await see(page, soon.title);

  // The address is the search: a reload (or a shared link) shows the same.
  await page.reload();
  await see(page, soon.title);
  assert.equal(await page.getByRole('heading', { name: later.title }).count(), 0, 'the date filter holds after a reload');
  await screenshot();

  await listItem(page, soon.title).getByRole('link', { name: 'View Details' }).click();
  await page.getByRole('heading', { level: 1, name: soon.title }).waitFor();
  assert.equal(new URL(page.url()).searchParams.get('id'), soon.id);
}
