// Turnout speaks each of its languages: a browser that prefers it (its
// locale, as a person's browser sends it) gets the home page, the events
// list and an event's page in it, and so does the organizer whose account
// keeps it, on the dashboard's events; each at a phone's and a laptop's
// width, with <html lang> and dir right (right to left for Arabic only),
// a message of the page in the language's own words (from its catalog),
// no sideways scrolling and no serious or critical axe violation. Saved
// as screenshots/languages/<language>-<screen>-<width>.png.
import assert from 'node:assert/strict';
import { call, createEvent, login, signUpOrganization } from '../api.mjs';
import { inContext } from '../browser.mjs';
import { BROWSER_LOCALES, LANGUAGES, wordsOf } from '../catalogs.mjs';
import { checkScreen, WIDTHS } from '../screens.mjs';
import { listItem, logIn } from '../ui.mjs';

export default async function speaksSevenLanguages({ page, stack }) {
  assert.deepEqual(
    LANGUAGES.map((l) => l.tag).sort(),
    Object.keys(BROWSER_LOCALES).sort(),
    'a browser locale for each language src/i18n/languages.ts lists',
  );
  const org = await signUpOrganization(stack);
  const event = await createEvent(stack, org, { title: 'Riverside Lantern Walk' });

  for (const { tag, dir } of LANGUAGES) {
    const say = wordsOf(tag);
    const name = `speaks-seven-languages-${tag}`;
    await inContext(page.context().browser(), stack, name, { locale: BROWSER_LOCALES[tag], viewport: WIDTHS[0] }, async ({ page }) => {
      // Signed out: the browser's preference alone chooses the language.
      await visit(page, tag, dir, [
        ['home', '/', page.getByRole('heading', { level: 1, name: say('common.home.heading') })],
        ['events', '/events', page.getByRole('heading', { level: 1, name: say('events.heading') })],
        ['event', `/event/detail?id=${event.id}`, page.getByRole('heading', { level: 2, name: say('events.aboutEvent') })],
      ]);

      // The organizer, whose account keeps the language, logs in with the
      // form in it.
      await call(stack, 'PUT', '/api/user/language/', { token: await login(stack, org.username, org.password), json: { language: tag } });
      await logIn(page, org.username, org.password, say);
      await visit(page, tag, dir, [
        ['dashboard-events', '/dashboard/events', listItem(page, event.title).getByRole('button', { name: say('dashboard.events.edit'), exact: true })],
      ]);
      await page.getByRole('heading', { level: 1, name: say('dashboard.events.title') }).waitFor();
    });
  }
}

// visit opens each screen at each width and checks it once shown is
// visible (and the page's requests have settled).
async function visit(page, tag, dir, screens) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const [screen, path, shown] of screens) {
      await page.goto(path);
      await shown.waitFor();
      await page.waitForLoadState('networkidle');
      const root = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
      assert.deepEqual(root, [tag, dir], `${screen} in ${tag}: <html lang dir>`);
      await checkScreen(page, `${tag}-${screen}`, { folder: 'languages' });
    }
  }
}
