// An organization creates a private online event that takes approval,
// with a consent question, from its dashboard: the event is in no public
// list, its page says it does not exist without the invite link, and opens
// with it (asking search engines not to index it). A person opens the
// invite link, ticks the box and asks to join: the request holds no seat
// and is mailed as such. The organizer sees it and its answer among the
// attendees and approves it; the person is mailed the approval with the
// join link and sees it on the page. A new invite link closes the old.
import assert from 'node:assert/strict';
import { daysFromNow, signUpOrganization, signUpPerson, unique } from '../api.mjs';
import { waitForMail } from '../mail.mjs';
import { fillForm, listItem, logIn, see } from '../ui.mjs';

const JOIN = 'https://meet.example.com/supper-club?pwd=e2e';

export default async function organizerInvitesPrivately({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const person = await signUpPerson(stack);
  const title = unique('Supper Club ');

  await logIn(page, org.username, org.password);
  await page.goto('/dashboard/create-event');
  await fillForm(page, {
    Title: title,
    Location: 'The Back Room',
    Description: 'A private supper, joined online too.',
    'Start time': daysFromNow(9, 19),
    'End time': daysFromNow(9, 22),
    Capacity: '12',
    'Online link (optional)': JOIN,
  });
  await page.getByLabel('Private').check();
  await page.getByLabel('Approve each registration').check();
  await page.getByRole('button', { name: 'Add a Question' }).click();
  await page.getByLabel('Question 1', { exact: true }).fill('I agree to the house rules');
  await page.getByLabel('Answered by').selectOption({ label: 'A box to tick (consent or terms)' });
  await page.getByLabel('Must be ticked to register').check();
  await see(page, 'Its invite link appears here once you save the event.');
  await page.getByRole('button', { name: 'Create Event' }).click();
  await see(page, 'Event created successfully!');
  const item = listItem(page, title);
  await item.getByText('Private', { exact: true }).waitFor();
  await item.getByText('Online', { exact: true }).waitFor();

  // The edit form holds the invite link to hand out.
  await item.getByRole('button', { name: 'Edit' }).click();
  const invite = page.getByLabel('Invite link');
  await invite.waitFor();
  assert.equal(await page.getByLabel('Online link (optional)').inputValue(), JOIN);
  const inviteURL = new URL(await invite.inputValue());
  assert.match(inviteURL.searchParams.get('invite') ?? '', /^[\w-]{22}$/);
  await screenshot('-form');

  // Signed out: not in the list, not found without the code, open with it.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/events');
  await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
  assert.equal(await listItem(page, title).count(), 0, 'a private event is in no public list');
  const eventPath = `/event/detail?id=${inviteURL.searchParams.get('id')}`;
  await page.goto(eventPath);
  await see(page, 'This event does not exist or has been removed.');
  await page.goto(inviteURL.pathname + inviteURL.search);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await see(page, 'Online and at The Back Room');
  assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');

  // A person opens the invite link, logs in on the way and asks to join.
  await page.getByRole('button', { name: 'Request to Join', exact: true }).click();
  await page.waitForURL('**/login**');
  const form = page.getByRole('main');
  await form.getByLabel(/^Username/).fill(person.username);
  await form.getByLabel(/^Password/).fill(person.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByLabel('I agree to the house rules').check();
  await page.getByRole('button', { name: 'Request to Join', exact: true }).click();
  await see(page, 'Your request awaits the organizer’s approval. You will be told by mail.');
  await page.getByRole('region', { name: 'Your answers' }).getByText('I agree to the house rules').waitFor();
  assert.equal(await page.getByRole('link', { name: /Open the event’s link/ }).count(), 0, 'a request holds no seat, and no link');
  const received = await waitForMail(stack.sesURL, person.email, `Request received (not confirmed yet): ${title}`);
  assert.ok(!received.body.text.includes(JOIN), 'the request mail does not carry the join link');

  // The organizer sees the request and its answer among the attendees,
  // and approves it.
  const personSession = await page.evaluate(() => ({ ...localStorage }));
  await page.evaluate(() => localStorage.clear());
  await logIn(page, org.username, org.password);
  await page.goto(`/dashboard/attendees?id=${inviteURL.searchParams.get('id')}`);
  const row = listItem(page, `@${person.username}`);
  await row.getByText('I agree to the house rules', { exact: true }).waitFor();
  assert.equal(await row.locator('dd').first().textContent(), 'Yes');
  await row.getByText('Awaiting approval').waitFor();
  await row.getByRole('button', { name: /^Approve / }).click();
  await see(page, 'Approved. They are told by mail.');
  const approved = await waitForMail(stack.sesURL, person.email, `Approved: ${title}`);
  assert.ok(approved.body.text.includes(JOIN), 'the approval carries the join link');

  // Approved and registered, the person opens the page without the code
  // and finds the join link.
  await page.evaluate((s) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
  }, personSession);
  await page.goto(eventPath);
  await see(page, 'You are registered for this event.');
  const join = page.getByRole('link', { name: /Open the event’s link/ });
  assert.equal(await join.getAttribute('href'), JOIN);
  await screenshot();

  // A new invite link closes the old one.
  await page.evaluate(() => localStorage.clear());
  await logIn(page, org.username, org.password);
  await page.goto(`/dashboard/event-update?id=${inviteURL.searchParams.get('id')}`);
  await page.getByRole('button', { name: 'Make a New Link' }).click();
  await see(page, 'New invite link made. The old one no longer opens the event.');
  assert.notEqual(await page.getByLabel('Invite link').inputValue(), inviteURL.href);
  await page.evaluate(() => localStorage.clear());
  await page.goto(inviteURL.pathname + inviteURL.search);
  await see(page, 'This event does not exist or has been removed.');
}
