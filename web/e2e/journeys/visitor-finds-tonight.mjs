// A visitor in Los Angeles chooses "Today" in the evening, when the UTC
// day (the server's) is already tomorrow: they find tonight's event, not
// tomorrow morning's. The browser's clock is set to that evening, a few
// hours ahead of the server's, so the events are upcoming for both.
import assert from 'node:assert/strict';
import { createEvent, signUpOrganization, unique } from '../api.mjs';
import { see } from '../ui.mjs';

const HOUR = 3600_000;

// The next 03:00 UTC at least an hour away: 19:00 of the day before in Los
// Angeles (UTC-8 in winter, 20:00 in summer, UTC-7).
function laEvening() {
  const at = new Date();
  at.setUTCHours(3, 0, 0, 0);
  while (at.getTime() < Date.now() + HOUR) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

// Options of this journey's browser context: the visitor's zone.
export const contextOptions = { timezoneId: 'America/Los_Angeles' };

export default async function visitorFindsTonight({ page, stack, screenshot }) {
  const evening = laEvening();
  const org = await signUpOrganization(stack);
  const word = unique('Dusk');
  const at = (ms) => new Date(evening.getTime() + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const tonight = await createEvent(stack, org, { title: `${word} Rooftop Jazz`, start_time: at(2 * HOUR), end_time: at(4 * HOUR) });
  const tomorrow = await createEvent(stack, org, { title: `${word} Morning Run`, start_time: at(12 * HOUR), end_time: at(13 * HOUR) });

  await page.clock.setFixedTime(evening);
  await page.goto(`/events?q=${word.toLowerCase()}`);
  assert.equal(await page.evaluate(() => new Date().getHours()) >= 19, true, "the browser's clock shows the evening");
  await see(page, tonight.title);
  await see(page, tomorrow.title);

  await page.getByRole('button', { name: 'Today' }).click();
  await page.waitForURL(/from=.*&to=/);
  await page.getByRole('heading', { name: tomorrow.title }).waitFor({ state: 'detached' });
  await see(page, tonight.title);
  const url = new URL(page.url());
  const localDay = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  assert.equal(url.searchParams.get('from'), localDay, "the address holds the visitor's own date");
  assert.notEqual(localDay, evening.toISOString().slice(0, 10), "the visitor's day is not the UTC day");
  await screenshot();
}
