// The developers API over a small in-memory organization, answering in the
// API's real shapes and error bodies (api/openapi.yaml), for the tests of
// the API & webhooks page.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { ApiToken, ApiTokenInput, NewApiToken, NewWebhook, Webhook, WebhookDelivery, WebhookInput, WebhookUpdate } from './api';

import { answerAccount, signIn } from '@/features/dashboard/test-fixtures';

export { answerAccount, organization, organizer, person, signIn } from '@/features/dashboard/test-fixtures';

export const scanner: ApiToken = {
  id: '01JTOK00000000000000000001',
  name: 'Door scanner',
  scopes: ['attendees:read', 'checkin:write'],
  prefix: 'tn_4f2a',
  created_at: '2030-03-01T09:00:00Z',
  created_by: { id: '01JUSER0000000000000000002', username: 'citylights' },
  expires_at: null,
  last_used_at: '2030-03-02T18:15:00Z',
};

export const hook: Webhook = {
  id: '01JWHK00000000000000000001',
  url: 'https://hooks.example.com/turnout',
  description: 'Ticket sync',
  kinds: ['registration.created', 'attendee.checked_in'],
  enabled: true,
  disabled_at: null,
  failing_since: null,
  created_at: '2030-03-01T09:00:00Z',
  previous_secret_expires_at: null,
};

const delivery = (id: string, changes: Partial<WebhookDelivery>): WebhookDelivery => ({
  id,
  kind: 'registration.created',
  status: 'delivered',
  attempts: 1,
  created_at: '2030-03-02T18:00:00Z',
  last_attempt_at: '2030-03-02T18:00:01Z',
  status_code: 200,
  duration_ms: 120,
  error: null,
  next_attempt_at: null,
  ...changes,
});

export const deliveries: WebhookDelivery[] = [
  delivery('msg_3', { status: 'pending', attempts: 2, status_code: 500, duration_ms: 87, next_attempt_at: '2030-03-02T19:05:00Z' }),
  delivery('msg_2', { kind: 'attendee.checked_in', status: 'failed', attempts: 9, status_code: null, duration_ms: null, error: 'timeout' }),
  delivery('msg_1', {}),
];

export const NEW_TOKEN_SECRET = 'tn_9c1e_s3cr3t-shown-once';
export const NEW_WEBHOOK_SECRET = 'whsec_n3w-signing-secret';
export const ROTATED_SECRET = 'whsec_r0tated-secret';

// What the page asked, with the organization it named.
export interface Asked {
  method: string;
  path: string;
  organization: string | null;
  body: unknown;
}

// The organization's tokens, endpoints and their deliveries, changed by the
// calls as the server would; deliveries come pageSize at a time.
export function answerDevelopers({ tokens = [scanner], webhooks = [hook], log = deliveries, pageSize = 50 } = {}) {
  const db = { tokens: [...tokens], webhooks: [...webhooks], log: [...log], asked: [] as Asked[] };
  const ask = async (request: Request) => {
    const url = new URL(request.url);
    const body: unknown = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.clone().json().catch(() => undefined);
    db.asked.push({ method: request.method, path: url.pathname.replace(/^\/api/, ''), organization: url.searchParams.get('organization'), body });
    return body;
  };
  const found = (id: unknown) => db.webhooks.find((w) => w.id === id);
  const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
  server.use(
    http.get(apiUrl('/organization/tokens/'), async ({ request }) => {
      await ask(request);
      return HttpResponse.json({ tokens: db.tokens, rate_limit: 300 });
    }),
    http.post(apiUrl('/organization/tokens/'), async ({ request }) => {
      const input = (await ask(request)) as ApiTokenInput;
      const listed: ApiToken = { ...scanner, id: '01JTOK00000000000000000002', ...input, expires_at: input.expires_at ?? null, prefix: 'tn_9c1e', last_used_at: null };
      db.tokens.unshift(listed);
      return HttpResponse.json({ ...listed, secret: NEW_TOKEN_SECRET } satisfies NewApiToken, { status: 201 });
    }),
    http.delete(apiUrl('/organization/tokens/:id/'), async ({ request, params }) => {
      await ask(request);
      db.tokens = db.tokens.filter((t) => t.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/organization/webhooks/'), async ({ request }) => {
      await ask(request);
      return HttpResponse.json({ webhooks: db.webhooks });
    }),
    http.post(apiUrl('/organization/webhooks/'), async ({ request }) => {
      const input = (await ask(request)) as WebhookInput;
      const refusal = urlRefusal(input.url);
      if (refusal) return refusal;
      const listed: Webhook = { ...hook, id: '01JWHK00000000000000000002', description: '', ...input };
      db.webhooks.push(listed);
      return HttpResponse.json({ ...listed, secret: NEW_WEBHOOK_SECRET } satisfies NewWebhook, { status: 201 });
    }),
    http.patch(apiUrl('/organization/webhooks/:id/'), async ({ request, params }) => {
      const changes = (await ask(request)) as WebhookUpdate;
      const old = found(params.id);
      if (!old) return notFound();
      const changed: Webhook = { ...old, ...changes, ...(changes.enabled ? { disabled_at: null, failing_since: null } : {}) };
      db.webhooks = db.webhooks.map((w) => (w.id === changed.id ? changed : w));
      return HttpResponse.json(changed);
    }),
    http.delete(apiUrl('/organization/webhooks/:id/'), async ({ request, params }) => {
      await ask(request);
      db.webhooks = db.webhooks.filter((w) => w.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiUrl('/organization/webhooks/:id/secret/'), async ({ request }) => {
      await ask(request);
      return HttpResponse.json({ secret: ROTATED_SECRET, previous_secret_expires_at: '2030-03-03T18:00:00Z' });
    }),
    http.get(apiUrl('/organization/webhooks/:id/deliveries/'), async ({ request }) => {
      await ask(request);
      const after = new URL(request.url).searchParams.get('after');
      const start = after ? db.log.findIndex((d) => d.id === after) + 1 : 0;
      const page = db.log.slice(start, start + pageSize);
      const more = start + pageSize < db.log.length;
      return HttpResponse.json({ deliveries: page }, { headers: more ? { 'X-Next-Page': page.at(-1)!.id } : {} });
    }),
    http.post(apiUrl('/organization/webhooks/:id/deliveries/:deliveryId/resend/'), async ({ request, params }) => {
      await ask(request);
      const old = db.log.find((d) => d.id === params.deliveryId);
      if (!old) return notFound();
      const sent = { ...old, status: 'delivered' as const, attempts: old.attempts + 1, status_code: 200, duration_ms: 64, error: null, next_attempt_at: null };
      db.log = db.log.map((d) => (d.id === sent.id ? sent : d));
      return HttpResponse.json(sent);
    }),
    http.post(apiUrl('/organization/webhooks/:id/test/'), async ({ request }) => {
      await ask(request);
      const test = delivery('msg_test', { kind: 'webhook.test', created_at: '2030-03-02T20:00:00Z', duration_ms: 41 });
      db.log.unshift(test);
      return HttpResponse.json(test, { status: 201 });
    }),
  );
  return db;
}

// The server refuses an address that is not HTTPS or that is private, as
// a field error with its code.
function urlRefusal(url: string) {
  if (!url.startsWith('https://')) return fieldError('Enter an HTTPS address.', 'webhook_url_not_https');
  if (/^https:\/\/(10\.|127\.|192\.168\.|localhost)/.test(url)) return fieldError('This address is private; webhooks go to public addresses only.', 'webhook_url_private');
  return null;
}

const fieldError = (message: string, code: string) => HttpResponse.json({ url: [message], codes: { url: [code] } }, { status: 400 });

// Routes load their pages on demand; loading them first keeps a cold
// module transform from eating the tests' waiting time.
export async function preloadPages(): Promise<void> {
  await Promise.all([import('@/api/account'), import('@/features/dashboard/DashboardLayout'), import('./DevelopersPage')]);
}

// The items of a list, not those of the lists inside them.
export const itemsOf = (list: HTMLElement) => within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);

// openDevelopersPage signs the organization's owner in and opens the API &
// webhooks page with answers, once the list named listName shows.
export async function openDevelopersPage(listName: string, options?: Parameters<typeof answerDevelopers>[0]) {
  signIn();
  answerAccount();
  const db = answerDevelopers(options);
  const view = renderApp('/dashboard/developers');
  const list = await screen.findByRole('list', { name: listName });
  return { ...view, db, list };
}
