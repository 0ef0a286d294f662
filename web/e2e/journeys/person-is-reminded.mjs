// i) A person is reminded of an event: they register for an event three
// days ahead; the reminder job, run through the gateway's dev route with
// its clock moved to just after the 24-hour moment, mails them "Tomorrow:
// <title>" once (a second run at the same clock sends nothing), with the
// event, the ticket, the calendar file and a one-click unsubscribe. The
// mail's "Turn them off" link works signed out; afterwards the day-before
// reminder is off and the others are on, and the 1-hour reminder still
// comes.
import assert from 'node:assert/strict';
import { createEvent, daysFromNow, notificationsOf, runReminders, signUpOrganization, signUpPerson, unique } from '../api.mjs';
import { headersOf, inbox, linkIn, waitForMail } from '../mail.mjs';
import { logIn, see } from '../ui.mjs';

const MINUTE = 60_000;

export default async function personIsReminded({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const title = unique('Lantern Walk ');
  // More than a day ahead, so both reminders are planned (in UTC, the
  // default time zone).
  const event = await createEvent(stack, org, { title, start_time: daysFromNow(3, 18), end_time: daysFromNow(3, 20) });
  const start = new Date(event.start_time).getTime();
  const eventPath = `/event/detail?id=${event.id}`;
  const person = await signUpPerson(stack);

  await logIn(page, person.username, person.password);
  await page.goto(eventPath);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('button', { name: 'Register Now' }).click();
  await see(page, 'You are registered for this event.');
  await page.getByRole('img', { name: `Ticket QR code for ${title}` }).locator('svg').waitFor();
  const code = (await page.locator('figcaption .font-mono').textContent()).trim();

  // Just after the 24-hour moment.
  const dayBefore = new Date(start - (23 * 60 + 59) * MINUTE);
  const run = await runReminders(stack, dayBefore);
  assert.ok(run.sent >= 1, `the job handed no reminder over: ${JSON.stringify(run)}`);

  const subject = `Tomorrow: ${title}`;
  const mail = await waitForMail(stack.sesURL, person.email, subject);
  assert.equal(mail.subject, subject);
  const { text, html } = mail.body;
  assert.ok(text.includes(title), 'the reminder names the event');
  assert.ok(text.includes('18:00–20:00 UTC'), `the reminder tells the time in the event's zone:\n${text}`);
  assert.ok(text.includes(event.location), 'the reminder tells the place');
  assert.ok(text.includes(`Your ticket code: ${code}`), `the reminder carries the ticket ${code}:\n${text}`);
  const ticketLink = new URL(linkIn(mail, '/event/detail'));
  assert.equal(ticketLink.searchParams.get('id'), event.id);
  assert.ok(html.includes(eventPath), 'the HTML body links the event page');
  assert.ok(mail.attachments?.some((a) => a.filename === 'event.ics'), 'the reminder carries the calendar file');
  const headers = headersOf(mail);
  assert.match(headers['List-Unsubscribe'] ?? '', /^<https?:\/\/[^>]+\/api\/user\/unsubscribe\/[^>]+>$/, 'the one-click unsubscribe address');
  assert.equal(headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');

  // The same clock again: the reminder was handed over once, and is mailed once.
  const again = await runReminders(stack, dayBefore);
  assert.equal(again.sent, 0, `a second run handed reminders over: ${JSON.stringify(again)}`);
  await new Promise((res) => setTimeout(res, 2000));
  assert.equal((await inbox(stack.sesURL, person.email, subject)).length, 1, 'the reminder came twice');

  // The mail's link works without logging in.
  await page.evaluate(() => localStorage.clear());
  await page.goto(linkIn(mail, '/unsubscribe'));
  await page.getByRole('heading', { level: 1, name: 'Unsubscribe' }).waitFor();
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await see(page, 'Done: you will no longer get these mails. You can turn them back on from your profile.');

  assert.deepEqual(await notificationsOf(stack, person), {
    reminder_24h: false,
    reminder_1h: true,
    event_changes: true,
    organizer_messages: true,
    new_events: true,
  });
  await logIn(page, person.username, person.password);
  await page.getByRole('button', { name: 'Choose emails' }).click();
  const box = (label) => page.getByRole('checkbox', { name: label, exact: true });
  await box('A reminder the day before an event I registered for').waitFor();
  assert.equal(await box('A reminder the day before an event I registered for').isChecked(), false);
  assert.equal(await box('A reminder 1 hour before it starts').isChecked(), true);
  assert.equal(await box('When an event I registered for moves').isChecked(), true);
  assert.equal(await box("Organizers' messages about events I registered for").isChecked(), true);
  // Back to the top, so the sticky top bar does not cover the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot();

  // The other reminder is still on: 59 minutes before the start it comes.
  const hourBefore = await runReminders(stack, new Date(start - 59 * MINUTE));
  assert.ok(hourBefore.sent >= 1, `the job handed no 1-hour reminder over: ${JSON.stringify(hourBefore)}`);
  const soon = await waitForMail(stack.sesURL, person.email, `Starting in 1 hour: ${title}`);
  assert.ok(soon.body.text.includes(`Your ticket code: ${code}`));
}
