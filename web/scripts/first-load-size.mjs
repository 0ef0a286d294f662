// How much the first page (/) costs a visitor's browser to load, measured
// in Chromium against the local stack (the built app, e2e/stack.mjs):
// every script and style sheet it requests until the network is idle,
// gzipped (e2e/firstLoad.mjs). Prints the table docs/web-size.md holds and
// exits 1 over the budget (100 KB of JavaScript gzipped, 4 script
// requests, no HTTP client), which make test holds through the e2e
// journey "first-load".
//
//   npm run size     (make websize; after npm run build)
import { launchBrowser } from '../e2e/browser.mjs';
import { startStack } from '../e2e/stack.mjs';
import { BUDGET_JS_GZIP, firstLoadReport, measureFirstLoad } from '../e2e/firstLoad.mjs';

const stack = await startStack();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ baseURL: stack.baseURL });
  const report = firstLoadReport(await measureFirstLoad(await context.newPage(), stack));
  console.log('First load of / in Chromium, with an event listed (gzip: zlib, default level)\n');
  console.log(report.table);
  console.log(
    `\nJavaScript budget: ${report.js.gzip} of ${BUDGET_JS_GZIP} bytes gzipped (${Math.round((100 * report.js.gzip) / BUDGET_JS_GZIP)}%) in ${report.scripts} requests: ${report.over.length ? `OVER: ${report.over.join('; ')}` : 'ok'}`,
  );
  if (report.over.length) process.exitCode = 1;
} finally {
  await browser.close();
  await stack.stop();
}
