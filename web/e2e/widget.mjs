// The embeddable widget as a visitor's browser meets it on another site: a
// host page served from an origin of its own holding the snippet
// (docs/widget.md), and every file the browser fetched from Turnout for it
// (the loader, the widget's page, its script, style and words; not the
// organization's data), weighed as sent and gzipped (as CloudFront serves
// them). Used by the journey widget-on-another-site, which holds the budget
// in make test, and by scripts/first-load-size.mjs (docs/web-size.md).
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { createEvent, signUpOrganization } from './api.mjs';

// All the widget may cost a host page's visitor, gzipped.
export const BUDGET_WIDGET_GZIP = 30 * 1024;

// The snippet an organization puts on its site.
export function snippet(stack, organizationId) {
  return `<div data-turnout-organization="${organizationId}"></div>\n<script src="${stack.baseURL}/embed.js" async></script>`;
}

// A plain page of another site, written in lang, holding only the snippet.
export function hostPage(lang, body) {
  return `<!doctype html>\n<html lang="${lang}">\n<head><meta charset="utf-8"><title>Host ${lang}</title></head>\n<body>\n${body}\n</body>\n</html>\n`;
}

// startHost serves pages (path → HTML) from another origin than the
// stack's: a port of its own, chosen by the kernel. Resolves with
// { origin, close() }.
export async function startHost(pages) {
  const server = createServer((req, res) => {
    const html = pages[req.url];
    if (html === undefined) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

// loadWidget opens url in page and resolves, once the widget has shown its
// content and the network is idle, with the Turnout files fetched for it:
// { path, type, bytes, gzip }.
export async function loadWidget(page, stack, url) {
  const loads = [];
  const weigh = (response) => {
    const { origin, pathname } = new URL(response.url());
    // What came over the network (a fresh context caches nothing).
    if (origin !== stack.baseURL || pathname.startsWith('/api/') || response.status() !== 200) return;
    const type = response.request().resourceType();
    loads.push(response.body().then((body) => ({ path: pathname, type, bytes: body.length, gzip: gzipSync(body).length })));
  };
  page.on('response', weigh);
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.querySelector('iframe')?.getBoundingClientRect().height > 0);
    await page.waitForLoadState('networkidle');
    return await Promise.all(loads);
  } finally {
    page.off('response', weigh);
  }
}

// measureWidget loads, in page, a German page of another site embedding
// the widget of an organization with an event, and resolves with what
// loadWidget found.
export async function measureWidget(page, stack) {
  const org = await signUpOrganization(stack);
  const event = await createEvent(stack, org);
  const host = await startHost({ '/': hostPage('de', snippet(stack, event.organization.id)) });
  try {
    return await loadWidget(page, stack, `${host.origin}/`);
  } finally {
    await host.close();
  }
}

// widgetReport sums what loadWidget found and says what is over the budget
// ([] when nothing).
export function widgetReport(loaded) {
  const total = loaded.reduce((t, l) => ({ bytes: t.bytes + l.bytes, gzip: t.gzip + l.gzip }), { bytes: 0, gzip: 0 });
  const over = total.gzip > BUDGET_WIDGET_GZIP ? [`${total.gzip} bytes gzipped, over ${BUDGET_WIDGET_GZIP}`] : [];
  const lines = ['| file | type | bytes | gzip bytes |', '|---|---|---:|---:|'];
  for (const l of loaded) lines.push(`| ${l.path.replace(/^\/(assets\/)?/, '')} | ${l.type} | ${l.bytes} | ${l.gzip} |`);
  lines.push(`| **all (${loaded.length} requests)** | | **${total.bytes}** | **${total.gzip}** |`);
  return { table: lines.join('\n'), total, requests: loaded.length, over };
}
