// How much the first page (/) costs a visitor's browser to load, measured
// in Chromium against the local stack (the built app, e2e/stack.mjs):
// every script and style sheet it requests until the network is idle,
// gzipped (e2e/firstLoad.mjs); and what the embeddable widget costs a
// visitor of the site that embeds it (e2e/widget.mjs). Prints the tables
// docs/web-size.md holds and exits 1 over either budget (the first page:
// 100 KB of JavaScript gzipped, 4 script requests, no HTTP client; the
// widget: 30 KB gzipped in all), which make test holds through the e2e
// journeys "first-load" and "widget-on-another-site".
//
//   npm run size     (make websize; after npm run build)
import { launchBrowser } from '../e2e/browser.mjs';
import { startStack } from '../e2e/stack.mjs';
import { BUDGET_JS_GZIP, firstLoadReport, measureFirstLoad } from '../e2e/firstLoad.mjs';
import { BUDGET_WIDGET_GZIP, measureWidget, widgetReport } from '../e2e/widget.mjs';

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

  const widgetContext = await browser.newContext();
  const widget = widgetReport(await measureWidget(await widgetContext.newPage(), stack));
  console.log(
    "\nThe embeddable widget (docs/widget.md) on another site's page in German, with an event: everything it loads from Turnout" +
      " (the loader, its page, the page's script, style and words; the organization's data aside), gzipped\n",
  );
  console.log(widget.table);
  console.log(
    `\nWidget budget: ${widget.total.gzip} of ${BUDGET_WIDGET_GZIP} bytes gzipped (${Math.round((100 * widget.total.gzip) / BUDGET_WIDGET_GZIP)}%) in ${widget.requests} requests: ${widget.over.length ? `OVER: ${widget.over.join('; ')}` : 'ok'}`,
  );
  if (widget.over.length) process.exitCode = 1;
} finally {
  await browser.close();
  await stack.stop();
}
