// The end-to-end journeys: real headless Chromium against the real local
// stack (gateway + emulators) that this file starts and stops. One stack
// and one browser for all journeys; each journey has a fresh browser
// context and saves a screenshot to screenshots/<journey>.png (and
// <journey>-failure.png when it fails).
//
//   npm run e2e            (after npm run build; make e2e does both)
import { after, before, test } from 'node:test';
import { launchBrowser, openJourney } from './browser.mjs';
import { startStack } from './stack.mjs';
import visitorBrowses from './journeys/visitor-browses.mjs';
import personSignsUp from './journeys/person-signs-up.mjs';
import organizationManagesEvents from './journeys/organization-manages-events.mjs';
import passwordReset from './journeys/password-reset.mjs';
import everyScreen from './journeys/every-screen.mjs';
import everyScreenInArabic from './journeys/every-screen-in-arabic.mjs';
import organizerRunsTheDoor from './journeys/organizer-runs-the-door.mjs';
import visitorSearches from './journeys/visitor-searches.mjs';
import visitorFindsTonight, { contextOptions as losAngeles } from './journeys/visitor-finds-tonight.mjs';
import personLeaves from './journeys/person-leaves.mjs';
import personIsReminded from './journeys/person-is-reminded.mjs';
import visitorRegistersOnTheWay from './journeys/visitor-registers-on-the-way.mjs';
import sessionEndsElsewhere from './journeys/session-ends-elsewhere.mjs';
import timesAgree from './journeys/times-agree.mjs';
import firstLoad from './journeys/first-load.mjs';
import organizerInvitesPrivately from './journeys/organizer-invites-privately.mjs';
import guestJoinsPrivately from './journeys/guest-joins-privately.mjs';
import organizationRunsAsATeam from './journeys/organization-runs-as-a-team.mjs';
import speaksSevenLanguages from './journeys/speaks-seven-languages.mjs';
import mainFlowsInGermanAndArabic from './journeys/main-flows-in-german-and-arabic.mjs';
import widgetOnAnotherSite from './journeys/widget-on-another-site.mjs';
import ownerWiresWebhooks from './journeys/owner-wires-webhooks.mjs';

let stack;
let browser;

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
}, { timeout: 180_000 });

after(async () => {
  await browser?.close();
  await stack?.stop();
});

const journeys = [
  ['first-load', 'the first page loads at most 100 KB of JavaScript gzipped in at most 4 scripts, the HTTP client not among them', firstLoad],
  ['visitor-browses', 'a visitor browses events and shares an event by its URL', visitorBrowses],
  [
    'widget-on-another-site',
    "an organization's events on another site's page in German through the widget's snippet: links to their pages, sized to its content, no cookie, within 30 KB gzipped; in Arabic right to left",
    widgetOnAnotherSite,
  ],
  ['person-signs-up', 'a person signs up, registers for an event and cancels', personSignsUp],
  ['organization-manages-events', 'an organization signs up and creates, edits and deletes an event', organizationManagesEvents],
  ['password-reset', 'a password is reset through the emailed link', passwordReset],
  ['organizer-runs-the-door', 'a waitlisted event at the door: ticket, attendees, CSV export, check-in, promotion', organizerRunsTheDoor],
  ['visitor-searches', 'a visitor searches with words and a date filter, reloads the search and opens a result', visitorSearches],
  [
    'visitor-finds-tonight',
    "a visitor in Los Angeles chooses Today in the evening, when the server's UTC day is already tomorrow, and finds tonight's event",
    visitorFindsTonight,
    losAngeles,
  ],
  ['person-leaves', 'a person turns an email off, downloads their data, deletes the account and signs up again', personLeaves],
  [
    'person-is-reminded',
    'a person registers, the reminder job runs at a moved clock, the reminder mail arrives and its unsubscribe link works',
    personIsReminded,
  ],
  [
    'visitor-registers-on-the-way',
    'a visitor presses Register Now, signs up, activates from the mail in another browser, logs in and is back on the event to register',
    visitorRegistersOnTheWay,
  ],
  [
    'session-ends-elsewhere',
    'a logout in another tab sends the profile to log in and back, a public list stays, deep links to the edit pages load their data',
    sessionEndsElsewhere,
  ],
  [
    'times-agree',
    "a visitor in Los Angeles sees an Auckland event on its own day and clock on every screen",
    timesAgree,
    { timezoneId: 'America/Los_Angeles', locale: 'en-US' },
  ],
  [
    'organizer-invites-privately',
    'an organization creates a private online event with approval and a consent question; it opens only by its invite link, a person ticks the box and asks to join through it, the organizer sees the answer and approves, the person is mailed and given the join link, a new link closes the old',
    organizerInvitesPrivately,
  ],
  [
    'guest-joins-privately',
    'a visitor with no account joins a private online event with approval and a consent question: confirms by mail, is approved, sees the join link, is reminded, is checked in as a guest, then signs up and finds the registration in their profile',
    guestJoinsPrivately,
  ],
  [
    'organization-runs-as-a-team',
    'an owner creates a weekly series across a daylight-saving change and invites a manager and a door volunteer; the manager edits this and following, the volunteer checks in and is refused the rest, a follower is mailed once',
    organizationRunsAsATeam,
  ],
  [
    'owner-wires-webhooks',
    'an owner creates an API token and a webhook endpoint on the dashboard; a registration is delivered signed to a local receiver, the receiver breaks and the log shows the retries, Send again gets it through; the snippet the page gives shows the events on a plain page of another origin',
    ownerWiresWebhooks,
  ],
  ['every-screen', 'every screen fits a phone and a laptop and passes axe, signed out and in', everyScreen],
  ['every-screen-in-arabic', 'every screen in Arabic, right to left, fits a phone and passes axe, signed out and in', everyScreenInArabic],
  [
    'speaks-seven-languages',
    "a browser that prefers one of the seven languages gets the home page, events and an event in it, an organizer whose account keeps it the dashboard's events, each fitting a phone and a laptop, passing axe, with <html lang> and dir right",
    speaksSevenLanguages,
    undefined,
    // Seven languages, four screens, two widths: some 90 s on two cores.
    { timeout: 300_000 },
  ],
  [
    'main-flows-in-german-and-arabic',
    'the main flows in German and Arabic: an organizer creates an event through the dashboard form; a visitor signs up, activates by mail, logs in, searches for it and registers',
    mainFlowsInGermanAndArabic,
  ],
];

for (const [name, title, journey, contextOptions, { timeout = 180_000 } = {}] of journeys) {
  test(title, { timeout }, async () => {
    const j = await openJourney(browser, stack, name, contextOptions);
    try {
      await journey({ ...j, stack });
    } catch (err) {
      await j.screenshot('-failure').catch(() => {});
      if (j.problems.length) err.message += `\n\nIn the page:\n${j.problems.join('\n')}`;
      err.message += `\n\nURL: ${j.page.url()} (screenshot: e2e/screenshots/${name}-failure.png)`;
      err.message += `\n\nThe gateway's last words:\n${stack.log().slice(-3000)}`;
      throw err;
    } finally {
      await j.close();
    }
  });
}
