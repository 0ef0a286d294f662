// A visitor with no account joins a private online event that takes
// approval and asks for consent: from its invite link they give a name and
// an address and tick the box; nothing is held until the mailed link's
// page is confirmed, which makes a request. The organizer sees the guest,
// marked as one, and approves; the guest's mail and their manage page
// (no login) give the join link and the ticket. The reminder reaches them
// with their manage link and a one-click unsubscribe; at the door they are
// checked in as a guest. Then they sign up with the same address and find
// the registration in their profile.
import assert from 'node:assert/strict';
import { createEvent, daysFromNow, runReminders, signUpOrganization, signUpPerson, unique } from '../api.mjs';
import { headersOf, linkIn, waitForMail } from '../mail.mjs';
import { field, listItem, logIn, see } from '../ui.mjs';

const JOIN = 'https://meet.example.com/guest-supper?pwd=e2e';
const CONSENT = 'I agree to the house rules';
const MINUTE = 60_000;

export default async function guestJoinsPrivately({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const title = unique('Guest Supper ');
  const event = await createEvent(stack, org, {
    title,
    start_time: daysFromNow(3, 18),
    end_time: daysFromNow(3, 21),
    capacity: 12,
    visibility: 'private',
    online_url: JOIN,
    approval: 'true',
    questions: JSON.stringify([{ label: CONSENT, kind: 'checkbox', required: true }]),
  });
  const invite = new URL(event.invite_url);
  // The address they will sign up with later.
  const username = unique('guest');
  const email = `${username}@example.com`;

  // Signed out, from the invite link: the guest form, beside logging in.
  await page.goto(invite.pathname + invite.search);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('button', { name: 'Request to Join', exact: true }).waitFor();
  const form = page.getByRole('region', { name: 'No account? Register with your email' });
  await field(form, 'Name').fill('Gwen Guest');
  await field(form, 'Email').fill(email);
  await form.getByLabel(CONSENT).check();
  await form.getByRole('button', { name: 'Request to join with email' }).click();
  await see(page, 'Check your email');
  await see(page, 'Almost there: open the link we emailed you to confirm your registration.');

  // The mailed link's page holds nothing until it is confirmed.
  const ask = await waitForMail(stack.sesURL, email, `Confirm your registration: ${title}`);
  await page.goto(linkIn(ask, '/rsvp/confirm'));
  await page.getByRole('heading', { level: 1, name: 'Confirm your registration' }).waitFor();
  assert.equal((await attendeesOf(stack, org, event.id)).pending, 0, 'opening the link holds nothing');
  await page.getByRole('button', { name: 'Confirm my registration' }).click();
  await see(page, 'Your request awaits the organizer’s approval. You will be told by mail.');
  await page.getByRole('link', { name: 'Manage your registration' }).click();
  await page.getByRole('button', { name: 'Withdraw request' }).waitFor();
  assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
  const received = await waitForMail(stack.sesURL, email, `Request received (not confirmed yet): ${title}`);
  const manage = linkIn(received, '/rsvp');
  assert.ok(!received.body.text.includes(JOIN), 'a request holds no join link');

  // The organizer sees the guest, marked as one, and approves.
  await logIn(page, org.username, org.password);
  await page.goto(`/dashboard/attendees?id=${event.id}`);
  const row = listItem(page, email);
  await row.getByText('Guest', { exact: true }).waitFor();
  await row.getByText('Awaiting approval').waitFor();
  assert.equal(await row.locator('dd').first().textContent(), 'Yes');
  await row.getByRole('button', { name: /^Approve / }).click();
  await see(page, 'Approved. They are told by mail.');
  const approved = await waitForMail(stack.sesURL, email, `Approved: ${title}`);
  assert.ok(approved.body.text.includes(JOIN), 'the approval carries the join link');
  assert.equal(linkIn(approved, '/rsvp'), manage, 'the approval carries the manage link');

  // Signed out, the manage link shows the seat: the ticket and the join link.
  await page.evaluate(() => localStorage.clear());
  await page.goto(manage);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await see(page, 'You are registered for this event.');
  assert.equal(await page.getByRole('link', { name: /Join online/ }).getAttribute('href'), JOIN);
  await page.getByRole('img', { name: `Ticket QR code for ${title}` }).locator('svg').waitFor();
  const code = (await page.locator('figcaption .font-mono').textContent()).trim();
  await page.getByRole('link', { name: 'Add to calendar' }).waitFor();
  await screenshot();

  // The day-before reminder reaches the guest, with their manage link and
  // a one-click unsubscribe.
  const start = new Date(event.start_time).getTime();
  await runReminders(stack, new Date(start - (23 * 60 + 59) * MINUTE));
  const reminder = await waitForMail(stack.sesURL, email, `Tomorrow: ${title}`);
  assert.ok(reminder.body.text.includes(code) && reminder.body.text.includes(JOIN), 'the reminder carries the ticket and the join link');
  assert.equal(linkIn(reminder, '/rsvp'), manage, 'the reminder carries the manage link');
  assert.match(headersOf(reminder)['List-Unsubscribe'] ?? '', /\/api\/user\/unsubscribe\//);

  // At the door, checked in as a guest.
  await logIn(page, org.username, org.password);
  await page.goto(`/dashboard/check-in?id=${event.id}`);
  await page.getByRole('heading', { level: 1, name: 'Check-in' }).waitFor();
  await field(page, 'Ticket code').fill(code);
  await page.getByRole('button', { name: 'Check In Code' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Check In Anyway' }).click();
  const result = page.getByText(/^Gwen Guest: Checked in\./);
  await result.waitFor();
  assert.match(await result.textContent(), /Guest$/, 'the check-in says it is a guest');

  // Signing up with the address makes the registration theirs.
  await page.evaluate(() => localStorage.clear());
  const person = await signUpPerson(stack, username);
  await logIn(page, person.username, person.password);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Registered Events' }).waitFor();
  await see(page, title);
}

async function attendeesOf(stack, org, eventId) {
  const res = await fetch(`${stack.baseURL}/api/event/detail/${eventId}/attendees/`, { headers: { Authorization: `Bearer ${org.token}` } });
  if (!res.ok) throw new Error(`GET attendees: ${res.status}`);
  return res.json();
}
