// e) Every screen, signed out, as a person and as an organizer, at a phone's and a laptop's
// width, with an event whose title is one 200-character word and another
// titled with a URL: no page scrolls sideways, none has a serious or
// critical accessibility violation, on the event page Register Now is
// in view without scrolling, and on the home page so is the first event's title
// (the events list is checked as cards and as compact rows); a registered
// person's ticket, and what has the keyboard's focus, show clear of the
// phone's bottom bar, and the ticket's own page (opened by its link) passes too,
// as do a guest's confirmation page and their registration's page (a 150-letter name);
// so does an occurrence of a series (its repeat and next dates), the
// profile that says mail to the person's address bounces, and a
// registration's buttons beside the long title keep their one line.
import assert from 'node:assert/strict';
import { createEvent, registerAsGuest, registerFor, reportBounce, signUpOrganization, signUpPerson, unique } from '../api.mjs';
import { logIn } from '../ui.mjs';
import { checkScreen, WIDTHS } from '../screens.mjs';

// The accounts and events every screen is seen with, and the screens:
// signed out, as the person, as the organization.
export async function everyScreenSetup(stack) {
  const org = await signUpOrganization(stack);
  const long = await createEvent(stack, org, { title: 'W'.repeat(200), location: 'L'.repeat(200) });
  const url = await createEvent(stack, org, { title: 'Meetup at https://www.example.com/events/summer-2027' });
  const series = await createEvent(stack, org, { title: 'Weekly Run Club', repeat: 'FREQ=WEEKLY;COUNT=6' });
  const person = await signUpPerson(stack);
  const registration = await registerFor(stack, person, long.id);
  const guest = new URL((await registerAsGuest(stack, long.id, 'G'.repeat(150), `${unique('guest')}@example.com`)).manage_url);

  const signedOut = [
    ['home', '/'],
    ['events', '/events'],
    ['event-long-word', `/event/detail?id=${long.id}`],
    ['event-series', `/event/detail?id=${series.id}`],
    ['event-url-title', `/event/detail?id=${url.id}`],
    ['event-none', '/event/detail'],
    ['login', '/login'],
    ['register', '/register'],
    ['forgot-password', '/forget/password'],
    ['reset-password', '/forget/password/create'],
    ['activated', '/activate-account'],
    ['activation-invalid', '/activate-account/invalid'],
    ['activation-already', '/activate-account/already'],
    ['email-confirmed', '/confirm-email'],
    ['email-invalid', '/confirm-email/invalid'],
    ['email-taken', '/confirm-email/taken'],
    ['not-found', '/no-such-page'],
    ['ticket', new URL(registration.ticket_link).pathname + new URL(registration.ticket_link).search],
    ['rsvp-confirm', '/rsvp/confirm?t=not-yet-pressed'],
    ['rsvp-manage', guest.pathname + guest.search],
    ['join', '/join?t=01ARZ3NDEKTSV4RRFFQ69G5FAV.no-such-invitation'],
  ];
  const signedIn = [
    ['profile', '/profile'],
    ['profile-edit-without-state', '/profile/edit'],
    ['change-password', '/reset-password'],
    ['events-signed-in', '/events'],
    ['event-signed-in', `/event/detail?id=${url.id}`],
    ['event-ticket', `/event/detail?id=${long.id}`],
  ];
  const organizer = [
    ['organization-profile', '/profile'],
    ['dashboard-organization', '/dashboard/profile'],
    ['dashboard-create-event', '/dashboard/create-event'],
    ['dashboard-events', '/dashboard/events'],
    ['dashboard-event-update-without-state', '/dashboard/event-update'],
    ['dashboard-attendees', `/dashboard/attendees?id=${long.id}`],
    ['dashboard-check-in', `/dashboard/check-in?id=${long.id}`],
    ['dashboard-members', '/dashboard/members'],
  ];
  return { org, person, signedOut, signedIn, organizer };
}

export default async function everyScreen({ page, stack }) {
  const { org, person, signedOut, signedIn, organizer } = await everyScreenSetup(stack);

  async function visit(screens) {
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      for (const [name, path] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // Lists and images settle before the checks.
        await page.waitForLoadState('networkidle');
        await checkScreen(page, name);
        if (name.startsWith('event-') && name !== 'event-none') {
          const button = page.getByRole('button', { name: /^(Register Now|Cancel Registration)$/ });
          const box = await button.boundingBox();
          assert.ok(box && box.y + box.height <= size.height, `${name} at ${size.width} px: the call to action is below the fold (${JSON.stringify(box)})`);
        }
        if (name === 'event-ticket') await expectTicketInSight(page, size);
        if (name === 'event-long-word') await expectFocusInSight(page, size, page.getByRole('button', { name: 'Share' }));
        if (name === 'home') await expectFirstEventInSight(page, size);
        if (name === 'events') await checkCompactList(page);
        if (name === 'profile-mail-bounced') await page.getByRole('alert').filter({ hasText: 'send you mail' }).waitFor();
        if (name === 'profile') await expectButtonsUnsqueezed(page, size);
      }
    }
  }

  await visit(signedOut);
  await logIn(page, person.username, person.password);
  await visit(signedIn);
  // SES reports the person's address bounces: the profile says so.
  await reportBounce(stack, person.email);
  await visit([['profile-mail-bounced', '/profile']]);
  // The same browser, now the organizer's (log in and sign up send a
  // signed-in person on, so the session is dropped first).
  await page.evaluate(() => localStorage.clear());
  await logIn(page, org.username, org.password);
  await visit(organizer);
}

// expectFocusInSight scrolls target to the viewport's bottom edge, where the
// Tab key finds the next control down, focuses it there, and checks that it
// is what shows, top and bottom: focus never lands under the phone's fixed
// bottom bar (the browser scrolls only what it sees as hidden).
async function expectFocusInSight(page, size, target) {
  await target.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - (window.innerHeight - 40)));
  await target.focus();
  const covered = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    return [r.top + 2, r.bottom - 2].filter((y) => !el.contains(document.elementFromPoint(x, y))).length;
  });
  assert.equal(covered, 0, `the focused ${await target.textContent()} at ${size.width} px is hidden under another element`);
}

// expectButtonsUnsqueezed checks that a registration's buttons beside the
// 200-character title keep their one line (they once wrapped a letter a
// line), as tall as the profile's own buttons.
async function expectButtonsUnsqueezed(page, size) {
  const [del, edit] = await Promise.all([
    page.getByRole('button', { name: 'Delete', exact: true }).first().boundingBox(),
    page.getByRole('button', { name: 'Edit Profile' }).boundingBox(),
  ]);
  assert.ok(del && edit && del.height <= edit.height + 2, `profile at ${size.width} px: a registration's Delete button is ${del?.height} px tall, Edit Profile ${edit?.height}`);
}

// expectTicketInSight scrolls the event page's ticket into view as the
// browser does, and checks that its QR code is what shows there, top and
// bottom: nothing (the phone's fixed bottom bar) lies over it.
async function expectTicketInSight(page, size) {
  const qr = page.getByRole('img', { name: /^Ticket QR code for / });
  await qr.locator('svg').waitFor();
  await qr.evaluate((el) => el.closest('figure').scrollIntoView({ block: 'end' }));
  const covered = await qr.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    return [r.top + 2, r.bottom - 2].filter((y) => !el.contains(document.elementFromPoint(x, y))).length;
  });
  assert.equal(covered, 0, `the ticket at ${size.width} px is hidden under another element`);
}

// checkCompactList switches the events list to its compact rows, checks
// that screen too, and switches back.
async function checkCompactList(page) {
  const view = page.getByRole('group', { name: 'Show events as' });
  await view.getByText('List', { exact: true }).click();
  await page.getByRole('radio', { name: 'List' }).and(page.locator(':checked')).waitFor({ state: 'attached' });
  await checkScreen(page, 'events-list');
  await view.getByText('Cards', { exact: true }).click();
  await page.getByRole('radio', { name: 'Cards' }).and(page.locator(':checked')).waitFor({ state: 'attached' });
}

// expectFirstEventInSight checks that the home page, as it opens, shows the
// first upcoming event (its card's top and title) above the fold, not only
// the hero.
async function expectFirstEventInSight(page, size) {
  const card = page.getByRole('region', { name: 'Upcoming Events' }).getByRole('article').first();
  await card.waitFor();
  const [cardBox, titleBox] = await Promise.all([card.boundingBox(), card.getByRole('heading').boundingBox()]);
  assert.ok(cardBox && cardBox.y < size.height, `home at ${size.width} px: the first event card starts below the fold (${JSON.stringify(cardBox)})`);
  assert.ok(
    titleBox && titleBox.y + titleBox.height <= size.height,
    `home at ${size.width} px: the first event's title is below the fold (${JSON.stringify(titleBox)})`,
  );
}
