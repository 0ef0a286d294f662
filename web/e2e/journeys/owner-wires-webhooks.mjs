// An organization's owner wires Turnout into their own tools (docs/api.md
// "API tokens", "Webhooks"; docs/widget.md): on the dashboard's API &
// webhooks page they create a token, which then reads the attendee list,
// and a webhook endpoint on a receiver of their own. Someone registers: the
// delivery arrives, signed as Standard Webhooks says (checked with its
// reference library for JavaScript). The receiver breaks: the next delivery
// fails, and the log shows it waiting, then retried (the retry job run at
// the next attempt's time), with the same webhook-id each time; fixed, Send
// again gets it through. Last, the organization's events are embedded in a
// plain HTML page of another origin with the widget's snippet, as the page
// gives it to copy.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { call, createEvent, registerFor, signUpOrganization, signUpPerson, unique } from '../api.mjs';
import { checkScreen, WIDTHS } from '../screens.mjs';
import { field, logIn } from '../ui.mjs';
import { waitFor } from '../wait.mjs';
import { hostPage, startHost } from '../widget.mjs';

// startReceiver is the owner's endpoint on this machine (the local stack
// delivers to loopback): it keeps each delivery and answers status.
async function startReceiver() {
  const receiver = { got: [], status: 204 };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      receiver.got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(receiver.status).end();
    });
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${server.address().port}/turnout`;
  receiver.close = () => new Promise((resolve) => server.close(resolve));
  return receiver;
}

// The deliveries of kind the receiver got, verified with secret; waits
// for at least count of them.
async function delivered(receiver, secret, type, count = 1) {
  const wh = new Webhook(secret);
  return waitFor(
    () => {
      const of = receiver.got.map((g) => ({ ...g, msg: wh.verify(g.body, g.headers) })).filter((g) => g.msg.type === type);
      return of.length >= count && of;
    },
    { timeout: 15_000, message: () => `${count} ${type} deliveries did not arrive (got ${receiver.got.length})` },
  );
}

// The log's row of the newest delivery, once it shows status.
async function newestRow(page, url, status) {
  const log = page.getByRole('list', { name: `Deliveries to ${url}` });
  const row = log.getByTestId('webhook-delivery').first();
  await waitFor(
    async () => {
      if ((await row.getAttribute('data-status')) === status) return true;
      await page.getByRole('button', { name: 'Refresh', exact: true }).click();
      return false;
    },
    { timeout: 15_000, interval: 500, message: `the newest delivery is not ${status}` },
  );
  return row;
}

export default async function ownerWiresWebhooks({ page, stack, screenshot }) {
  const org = await signUpOrganization(stack);
  const orgId = (await call(stack, 'GET', '/api/user/profile/', { token: org.token })).organization_id;
  const event = await createEvent(stack, org, { title: unique('Open Studio ') });
  const receiver = await startReceiver();
  try {
    await logIn(page, org.username, org.password);
    await page.goto('/dashboard/developers');

    // A token that reads attendees.
    await page.getByRole('button', { name: 'Create token', exact: true }).click();
    const tokenForm = page.getByRole('form', { name: 'New API token' });
    await field(tokenForm, 'Name').fill('Spreadsheet');
    await tokenForm.getByRole('checkbox', { name: 'attendees:read' }).check();
    await tokenForm.getByRole('button', { name: 'Create token', exact: true }).click();
    const token = await page.getByTestId('api-token-secret').getByLabel('Token').inputValue();
    assert.match(token, /^tn_/);
    const attendees = await call(stack, 'GET', `/api/event/detail/${event.id}/attendees/`, { token });
    assert.equal(attendees.attendees.length, 0);
    await page.getByRole('button', { name: 'Done', exact: true }).click();

    // An endpoint that hears of registrations.
    await page.getByRole('button', { name: 'Add endpoint', exact: true }).click();
    const hookForm = page.getByRole('form', { name: 'New webhook endpoint' });
    await field(hookForm, 'Endpoint URL').fill(receiver.url);
    await hookForm.getByRole('checkbox', { name: 'registration.created' }).check();
    await hookForm.getByRole('button', { name: 'Add endpoint', exact: true }).click();
    const secret = await page.getByTestId('webhook-secret').getByLabel('Signing secret').inputValue();
    assert.match(secret, /^whsec_/);
    await checkScreen(page, 'developers-secret');

    // Someone registers: a signed delivery arrives.
    const ada = await signUpPerson(stack);
    await registerFor(stack, ada, event.id);
    const [first] = await delivered(receiver, secret, 'registration.created');
    assert.equal(first.msg.data.attendee.email, ada.email);
    assert.equal(first.msg.data.event_id, event.id);
    await page.getByRole('listitem').filter({ hasText: receiver.url }).getByRole('button', { name: 'Delivery log' }).click();
    await newestRow(page, receiver.url, 'delivered');

    // The receiver breaks: the next delivery fails and waits for a retry.
    receiver.status = 500;
    await registerFor(stack, await signUpPerson(stack), event.id);
    const [, failed] = await delivered(receiver, secret, 'registration.created', 2);
    let row = await newestRow(page, receiver.url, 'pending');
    await row.getByText('HTTP 500').waitFor();
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await checkScreen(page, 'developers-retrying');
    }
    const hookId = (await call(stack, 'GET', '/api/organization/webhooks/', { token: org.token })).webhooks[0].id;
    const [pending] = (await call(stack, 'GET', `/api/organization/webhooks/${hookId}/deliveries/`, { token: org.token })).deliveries;
    // The retry job as the clock will show a second past that attempt's time.
    const at = new Date(Date.parse(pending.next_attempt_at) + 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    assert.deepEqual(await call(stack, 'POST', `/_dev/webhooks?at=${encodeURIComponent(at)}`), { tried: 1 });
    const [, , retried] = await delivered(receiver, secret, 'registration.created', 3);
    assert.equal(retried.headers['webhook-id'], failed.headers['webhook-id'], 'a retry keeps its webhook-id');
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await row.getByText('2 attempts').waitFor();

    // Fixed: Send again gets it through.
    receiver.status = 204;
    await row.getByRole('button', { name: 'Send again', exact: true }).click();
    row = await newestRow(page, receiver.url, 'delivered');
    await row.getByText('3 attempts').waitFor();
    await screenshot();

    // The snippet the page gives, for this organization on this Turnout.
    const embed = page.getByRole('region', { name: 'Embed your events' });
    const snippet = await embed.getByLabel('Code for your website').inputValue();
    assert.ok(snippet.includes(`data-turnout-organization="${orgId}"`), snippet);
    assert.ok(snippet.includes(`<a href="${stack.baseURL}/organizations/${orgId}">`), snippet);
    assert.ok(snippet.includes(`<script src="${stack.baseURL}/embed.js" async></script>`), snippet);

    // The organization's events on a plain page of another origin.
    const host = await startHost({ '/': hostPage('en', `<h1>Our studio</h1>\n${snippet}`) });
    try {
      await page.goto(host.origin + '/');
      const widget = page.frameLocator('iframe');
      await widget.getByRole('link', { name: event.title }).waitFor();
      await screenshot('-widget');
    } finally {
      await host.close();
    }
  } finally {
    await receiver.close();
  }
}
