// The mail the product sent, read from the SES emulator (aws-ses-v2-local):
// GET /store answers {"emails": [{destination: {to: [...]}, subject,
// body: {text, html}}, ...]}, oldest first.
import { waitFor } from './wait.mjs';

// waitForMail resolves with the first email to `to` whose subject contains
// `subject`, once the emulator holds one.
export function waitForMail(sesURL, to, subject, { timeout = 15_000 } = {}) {
  const address = to.toLowerCase();
  return waitFor(
    async () => {
      const res = await fetch(`${sesURL}/store`);
      if (!res.ok) throw new Error(`GET ${sesURL}/store: ${res.status}`);
      const { emails = [] } = await res.json();
      return emails.find(
        (m) => m.destination?.to?.some((a) => a.toLowerCase().includes(address)) && m.subject?.includes(subject),
      );
    },
    { timeout, interval: 200, message: `no email "${subject}" to ${to}` },
  );
}

// linkIn returns the one link in the email's text body whose path starts
// with pathPrefix.
export function linkIn(mail, pathPrefix) {
  const links = mail.body.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const link = links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no link to ${pathPrefix} in "${mail.subject}":\n${mail.body.text}`);
  return link;
}
