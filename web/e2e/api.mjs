// Seeding through the API (docs/api.md), for journeys whose subject is not
// the sign-up itself.
import { randomBytes } from 'node:crypto';
import { linkIn, waitForMail } from './mail.mjs';

export const PASSWORD = 'Turnout-e2e-pass-1';

// unique returns a short name no other journey or run uses: prefix plus
// random hex.
export function unique(prefix) {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

// A datetime-local value (minutes, UTC as the API reads it) days from now.
export function daysFromNow(days, hour = 18) {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString().slice(0, 16);
}

// call sends a request to the API and resolves with the answer's JSON.
export async function call(stack, method, path, { token, form, json } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let body;
  if (form) {
    body = new FormData();
    for (const [k, v] of Object.entries(form)) body.append(k, String(v));
  } else if (json) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  }
  const res = await fetch(`${stack.baseURL}${path}`, { method, headers, body });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

// activate follows the activation link mailed to email, as a mail client
// would, and checks that it lands on the success page.
async function activate(stack, email) {
  const mail = await waitForMail(stack.sesURL, email, 'Activate your Turnout account');
  const link = linkIn(mail, '/api/user/activate/');
  const res = await fetch(link, { redirect: 'manual' });
  const target = res.headers.get('location') ?? '';
  if (res.status !== 302 || !target.endsWith('/activate-account')) {
    throw new Error(`activation link ${link}: ${res.status} to ${target}`);
  }
}

export async function login(stack, username, password) {
  return (await call(stack, 'POST', '/api/user/login/', { json: { username, password } })).access;
}

// registerPerson signs a person up (username given, or a new one) without
// activating the account, and returns their credentials.
export async function registerPerson(stack, username = unique('person')) {
  const person = { username, email: `${username}@example.com`, password: PASSWORD };
  await call(stack, 'POST', '/api/user/registration/', {
    form: { ...person, password1: PASSWORD, first_name: 'Pat', last_name: 'Example' },
  });
  return person;
}

// signUpPerson signs up and activates a new person (of username, given or
// new) and returns their credentials.
export async function signUpPerson(stack, username = unique('person')) {
  const person = await registerPerson(stack, username);
  await activate(stack, person.email);
  return person;
}

// signUpOrganization registers and activates an organization and logs its
// organizer in; resolves with its names and an access token.
export async function signUpOrganization(stack) {
  const username = unique('org');
  const org = { organization: `Org ${username}`, username, email: `${username}@example.com`, password: PASSWORD };
  await call(stack, 'POST', '/api/organization/register/', {
    form: { ...org, password1: PASSWORD, description: 'Seeded by the end-to-end tests.' },
  });
  await activate(stack, org.email);
  return { ...org, token: await login(stack, username, PASSWORD) };
}

// registerFor registers the person for an event; resolves with the
// registration as the API returns it (its ticket and ticket link).
export async function registerFor(stack, person, eventId) {
  return call(stack, 'POST', `/api/event/register/${eventId}/`, { token: await login(stack, person.username, person.password) });
}

// createEvent creates an upcoming event of the organization (fields
// override the defaults); resolves with the event as the API returns it.
export async function createEvent(stack, org, fields = {}) {
  const event = {
    title: unique('Event '),
    description: 'An evening of talks and music, seeded by the end-to-end tests.',
    location: 'Riverside Hall',
    start_time: daysFromNow(7, 18),
    end_time: daysFromNow(7, 21),
    capacity: 50,
    ...fields,
  };
  return call(stack, 'POST', '/api/event/create/', { token: org.token, form: event });
}

// notificationsOf resolves with the person's email settings (kind → on), as
// the API answers them to the person.
export async function notificationsOf(stack, person) {
  return call(stack, 'GET', '/api/user/notifications/', { token: await login(stack, person.username, person.password) });
}

// runReminders runs the reminder job of the local gateway (a -dev only
// route) as if the clock showed `at` (a Date); resolves with {sent,
// dropped}: the reminders handed to the mailer (one per event and kind, not
// one per mail) and those dropped as not worth sending.
export async function runReminders(stack, at) {
  const clock = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return call(stack, 'POST', `/_dev/reminders?at=${encodeURIComponent(clock)}`);
}

// reportBounce hands the local gateway's feedback function (a -dev only
// route) SES's report that mail to email bounced for good, as SES's SNS
// topic hands it on in AWS.
export async function reportBounce(stack, email) {
  const bounce = { eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: email }] }, mail: { destination: [email] } };
  return call(stack, 'POST', '/_dev/ses-feedback', { json: bounce });
}

// registerAsGuest registers name and email for an event without an account
// and confirms it by the mailed link, as the guest's pages would; resolves
// with the registration as the confirmation answers it (its manage_url).
export async function registerAsGuest(stack, eventId, name, email) {
  await call(stack, 'POST', `/api/event/register/${eventId}/`, { json: { name, email } });
  const mail = await waitForMail(stack.sesURL, email, 'Confirm your registration');
  const token = new URL(linkIn(mail, '/rsvp/confirm')).searchParams.get('t');
  return call(stack, 'POST', '/api/event/rsvp/confirm/', { json: { token } });
}
