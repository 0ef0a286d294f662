// An organization's upcoming events on another site (docs/widget.md): a
// plain page of another origin, written in German, holding only the
// snippet, shows them in German in an iframe exactly as tall as its content
// at a phone's and a laptop's width, each event a link to its page on
// Turnout with its time in its own zone, and a link to the organization's
// page. Nothing is kept in the browser (no cookie on either origin, no
// storage touched by the widget), and all it loads from Turnout stays
// within 30 KB gzipped. The same page in Arabic reads right to left, and an
// event's link opens its page in the whole window.
import assert from 'node:assert/strict';
import { createEvent, signUpOrganization } from '../api.mjs';
import { inContext } from '../browser.mjs';
import { wordsOf } from '../catalogs.mjs';
import { checkScreen, WIDTHS } from '../screens.mjs';
import { waitFor } from '../wait.mjs';
import { hostPage, loadWidget, snippet, startHost, widgetReport } from '../widget.mjs';

const zone = 'Europe/Berlin';

// An evening in zone, days from now (18:00 to 21:00 in winter, an hour
// later in summer: the check reads the zone's clock, whichever it is).
function evening(days) {
  const start = new Date(Date.now() + days * 86_400_000);
  start.setUTCHours(17, 0, 0, 0);
  return { time_zone: zone, start_time: start.toISOString(), end_time: new Date(start.getTime() + 3 * 3_600_000).toISOString() };
}

// How the widget writes an event's time in German, spaces aside (Node's
// ICU and Chromium's space a range differently).
const germanRange = (event) =>
  new Intl.DateTimeFormat('de', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: zone })
    .formatRange(new Date(event.start_time), new Date(event.end_time))
    .replace(/\s+/g, '');

// Records, in every frame, each use of the browser's storage.
function recordStorageUse() {
  window.storageUse = [];
  for (const name of ['localStorage', 'sessionStorage']) {
    const storage = Object.getOwnPropertyDescriptor(window, name) ?? Object.getOwnPropertyDescriptor(Window.prototype, name);
    Object.defineProperty(window, name, {
      configurable: true,
      get() {
        window.storageUse.push(name);
        return storage.get.call(window);
      },
    });
  }
}

// The widget's frame, once its page is there.
const widgetFrame = (page) => waitFor(() => page.frames().find((f) => f.url().includes('/embed.html')), { message: 'no widget frame' });

// Waits until the iframe is as tall as its page's content, which never
// scrolls or hides a line.
async function sizedToContent(page, frame) {
  const measure = async () => {
    const iframe = await page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().height);
    const inside = await frame.evaluate(() => ({
      content: Math.ceil(document.documentElement.getBoundingClientRect().height),
      scroll: document.documentElement.scrollHeight,
      view: window.innerHeight,
    }));
    return { iframe, ...inside };
  };
  let last;
  await waitFor(
    async () => {
      last = await measure();
      return last.content > 0 && last.iframe === last.content && last.view === last.content && last.scroll <= last.view;
    },
    { message: () => `the iframe is not as tall as its content: ${JSON.stringify(last)}` },
  );
}

// What the widget loads from Turnout: within the budget, and only the
// loader, its page, the page's script and style and words in language.
async function loadsLittle(page, stack, url, language) {
  const loaded = await loadWidget(page, stack, url);
  const report = widgetReport(loaded);
  assert.deepEqual(report.over, [], `the widget loads too much:\n${report.table}`);
  const files = loaded.map((l) => l.path).sort();
  const expected = ['/assets/embed-*.css', '/assets/embed-*.js', `/assets/locale-${language}-common-*.js`, `/assets/locale-${language}-widget-*.js`, '/embed.html', '/embed.js'];
  assert.deepEqual(files.map((f) => f.replace(/-[\w-]{8}\.(js|css)$/, '-*.$1')).sort(), expected, report.table);
}

// The German widget: the organization's events, soonest first, each a link
// to its page in the whole window with its time in its zone, and a link to
// the organization's page.
async function showsTheEventsInGerman(page, stack, frame, org, events) {
  const widget = page.frameLocator('iframe');
  const say = wordsOf('de');
  const heading = say('widget.heading', { organization: org.organization });
  await widget.getByRole('heading', { level: 1, name: heading }).waitFor();
  assert.deepEqual(await frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['de', 'ltr']);
  // The iframe is named in German too (axe wants it named).
  assert.equal(await page.locator('iframe').getAttribute('title'), heading);
  const items = widget.getByRole('listitem');
  assert.deepEqual(await items.getByRole('heading', { level: 2 }).allTextContents(), events.map((e) => e.title), 'soonest first');
  for (const [i, event] of events.entries()) {
    const link = items.nth(i).getByRole('link', { name: event.title });
    assert.deepEqual(await link.evaluate((a) => [a.href, a.target]), [`${stack.baseURL}/event/detail?id=${event.id}`, '_top']);
    const time = (await items.nth(i).locator('time').textContent()).replace(/\s+/g, '');
    assert.ok(time.startsWith(germanRange(event)) && time.endsWith(`(${zone})`), `${time} is not ${germanRange(event)} in ${zone}`);
    await items.nth(i).getByText(event.location).waitFor();
  }
  const more = widget.getByRole('link', { name: say('widget.more') });
  const organization = events[0].organization.id;
  assert.deepEqual(await more.evaluate((a) => [a.href, a.target]), [`${stack.baseURL}/organizations/${organization}`, '_top']);
}

export default async function widgetOnAnotherSite({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const later = await createEvent(stack, org, evening(9));
  const sooner = await createEvent(stack, org, evening(5));
  const organization = sooner.organization.id;
  const host = await startHost({ '/de': hostPage('de', snippet(stack, organization)), '/ar': hostPage('ar', snippet(stack, organization)) });
  assert.notEqual(host.origin, stack.baseURL);
  await page.context().addInitScript(recordStorageUse);
  try {
    await loadsLittle(page, stack, `${host.origin}/de`, 'de');
    const frame = await widgetFrame(page);
    await showsTheEventsInGerman(page, stack, frame, org, [sooner, later]);
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await sizedToContent(page, frame);
      await checkScreen(page, 'widget-de');
    }
    await screenshot();

    // Nothing kept: no cookie on either origin, no storage opened by the
    // widget (the record works: the host page's own use shows in it).
    assert.deepEqual(await page.context().cookies([stack.baseURL, host.origin]), []);
    assert.deepEqual(await frame.evaluate(() => window.storageUse), []);
    await page.evaluate(() => localStorage.getItem('anything'));
    assert.deepEqual(await page.evaluate(() => window.storageUse), ['localStorage']);

    // In Arabic, right to left, on a phone, in a browser of its own (so
    // nothing comes from the cache).
    await inContext(page.context().browser(), stack, 'widget-on-another-site-ar', { viewport: WIDTHS[0] }, async ({ page }) => {
      await loadsLittle(page, stack, `${host.origin}/ar`, 'ar');
      const frame = await widgetFrame(page);
      await page.frameLocator('iframe').getByRole('link', { name: wordsOf('ar')('widget.more') }).waitFor();
      assert.deepEqual(await frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar', 'rtl']);
      await sizedToContent(page, frame);
      await checkScreen(page, 'widget-ar');

      // An event's link opens its page on Turnout in the whole window.
      await page.frameLocator('iframe').getByRole('link', { name: sooner.title }).click();
      await page.waitForURL(`${stack.baseURL}/event/detail?id=${sooner.id}`);
      await page.getByRole('heading', { level: 1, name: sooner.title }).waitFor();
      assert.deepEqual(await page.context().cookies([stack.baseURL, host.origin]), []);
    });
  } finally {
    await host.close();
  }
}
