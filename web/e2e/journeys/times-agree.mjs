// j) One time rule on every screen: a visitor in Los Angeles sees an
// evening event in Auckland on the event's own day and clock, its zone
// named, on the event page, the events list, the organizer's dashboard and
// attendee list, and the person's Registered Events, each with the
// visitor's own time beside it.
import assert from 'node:assert/strict';
import { createEvent, registerFor, signUpOrganization, signUpPerson } from '../api.mjs';
import { listItem, logIn } from '../ui.mjs';

const zone = 'Pacific/Auckland';

// The instant the wall clock in zone shows hour:00, days from now.
function wallTime(days, hour) {
  const day = new Date(Date.now() + days * 86_400_000);
  const guess = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour);
  const wall = new Intl.DateTimeFormat('en-US', {
    timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric',
  }).formatToParts(new Date(guess));
  const part = (type) => Number(wall.find((p) => p.type === type).value);
  const offset = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour')) - guess;
  return new Date(guess - offset);
}

// ICU writes thin and narrow no-break spaces in times.
const plain = (text) => text.replace(/\s+/g, ' ').trim();

export default async function timesAgree({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const start = wallTime(7, 18);
  const title = `Harbour Lanterns ${start.getTime().toString(36)}`;
  const event = await createEvent(stack, org, {
    title, time_zone: zone, start_time: start.toISOString(), end_time: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
  });
  const person = await signUpPerson(stack);
  await registerFor(stack, person, event.id);

  const eventDay = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' }).format(start);
  // "Sat, Dec 5, 6:00 – 9:00 PM NZDT (Pacific/Auckland)", and below it the
  // same hours on the visitor's clock, a day earlier.
  const told = new RegExp(`${eventDay}, 6:00 – 9:00 PM NZ[DS]T \\(Pacific/Auckland\\)Your time: \\w{3}, \\w{3} \\d+, \\d+:00 [AP]M – .*\\(America/Los_Angeles\\)`);
  async function agrees(where, locator) {
    await locator.waitFor();
    const text = plain(await locator.textContent());
    assert.match(text, told, `${where} tells the time otherwise: ${text}`);
  }

  await page.goto(`/event/detail?id=${event.id}`);
  const header = page.locator('main header').filter({ has: page.getByRole('heading', { level: 1, name: title }) });
  await agrees('the event page', header);
  await page.goto('/events');
  await agrees('the events list', listItem(page, title));

  await logIn(page, person.username, person.password);
  await agrees('Registered Events', listItem(page.getByRole('region', { name: 'Registered Events' }), title));

  await page.evaluate(() => localStorage.clear());
  await logIn(page, org.username, org.password);
  await page.goto('/dashboard/events');
  await agrees("the organizer's events", listItem(page, title));
  await page.goto(`/dashboard/attendees?id=${event.id}`);
  await agrees('the attendee list', page.getByText(`${title} ·`));
  await screenshot();
}
