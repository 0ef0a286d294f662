// Screenshots of the main screens as people first see them (the viewport,
// not the whole page) at a phone's and a laptop's width, against the local
// stack with the demo data of `make dev`: signed out, as a person holding a
// ticket, and as a demo organizer. For design reviews: run it on two
// revisions and compare the folders.
//
// Builds nothing itself: run `npm run build` first.
//
//   node scripts/design-screens.mjs <output folder>
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { launchBrowser } from '../e2e/browser.mjs';
import { signUpPerson } from '../e2e/api.mjs';
import { startStack } from '../e2e/stack.mjs';

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];
const DEMO_ORGANIZER = { username: 'citylights', password: 'turnout-demo-2026' };

const out = process.argv[2];
if (!out) {
  console.error('usage: node scripts/design-screens.mjs <output folder>');
  process.exit(2);
}
await mkdir(out, { recursive: true });

const stack = await startStack({ seed: true });
const browser = await launchBrowser();
try {
  const api = (path, init) => fetch(`${stack.baseURL}${path}`, init).then((r) => r.json());
  const events = await api('/api/event/public/');
  const event = events.find((e) => e.organization?.name === 'City Lights Collective') ?? events[0];
  const person = await signUpPerson(stack);
  const { access } = await api('/api/user/login/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: person.username, password: person.password }),
  });
  await api(`/api/event/register/${event.id}/`, { method: 'POST', headers: { Authorization: `Bearer ${access}` } });

  const eventPage = `/event/detail?id=${encodeURIComponent(event.id)}`;
  const sessions = [
    [null, [['home', '/'], ['events', '/events'], ['event', eventPage], ['organization', `/organizations/${event.organization.id}`], ['login', '/login'], ['register', '/register']]],
    [person, [['event-with-ticket', eventPage], ['profile', '/profile']]],
    [DEMO_ORGANIZER, [['organization-profile', '/profile'], ['dashboard-events', '/dashboard/events'], ['dashboard-create-event', '/dashboard/create-event'], ['attendees', `/dashboard/attendees?id=${event.id}`]]],
  ];
  for (const [who, screens] of sessions) {
    const context = await browser.newContext({ baseURL: stack.baseURL });
    const page = await context.newPage();
    if (who) {
      await page.goto('/login');
      await page.getByLabel('Username').fill(who.username);
      await page.getByLabel('Password', { exact: true }).fill(who.password);
      await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL('**/profile');
    }
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      for (const [name, path] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const file = join(out, `${name}-${size.width}.jpg`);
        await page.screenshot({ path: file, type: 'jpeg', quality: 70, animations: 'disabled' });
        console.log(resolve(file));
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
