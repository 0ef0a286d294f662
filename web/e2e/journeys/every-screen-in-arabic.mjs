// Every screen of every-screen.mjs in Arabic at a phone's width, as a
// browser that prefers Arabic opens it and as the person and the
// organization whose accounts keep Arabic: right to left, no sideways
// scrolling and no serious or critical axe violation. Saved as
// screenshots/languages/ar-<screen>-390.png.
import assert from 'node:assert/strict';
import { call, login } from '../api.mjs';
import { inContext } from '../browser.mjs';
import { BROWSER_LOCALES, wordsOf } from '../catalogs.mjs';
import { checkScreen, WIDTHS } from '../screens.mjs';
import { logIn } from '../ui.mjs';
import { everyScreenSetup } from './every-screen.mjs';

export default async function everyScreenInArabic({ page, stack }) {
  const { org, person, signedOut, signedIn, organizer } = await everyScreenSetup(stack);
  for (const who of [person, org]) {
    await call(stack, 'PUT', '/api/user/language/', { token: await login(stack, who.username, who.password), json: { language: 'ar' } });
  }
  const say = wordsOf('ar');
  const context = { locale: BROWSER_LOCALES.ar, viewport: WIDTHS[0] };
  await inContext(page.context().browser(), stack, 'every-screen-in-arabic', context, async ({ page }) => {
    async function visit(screens) {
      for (const [name, path] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        assert.equal(await page.locator('html').getAttribute('dir'), 'rtl', `${name} is not right to left`);
        await checkScreen(page, `ar-${name}`, { folder: 'languages' });
      }
    }
    await visit(signedOut);
    await logIn(page, person.username, person.password, say);
    await visit(signedIn);
    // The organization's turn: the session ends first (log in sends a
    // signed-in person on); the browser's language stays Arabic.
    await page.evaluate(() => ['access', 'refresh', 'organization_id'].forEach((key) => localStorage.removeItem(key)));
    await logIn(page, org.username, org.password, say);
    await visit(organizer);
  });
}
