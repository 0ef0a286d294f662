// Debian's headless Chromium driven by playwright-core (its own browser
// download does not work here). One browser for the whole suite; each
// journey gets a fresh context, so no storage or cookies carry over.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const screenshotDir = join(import.meta.dirname, 'screenshots');

// Waits of locators (waitFor, click, fill) give up after this long.
const ACTION_TIMEOUT_MS = 10_000;

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // playwright-core starts it with a fresh temporary user-data-dir.
    // Background networking must be off: this machine's network is closed.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

// openJourney opens a fresh context and page on the stack's origin, with
// the journey's own context options (a time zone, say). The page's own
// errors are collected so that a failing journey can show them.
export async function openJourney(browser, stack, name, contextOptions = {}) {
  const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1280, height: 800 }, ...contextOptions });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const page = await context.newPage();
  await rm(join(screenshotDir, `${name}-failure.png`), { force: true });
  const problems = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  return {
    page,
    // screenshot saves the whole page as screenshots/<name><suffix>.png,
    // with CSS animations (toasts sliding in) run to their end.
    async screenshot(suffix = '') {
      await mkdir(screenshotDir, { recursive: true });
      await page.screenshot({ path: join(screenshotDir, `${name}${suffix}.png`), fullPage: true, animations: 'disabled' });
    },
    problems,
    close: () => context.close(),
  };
}

// inContext runs steps(journey) in a context of its own, opened as
// openJourney opens one (contextOptions: a locale, say) and named name
// for its screenshots: another person's browser, or another language's,
// within a journey. When a step fails, its page is saved as
// screenshots/<name>-failure.png and its own errors join the message.
export async function inContext(browser, stack, name, contextOptions, steps) {
  const journey = await openJourney(browser, stack, name, contextOptions);
  try {
    await steps(journey);
  } catch (err) {
    await journey.screenshot('-failure').catch(() => {});
    if (journey.problems.length) err.message += `\n\nIn the page (${name}):\n${journey.problems.join('\n')}`;
    err.message += `\n\nURL (${name}): ${journey.page.url()} (screenshot: e2e/screenshots/${name}-failure.png)`;
    throw err;
  } finally {
    await journey.close();
  }
}
