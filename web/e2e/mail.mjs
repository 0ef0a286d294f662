// The mail the product sent, read from the SES emulator (aws-ses-v2-local):
// GET /store answers {"emails": [{destination: {to: [...]}, subject,
// body: {text, html}, headers: [{name, value}], attachments: [{filename,
// contentType, content}]}, ...]}, oldest first.
import { waitFor } from './wait.mjs';

// inbox resolves with the emails to `to` whose subject contains `subject`,
// oldest first.
export async function inbox(sesURL, to, subject = '') {
  const address = to.toLowerCase();
  const res = await fetch(`${sesURL}/store`);
  if (!res.ok) throw new Error(`GET ${sesURL}/store: ${res.status}`);
  const { emails = [] } = await res.json();
  return emails.filter((m) => m.destination?.to?.some((a) => a.toLowerCase().includes(address)) && m.subject?.includes(subject));
}

// waitForMail resolves with the first email to `to` whose subject contains
// `subject`, once the emulator holds one.
export function waitForMail(sesURL, to, subject, { timeout = 15_000 } = {}) {
  return waitFor(async () => (await inbox(sesURL, to, subject))[0], {
    timeout,
    interval: 200,
    message: `no email "${subject}" to ${to}`,
  });
}

// headersOf returns the custom headers the email was sent with (the
// emulator keeps them as headers: [{name, value}]), by name.
export function headersOf(mail) {
  return Object.fromEntries((mail.headers ?? []).map((h) => [h.name, h.value]));
}

// linkIn returns the one link in the email's text body whose path starts
// with pathPrefix.
export function linkIn(mail, pathPrefix) {
  const links = mail.body.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const link = links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no link to ${pathPrefix} in "${mail.subject}":\n${mail.body.text}`);
  return link;
}
