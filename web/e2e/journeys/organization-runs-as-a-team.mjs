// An organization is run by several people. A person follows it. Its
// owner creates a weekly series at 19:00 Berlin time that crosses the change
// to summer time (18:00 UTC before it, 17:00 after), and invites a manager
// and a door volunteer from the dashboard's Members screen; each joins by
// the mailed link with their own account. The scheduled job tells the
// follower of the new series once and makes its later dates. The manager
// edits "this and following" of the series; the volunteer sees the events
// without Edit or Create Event, checks a person in at the door, and is
// refused everything else by the server.
import assert from 'node:assert/strict';
import { PASSWORD, call, createEvent, login, registerFor, runReminders, signUpOrganization, signUpPerson, unique } from '../api.mjs';
import { inbox, linkIn, waitForMail } from '../mail.mjs';
import { field, fillForm, listItem, logIn, see } from '../ui.mjs';

// The Wednesday about three weeks before Berlin's next change to summer
// time (the last Sunday of March), as the form's local date.
function wednesdayBeforeSummerTime() {
  const now = new Date();
  for (let year = now.getUTCFullYear(); ; year++) {
    const change = new Date(Date.UTC(year, 2, 31));
    change.setUTCDate(31 - change.getUTCDay());
    const start = new Date(change.getTime() - 25 * 86_400_000);
    while (start.getUTCDay() !== 3) start.setUTCDate(start.getUTCDate() + 1);
    if (start.getTime() - now.getTime() > 7 * 86_400_000) return start.toISOString().slice(0, 10);
  }
}

export default async function organizationRunsAsATeam({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const [manager, door, runner] = [await signUpPerson(stack), await signUpPerson(stack), await signUpPerson(stack)];
  // Starting within the hour, as at the door.
  const soon = (minutes) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);
  const title = unique('Run Club ');
  const event = await createEvent(stack, org, { title, start_time: soon(30), end_time: soon(120) });
  await registerFor(stack, runner, event.id);

  const follower = await signUpPerson(stack);
  const organizationId = (await call(stack, 'GET', '/api/user/profile/', { token: org.token })).organization_id;
  await call(stack, 'POST', `/api/organization/public/${organizationId}/follow/`, { token: await login(stack, follower.username, PASSWORD) });

  await logIn(page, org.username, org.password);
  // A weekly series across the change to summer time.
  const seriesTitle = unique('Park Run ');
  const day = wednesdayBeforeSummerTime();
  await page.goto('/dashboard/create-event');
  await fillForm(page, {
    Title: seriesTitle,
    Location: 'The Boathouse',
    Description: 'Five kilometres round the park, every week.',
    'Start time': `${day}T19:00`,
    'End time': `${day}T20:00`,
    Capacity: '40',
  });
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('Berlin');
  await page.getByRole('listbox', { name: 'Time zones' }).getByRole('option', { name: /\(Europe\/Berlin\)/ }).click();
  await page.getByRole('combobox', { name: 'Repeat' }).selectOption('weekly');
  await field(page, 'Dates (at most 200)').fill('8');
  await page.getByRole('status', { name: 'Repeat preview' }).getByText('Every Wednesday, 19:00 CET · 8 dates', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Create Event' }).click();
  await see(page, 'Series created successfully!');

  // The job, at the series' first date: its later dates are made, and the
  // follower is told of it once.
  const ownEvents = await call(stack, 'GET', `/api/event/organization/${organizationId}/events/`, { token: org.token });
  const seriesId = ownEvents.find((e) => e.title === seriesTitle).series.id;
  const firstStart = new Date(`${day}T18:00:00Z`);
  await runReminders(stack, new Date(firstStart.getTime() - 3_600_000));
  await runReminders(stack, new Date(firstStart.getTime() - 3_000_000));
  const series = await call(stack, 'GET', `/api/event/series/${seriesId}/`);
  assert.equal(series.events.length, 8, `the series has ${series.events.length} dates`);
  const utc = series.events.map((e) => e.start_time.slice(11, 16));
  assert.deepEqual([utc[0], utc.at(-1)], ['18:00', '17:00'], `19:00 in Berlin before and after the change: ${utc.join(' ')}`);
  assert.match(series.repeat_text, /^Every Wednesday, 19:00 CES?T$/);
  await waitForMail(stack.sesURL, follower.email, `New from ${org.organization}`);

  await page.goto('/dashboard/members');
  await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
  for (const [who, role] of [
    [manager, 'manager'],
    [door, 'checkin'],
  ]) {
    await field(page, 'Email').fill(who.email);
    await page.getByLabel('Role', { exact: true }).selectOption(role);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await see(page, `Invitation sent to ${who.email}.`);
  }
  await listItem(page.getByRole('list', { name: 'Open invitations' }), door.email).waitFor();
  await screenshot();

  // Each joins with their own account, by the mailed link.
  const join = async (who) => {
    const mail = await waitForMail(stack.sesURL, who.email, `Join ${org.organization} on Turnout`);
    await page.evaluate(() => localStorage.clear());
    await logIn(page, who.username, PASSWORD);
    await page.goto(linkIn(mail, '/join'));
    await page.getByRole('button', { name: `Join ${org.organization}` }).click();
    await page.waitForURL('**/dashboard/events');
  };

  await join(manager);
  await listItem(page, title).getByRole('button', { name: 'Edit' }).click();
  await field(page, 'Location').fill('The Park Gate');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await see(page, 'Event updated successfully!');
  // This and following: every date of the series moves to the park gate.
  await page.getByRole('article').filter({ hasText: seriesTitle }).getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('This and following events').check();
  await field(page, 'Location').fill('The Park Gate');
  await page.getByRole('button', { name: 'Update Event' }).click();
  // The first edit's toast may still show: the page going back says this one is done.
  await page.waitForURL('**/dashboard/events');
  const moved = await call(stack, 'GET', `/api/event/series/${seriesId}/`);
  assert.deepEqual([...new Set(moved.events.map((e) => e.location))], ['The Park Gate']);

  await join(door);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'Members' }).waitFor();
  assert.equal(await nav.getByRole('link', { name: 'Create Event' }).count(), 0, 'the door has no Create Event');
  const item = listItem(page, title);
  await item.getByRole('link', { name: 'Check-in' }).waitFor();
  assert.equal(await item.getByRole('button', { name: 'Edit' }).count(), 0, 'the door has no Edit');
  await item.getByRole('link', { name: 'Check-in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check-in' }).waitFor();
  await listItem(page, runner.email).getByRole('button', { name: 'Check In' }).click();
  await see(page, 'Pat Example: Checked in.');

  // The server refuses the volunteer the rest, whatever the screens show.
  const token = await login(stack, door.username, PASSWORD);
  const refused = async (method, path, body) => {
    const res = await fetch(new URL(path, stack.baseURL), {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    assert.equal(res.status, 403, `${method} ${path} by the door answered ${res.status}`);
  };
  await refused('POST', `/api/event/detail/${event.id}/message/`, { subject: 'Hi', body: 'Hello' });
  await refused('POST', `/api/event/detail/${event.id}/cancel/`, { message: 'Off.' });
  await refused('GET', `/api/event/detail/${event.id}/attendees.csv`);
  await refused('DELETE', `/api/event/detail/${event.id}/`);
  await refused('POST', '/api/organization/members/', { email: 'x@example.com', role: 'owner' });
  await refused('GET', '/api/organization/members/');
  const team = await call(stack, 'GET', '/api/organization/members/', { token: org.token });
  assert.deepEqual(
    team.members.map((m) => m.role),
    ['owner', 'manager', 'checkin'],
  );
  assert.equal((await inbox(stack.sesURL, follower.email, `New from ${org.organization}`)).length, 1, 'the follower was told more than once');
}
