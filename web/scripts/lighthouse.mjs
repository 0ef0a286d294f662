// Lighthouse (mobile: a mid-range phone on a throttled 4G link, simulated)
// against the real local stack with the demo data of `make dev`, for the
// home page, the events list and an event's page: performance,
// accessibility, and the layout shift (CLS) each one scores. The targets
// are printed beside them. Debian's Chromium, started by
// chrome-launcher, which Lighthouse drives.
//
// Builds nothing itself: run `npm run build` first (`make bench` does).
//
//   node scripts/lighthouse.mjs
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM } from '../e2e/browser.mjs';
import { startStack } from '../e2e/stack.mjs';

const TARGETS = { performance: 95, accessibility: 100, cls: 0.02 };
const RUNS = 3;

const stack = await startStack({ seed: true });
let chrome;
try {
  const events = await (await fetch(`${stack.baseURL}/api/event/public/`)).json();
  const pages = [
    ['/', '/'],
    ['/events', '/events'],
    ['an event page', `/event/detail?id=${encodeURIComponent(events[0].id)}`],
  ];
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const rows = [];
  for (const [name, path] of pages) {
    // The first load warms the stack; the next RUNS are scored, and the
    // run of median performance is the page's.
    await lighthouse(`${stack.baseURL}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(`${stack.baseURL}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      runs.push({
        name,
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
      });
    }
    runs.sort((a, b) => a.performance - b.performance);
    rows.push({ ...runs[Math.floor(RUNS / 2)], all: runs.map((r) => r.performance).join(', ') });
  }
  console.log(`\nLighthouse 12.2.3, mobile (simulated throttling), the local stack with the demo data; median of ${RUNS}:\n`);
  console.log('| page | performance (runs) | accessibility | CLS | LCP ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${r.performance} (${r.all}) | ${r.accessibility} | ${r.cls.toFixed(3)} | ${Math.round(r.lcp)} |`);
  const missed = rows.filter((r) => r.performance < TARGETS.performance || r.accessibility < TARGETS.accessibility || r.cls > TARGETS.cls);
  console.log(
    `\nTargets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, CLS ≤ ${TARGETS.cls}.` +
      (missed.length ? ` Missed on: ${missed.map((r) => r.name).join(', ')}.` : ' Met on every page.'),
  );
} finally {
  await chrome?.kill();
  await stack.stop();
}
