// The main flows in German and in Arabic (right to left), each in a
// browser that prefers the language: an organizer whose account keeps it
// creates an event through the dashboard's form, filled by its translated
// labels, and sees it listed; a visitor signs up through the register
// form, activates from the mail (written in the language), logs in,
// searches for the event by a word of its title (a German word with an
// umlaut, an Arabic one), opens it and registers. The register form, the
// create-event form, the search results and the event after registering
// fit a phone and a laptop and pass axe: screenshots/languages/.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { call, daysFromNow, login, PASSWORD, signUpOrganization, unique } from '../api.mjs';
import { inContext } from '../browser.mjs';
import { BROWSER_LOCALES, languageOf, mailWordsOf, wordsOf } from '../catalogs.mjs';
import { linkIn, waitForMail } from '../mail.mjs';
import { checkScreen, WIDTHS } from '../screens.mjs';
import { fillForm, listItem, logIn, see } from '../ui.mjs';

const ARABIC_LETTERS = [...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'];

// What each language's people are called and their event: its title holds
// a word no other run's event has, which the visitor searches by.
const CASTS = {
  de: () => {
    const word = `Brückenfest${randomBytes(3).toString('hex')}`;
    return { first: 'Jörg', last: 'Müller', word, title: `Großes ${word} am Fluss`, location: 'Alte Mühle, Köln', description: 'Musik, Laternen und Kuchen am Rheinufer.' };
  },
  ar: () => {
    const word = [...randomBytes(7)].map((b) => ARABIC_LETTERS[b % ARABIC_LETTERS.length]).join('');
    return { first: 'ليلى', last: 'حداد', word, title: `أمسية ${word} الموسيقية`, location: 'دار الأوبرا، القاهرة', description: 'أمسية من الموسيقى العربية على ضفاف النيل.' };
  },
};

export default async function mainFlowsInGermanAndArabic({ page, stack }) {
  const browser = page.context().browser();
  for (const tag of ['de', 'ar']) {
    const say = wordsOf(tag);
    const { dir } = languageOf(tag);
    const cast = CASTS[tag]();
    const options = { locale: BROWSER_LOCALES[tag], viewport: WIDTHS[1] };
    const screen = (page, name) => checkWidths(page, tag, dir, name);

    await inContext(browser, stack, `main-flows-${tag}-organizer`, options, async ({ page }) => {
      const org = await signUpOrganization(stack);
      await call(stack, 'PUT', '/api/user/language/', { token: org.token, json: { language: tag } });
      await logIn(page, org.username, org.password, say);

      // To the form through the account menu and the dashboard's own.
      await page.getByRole('button', { name: say('shared.account.menu') }).click();
      await page.getByRole('menuitem', { name: say('shared.account.dashboard') }).click();
      await page.getByRole('navigation', { name: say('dashboard.layout.nav') }).getByRole('link', { name: say('dashboard.nav.createEvent') }).click();
      await page.getByRole('heading', { level: 1, name: say('dashboard.create.title') }).waitFor();
      const form = page.getByRole('form', { name: say('dashboard.create.formName') });
      await fillForm(form, {
        [say('dashboard.form.title')]: cast.title,
        [say('dashboard.form.location')]: cast.location,
        [say('dashboard.form.description')]: cast.description,
        [say('dashboard.form.startTime')]: daysFromNow(12, 18),
        [say('dashboard.form.endTime')]: daysFromNow(12, 21),
        [say('dashboard.form.capacity')]: '40',
      });
      await screen(page, 'create-event');
      await form.getByRole('button', { name: say('dashboard.create.submit'), exact: true }).click();
      await see(page, say('dashboard.create.eventCreated'));
      await page.waitForURL('**/dashboard/events');
      await page.getByRole('heading', { level: 1, name: say('dashboard.events.title') }).waitFor();
      await listItem(page, cast.title).getByRole('button', { name: say('dashboard.events.edit'), exact: true }).waitFor();
    });

    await inContext(browser, stack, `main-flows-${tag}-visitor`, options, async ({ page }) => {
      const username = unique(`${tag}visitor`);
      const email = `${username}@example.com`;
      await page.goto('/register');
      const form = page.getByRole('form', { name: say('auth.userRegistrationForm') });
      await form.waitFor();
      await screen(page, 'register');
      await fillForm(form, {
        [say('auth.firstName')]: cast.first,
        [say('auth.lastName')]: cast.last,
        [say('auth.username')]: username,
        [say('auth.email')]: email,
        [say('auth.password')]: PASSWORD,
        [say('auth.confirmPassword')]: PASSWORD,
      });
      await form.getByRole('button', { name: say('auth.createAccountButton'), exact: true }).click();
      await see(page, say('auth.userRegistered'));

      // The account keeps the language it signed up in: the mail is in it.
      const mail = await waitForMail(stack.sesURL, email, mailWordsOf(tag)('activation.subject'));
      await page.goto(linkIn(mail, '/api/user/activate/'));
      await page.waitForURL('**/activate-account');
      await see(page, say('auth.registrationSuccessful'));
      await logIn(page, username, PASSWORD, say);
      const me = await call(stack, 'GET', '/api/user/profile/', { token: await login(stack, username, PASSWORD) });
      assert.equal(me.language, tag, 'the account keeps the language it signed up in');

      // Searched for by a word of its title, as typed: lower case.
      await page.goto('/events');
      await page.getByRole('heading', { level: 1, name: say('events.heading') }).waitFor();
      const search = page.getByRole('search', { name: say('events.searchLabel') });
      await search.getByRole('searchbox', { name: say('events.searchLabel') }).fill(cast.word.toLocaleLowerCase(tag));
      await search.getByRole('button', { name: say('events.searchButton'), exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === cast.word.toLocaleLowerCase(tag));
      const found = listItem(page, cast.title);
      await found.waitFor();
      assert.equal(await page.getByRole('main').getByRole('article').count(), 1, 'the search finds the one event');
      await page.waitForLoadState('networkidle');
      await screen(page, 'search-results');

      await found.getByRole('link', { name: say('common.event.viewDetails') }).click();
      await page.getByRole('heading', { level: 1, name: cast.title }).waitFor();
      await page.getByRole('button', { name: say('events.registerNow'), exact: true }).click();
      await see(page, say('events.registered'));
      await see(page, say('shared.registration.registered'));
      await page.getByRole('button', { name: say('events.cancelRegistrationButton'), exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await screen(page, 'event-registered');
    });
  }
}

// checkWidths checks what the page shows at a phone's and a laptop's
// width (ending at the laptop's), with <html lang> and dir the language's.
async function checkWidths(page, tag, dir, name) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    const root = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
    assert.deepEqual(root, [tag, dir], `${name} in ${tag}: <html lang dir>`);
    await checkScreen(page, `${tag}-${name}`, { folder: 'languages' });
  }
}
