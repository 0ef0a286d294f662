// f) A full event with a waitlist, run at the door: one person takes the
// only seat and is shown a ticket, another joins the waitlist; the
// organization sees both in its attendee list, exports it as CSV and checks
// the first in by the ticket's code; when that person cancels, the one
// waiting has the seat.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createEvent, signUpOrganization, signUpPerson, unique } from '../api.mjs';
import { field, listItem, logIn, see } from '../ui.mjs';

export default async function organizerRunsTheDoor({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const title = unique('Rooftop Quartet ');
  const event = await createEvent(stack, org, { title, capacity: 1, waitlist: 'true' });
  const [ada, bea] = [await signUpPerson(stack), await signUpPerson(stack)];
  const eventPath = `/event/detail?id=${event.id}`;
  // Each person in turn, in the same browser.
  async function signOut() {
    if (page.url() !== 'about:blank') await page.evaluate(() => localStorage.clear());
  }
  async function as(who) {
    await signOut();
    await logIn(page, who.username, who.password);
    await page.goto(eventPath);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  }

  await as(ada);
  await page.getByRole('button', { name: 'Register Now' }).click();
  await see(page, 'You are registered for this event.');
  await page.getByRole('img', { name: `Ticket QR code for ${title}` }).locator('svg').waitFor();
  const code = (await page.locator('figcaption .font-mono').textContent()).trim();
  assert.match(code, /^T1\.[0-9A-Z]{26}\.[\w-]{22}$/);

  await as(bea);
  await page.getByRole('button', { name: 'Join Waitlist' }).click();
  await see(page, 'You are on the waitlist (number 1 in line).');

  await signOut();
  await logIn(page, org.username, org.password);
  await page.goto('/dashboard/events');
  await listItem(page, title).getByRole('link', { name: 'Attendees' }).click();
  await page.getByRole('heading', { level: 1, name: 'Attendees' }).waitFor();
  await listItem(page, `@${bea.username}`).getByText('Waitlisted').waitFor();
  const counts = page.locator('dl');
  await counts.getByText('1 / 1', { exact: true }).first().waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^Rooftop-Quartet-[0-9a-f]+-attendees\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  assert.ok(csv.startsWith('\ufeffregistration_id,user_id,username,'), `CSV header: ${csv.slice(0, 80)}`);
  assert.ok(csv.includes(`,${ada.username},`) && csv.includes(`,${bea.username},`), 'both people are in the CSV');

  await page.getByRole('link', { name: 'Check-in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check-in' }).waitFor();
  await field(page, 'Ticket code').fill(code);
  await page.getByRole('button', { name: 'Check In Code' }).click();
  await see(page, 'Pat Example: Checked in.');
  await counts.getByText('1 / 1', { exact: true }).nth(1).waitFor();
  await screenshot();

  await as(ada);
  await page.getByRole('button', { name: 'Cancel Registration' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await see(page, 'Registration cancelled successfully.');

  await as(bea);
  await see(page, 'You are registered for this event.');
  await page.getByRole('img', { name: `Ticket QR code for ${title}` }).locator('svg').waitFor();
}
