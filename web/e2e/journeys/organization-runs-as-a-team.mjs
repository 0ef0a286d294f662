// An organization is run by several people. Its owner invites a manager
// and a door volunteer from the dashboard's Members screen; each joins by
// the mailed link with their own account. The manager edits the
// organization's event; the volunteer sees the events without Edit or
// Create Event, checks a person in at the door, and is refused everything
// else by the server.
import assert from 'node:assert/strict';
import { PASSWORD, call, createEvent, login, registerFor, signUpOrganization, signUpPerson, unique } from '../api.mjs';
import { linkIn, waitForMail } from '../mail.mjs';
import { field, listItem, logIn, see } from '../ui.mjs';

export default async function organizationRunsAsATeam({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const [manager, door, runner] = [await signUpPerson(stack), await signUpPerson(stack), await signUpPerson(stack)];
  // Starting within the hour, as at the door.
  const soon = (minutes) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);
  const title = unique('Run Club ');
  const event = await createEvent(stack, org, { title, start_time: soon(30), end_time: soon(120) });
  await registerFor(stack, runner, event.id);

  await logIn(page, org.username, org.password);
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
  const team = await call(stack, 'GET', '/api/organization/members/', { token });
  assert.deepEqual(
    team.members.map((m) => m.role),
    ['owner', 'manager', 'checkin'],
  );
}
