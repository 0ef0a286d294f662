// a) A visitor browses: from the home page to the list of upcoming events,
// into one event's details, and a reload of that shareable URL, whose HTML
// carries the event for link previews and search engines; from the event
// to its organization's page, which lists it and which the sitemap and
// link previews know.
import assert from 'node:assert/strict';
import { createEvent, signUpOrganization } from '../api.mjs';
import { control, listItem, see } from '../ui.mjs';

export default async function visitorBrowses({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const event = await createEvent(stack, org);

  await page.goto('/');
  await page.getByRole('heading', { name: 'Discover and Join Amazing Events' }).waitFor();
  await control(page, 'Browse Events').click();
  await page.waitForURL('**/events');
  await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
  await see(page, event.title);

  await listItem(page, event.title).getByRole('link', { name: 'View Details' }).click();
  await page.getByRole('heading', { name: event.title }).waitFor();
  await see(page, 'About the Event');
  assert.equal(new URL(page.url()).searchParams.get('id'), event.id, 'the detail URL carries the event id');

  // The URL alone, without navigation state, still shows the event.
  await page.reload();
  await page.getByRole('heading', { name: event.title }).waitFor();
  await see(page, 'About the Event');
  await see(page, event.location);
  await screenshot();

  // What a chat app or a search engine fetches at that URL.
  const html = await (await fetch(page.url())).text();
  for (const tag of [
    `<meta property="og:title" content="${event.title}">`,
    `<meta property="og:url" content="${stack.baseURL}/event/detail?id=${event.id}">`,
    `<link rel="canonical" href="${stack.baseURL}/event/detail?id=${event.id}">`,
    '<meta name="twitter:card"',
  ]) {
    assert.ok(html.includes(tag), `the shared page lacks ${tag}`);
  }
  const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)[1]);
  assert.equal(ld['@type'], 'Event');
  assert.equal(ld.name, event.title);
  assert.equal(new Date(ld.startDate).getTime(), new Date(event.start_time).getTime());

  await page.getByRole('link', { name: org.organization }).click();
  await page.waitForURL(`**/organizations/${event.organization.id}`);
  await page.getByRole('heading', { level: 1, name: org.organization }).waitFor();
  await page.getByRole('region', { name: 'Upcoming events' }).getByRole('heading', { name: event.title }).waitFor();

  // Search engines find the organization's page in the sitemap, and its
  // HTML names the organization for link previews.
  const orgURL = page.url();
  const sitemap = await (await fetch(`${stack.baseURL}/sitemap.xml`)).text();
  assert.ok(sitemap.includes(`<loc>${orgURL}</loc>`), `the sitemap lacks ${orgURL}`);
  const orgHTML = await (await fetch(orgURL)).text();
  for (const tag of [`<title>${org.organization} · Turnout</title>`, `<meta property="og:title" content="${org.organization}">`]) {
    assert.ok(orgHTML.includes(tag), `the organization's page lacks ${tag}`);
  }
}
