// c) An organization signs up in the browser, activates, logs in, and from
// its dashboard creates an event with a banner, a time zone found by city
// and a place from the browser's location, sees it in public, edits it
// (another zone chosen with the keyboard, the place picked from the cities
// of events), gives the organization a logo that the event's host card
// shows, duplicates it (the copy opens in the edit form a week later) and
// deletes the event.
import assert from 'node:assert/strict';
import { daysFromNow, PASSWORD, unique } from '../api.mjs';
import { linkIn, waitForMail } from '../mail.mjs';
import { waitFor } from '../wait.mjs';
import { field, fillForm, listItem, logIn, see } from '../ui.mjs';

// A valid 16×8 PNG, all orange.
const BANNER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAICAIAAAB/FOjAAAAAE0lEQVR42mP4WSxGEmIY1UALDQA/tMEB22JU7AAAAABJRU5ErkJggg==',
  'base64',
);

export default async function organizationManagesEvents({ page, stack, screenshot }) {
  const username = unique('org');
  const email = `${username}@example.com`;
  const name = `Harbour Arts ${username}`;
  const title = unique('Harbour Jazz Night ');
  const titleWord = title.split(' ').at(-1);
  const newTitle = `${title} (moved indoors)`;

  await page.goto('/register');
  await page.getByLabel('Register as an Organization').check();
  await fillForm(page, {
    'Organization Name': name,
    'Address Line 1': '2 Quay Road',
    'Address Line 2': 'Unit 4',
    Phone: '5550101',
    Email: email,
    Website: 'https://harbour-arts.example',
    Description: 'Music and art by the sea.',
    Username: username,
    Password: PASSWORD,
    'Confirm Password': PASSWORD,
  });
  await page.getByRole('button', { name: 'Register Organization' }).click();
  await see(page, 'Organization registration successful! Please confirm your email to activate your account.');

  const mail = await waitForMail(stack.sesURL, email, 'Activate your Turnout account');
  await page.goto(linkIn(mail, '/api/user/activate/'));
  await see(page, 'Registration Successful');

  await logIn(page, username, PASSWORD);
  await page.getByRole('heading', { name }).waitFor();
  await page.getByRole('button', { name: 'Event', exact: true }).click();
  await page.waitForURL('**/dashboard');
  const dashboard = page.getByRole('navigation', { name: 'Dashboard' });

  // Create an event with a banner; the page goes on to the list of events.
  await dashboard.getByRole('link', { name: 'Create Event' }).click();
  await fillForm(page, {
    Title: title,
    Location: 'The Old Boathouse',
    Description: 'Live jazz on the harbour front.',
    'Start time': daysFromNow(10, 19),
    'End time': daysFromNow(10, 22),
    Capacity: '120',
  });
  // The time zone, found by its city and picked from the list.
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('Lisbon');
  await page.getByRole('listbox', { name: 'Time zones' }).getByRole('option', { name: /\(Europe\/Lisbon\)/ }).click();
  assert.match(await zone.inputValue(), /^WES?T \(Europe\/Lisbon\)$/);
  // The place: a city typed, the point from the browser's location.
  await page.context().setGeolocation({ latitude: 41.14961, longitude: -8.61099 });
  await page.context().grantPermissions(['geolocation']);
  await page.getByRole('combobox', { name: 'City (optional)' }).fill('Porto');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await page.getByText('Map point 41.14961, -8.61099:').waitFor();
  await field(page, 'Banner (optional)').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: BANNER_PNG });
  await page.getByRole('button', { name: 'Create Event' }).click();
  await see(page, 'Event created successfully!');
  await page.waitForURL('**/dashboard/events');
  await page.getByRole('heading', { name: title }).waitFor();

  // In public, with its banner loaded.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
  const listed = listItem(page, title);
  const banner = listed.getByRole('img');
  await banner.scrollIntoViewIfNeeded(); // it loads lazily
  await waitFor(() => banner.evaluate((img) => img.complete && img.naturalWidth > 0), {
    message: 'the banner image did not load',
  });
  assert.equal(await banner.evaluate((img) => img.naturalWidth), 16);
  await screenshot();

  // Edit: the title, the zone chosen with the keyboard, and the place
  // cleared, then picked again from the cities of events, which knows
  // Porto's point now.
  await page.goto('/dashboard/events');
  await listItem(page, title).getByRole('button', { name: 'Edit' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/event-update' && url.searchParams.has('id'));
  assert.match(await zone.inputValue(), /^WES?T \(Europe\/Lisbon\)$/);
  await field(page, 'Title').fill(newTitle);
  await zone.fill('+9');
  await zone.press('ArrowDown');
  await zone.press('Enter');
  const zoneChosen = await zone.inputValue();
  assert.match(zoneChosen, /^(\w+ \()?\w+\/\w+\)?$/);
  const city = page.getByRole('combobox', { name: 'City (optional)' });
  await city.fill('');
  await page.getByText('No map point yet:').waitFor();
  await city.pressSequentially('Por');
  await page.getByRole('listbox', { name: 'Cities of events' }).getByRole('option', { name: /^Porto/ }).waitFor();
  await city.press('ArrowDown');
  await city.press('Enter');
  await page.getByText('Map point 41.14961, -8.61099:').waitFor();
  await page.getByRole('button', { name: 'Update Event' }).click();
  await see(page, 'Event updated successfully!');
  await page.waitForURL('**/dashboard/events');
  const updated = page.getByRole('heading', { name: newTitle });
  await updated.waitFor();
  const [found] = await (await page.request.get(`/api/event/public/?q=${titleWord}`)).json();
  const saved = await (await page.request.get(`/api/event/detail/${found.id}/`)).json();
  assert.deepEqual([saved.city, saved.latitude, saved.longitude], ['Porto', 41.14961, -8.61099]);
  assert.ok(zoneChosen.includes(saved.time_zone), `the zone saved, ${saved.time_zone}, is the one chosen, ${zoneChosen}`);
  assert.equal(new Intl.DateTimeFormat('en-US', { timeZone: saved.time_zone, timeZoneName: 'shortOffset' }).format(new Date()).endsWith('GMT+9'), true);

  // An edit that leaves the place alone keeps the point, whatever the list
  // the edit starts from carries.
  await listItem(page, newTitle).getByRole('button', { name: 'Edit' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/event-update');
  await field(page, 'Capacity').fill('121');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await see(page, 'Event updated successfully!');
  await updated.waitFor();
  const kept = await (await page.request.get(`/api/event/detail/${found.id}/`)).json();
  assert.deepEqual([kept.capacity, kept.city, kept.latitude, kept.longitude], [121, 'Porto', 41.14961, -8.61099]);

  // The edit form, filled from the list, still has the point after the
  // edits.
  await listItem(page, newTitle).getByRole('button', { name: 'Edit' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/event-update');
  await page.getByText('Map point 41.14961, -8.61099:').waitFor();
  await page.getByText('Set coordinates by hand').click();
  assert.equal(await field(page, 'Latitude (optional)').inputValue(), '41.14961');
  assert.equal(await field(page, 'Longitude (optional)').inputValue(), '-8.61099');
  await page.goto('/dashboard/events');
  await updated.waitFor();

  // A logo given to the organization now shows as the host of the event
  // made before it (copied to its events after the answer).
  await page.goto('/organization_info/edit');
  await field(page, 'Logo (optional)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: BANNER_PNG });
  // The form shows the chosen file before it is saved.
  const preview = page.getByRole('img', { name: 'New logo' });
  await waitFor(() => preview.evaluate((img) => img.complete && img.naturalWidth > 0), { message: 'the chosen logo shows no preview' });
  await page.getByRole('button', { name: 'Update Organization' }).click();
  await see(page, 'Organization updated successfully!');
  await waitFor(async () => (await (await page.request.get(`/api/event/detail/${found.id}/`)).json()).organization.logo_url !== null, {
    message: "the organization's logo did not reach its event",
  });
  await page.goto(`/event/detail?id=${found.id}`);
  // The logo is decorative beside the name, so it has no role of an image.
  const host = page.getByRole('link', { name }).locator('xpath=ancestor::div[1]').locator('img');
  await waitFor(() => host.evaluate((img) => img.complete && img.naturalWidth > 0), { message: 'the host logo did not load' });
  await page.goto('/dashboard/events');
  await updated.waitFor();

  // Duplicate it: the copy opens in the edit form, a week later at the
  // same time in its zone, with a banner of its own.
  await listItem(page, newTitle).getByRole('button', { name: 'Duplicate' }).click();
  await see(page, 'Event duplicated: check its date and details.');
  await page.waitForURL((url) => url.pathname === '/dashboard/event-update' && url.searchParams.get('id') !== found.id);
  const copyId = new URL(page.url()).searchParams.get('id');
  assert.equal(await field(page, 'Title').inputValue(), newTitle);
  const [original, copy] = await Promise.all([found.id, copyId].map(async (id) => (await page.request.get(`/api/event/detail/${id}/`)).json()));
  assert.equal(Date.parse(copy.start_time) - Date.parse(original.start_time), 7 * 24 * 3600 * 1000, 'the copy is a week later');
  assert.equal(copy.time_zone, original.time_zone);
  assert.ok(copy.banner && copy.banner !== original.banner, 'the copy has a banner of its own');
  const copyTitle = unique('Second evening ');
  await field(page, 'Title').fill(copyTitle);
  await page.getByRole('button', { name: 'Update Event' }).click();
  await see(page, 'Event updated successfully!');
  await page.getByRole('heading', { name: copyTitle }).waitFor();

  // Delete it.
  await listItem(page, newTitle).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await see(page, 'Event deleted successfully');
  await updated.waitFor({ state: 'detached' });
}
