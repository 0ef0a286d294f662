// What the first page costs a visitor's browser: every script and style
// sheet / requests until the network is idle, with an event in its list,
// each weighed as sent and gzipped (as CloudFront serves it). Used by the
// first-load journey (which holds the budget in make test) and by
// scripts/first-load-size.mjs (make websize, docs/web-size.md).
import { gzipSync } from 'node:zlib';
import { createEvent, signUpOrganization } from './api.mjs';

// The budget of the first page's JavaScript, gzipped, and of its script
// requests (more are a waterfall of round trips on a phone).
export const BUDGET_JS_GZIP = 100 * 1024;
export const MAX_SCRIPT_REQUESTS = 4;

// measureFirstLoad loads / in page once an event is listed and returns
// what it fetched: { path, type ('script' | 'stylesheet'), bytes, gzip }.
export async function measureFirstLoad(page, stack) {
  const org = await signUpOrganization(stack);
  const event = await createEvent(stack, org);
  const loads = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const path = new URL(response.url()).pathname;
    loads.push(response.body().then((body) => ({ path, type, bytes: body.length, gzip: gzipSync(body).length })));
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByText(event.title).first().waitFor();
  await page.waitForLoadState('networkidle');
  return Promise.all(loads);
}

// firstLoadReport sums what measureFirstLoad found and says what is over
// the budget ([] when nothing).
export function firstLoadReport(loaded) {
  const scripts = loaded.filter((l) => l.type === 'script');
  const total = (rows) => rows.reduce((t, r) => ({ bytes: t.bytes + r.bytes, gzip: t.gzip + r.gzip }), { bytes: 0, gzip: 0 });
  const js = total(scripts);
  const css = total(loaded.filter((l) => l.type === 'stylesheet'));
  const over = [];
  if (js.gzip > BUDGET_JS_GZIP) over.push(`${js.gzip} bytes of JavaScript gzipped, over ${BUDGET_JS_GZIP}`);
  if (scripts.length > MAX_SCRIPT_REQUESTS) over.push(`${scripts.length} script requests, over ${MAX_SCRIPT_REQUESTS}`);
  if (scripts.some((s) => /\/(axios|http)-/.test(s.path))) over.push('the HTTP client (axios) among its scripts');
  const lines = ['| file | type | bytes | gzip bytes |', '|---|---|---:|---:|'];
  for (const l of loaded) lines.push(`| ${l.path.replace(/^\/assets\//, '')} | ${l.type} | ${l.bytes} | ${l.gzip} |`);
  lines.push(`| **JavaScript (${scripts.length} requests)** | | **${js.bytes}** | **${js.gzip}** |`, `| **CSS** | | **${css.bytes}** | **${css.gzip}** |`);
  return { table: lines.join('\n'), js, scripts: scripts.length, over };
}
