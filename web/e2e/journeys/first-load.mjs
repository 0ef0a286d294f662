// The first page as a visitor's browser loads it (../firstLoad.mjs): at
// most 100 KB of JavaScript gzipped, in at most 4 script requests, and
// not the HTTP client. This is the size check that counts: a build's
// static graph misses what the page fetches at run time.
import assert from 'node:assert/strict';
import { firstLoadReport, measureFirstLoad } from '../firstLoad.mjs';

export default async function firstLoad({ page, stack }) {
  const report = firstLoadReport(await measureFirstLoad(page, stack));
  assert.deepEqual(report.over, [], `the first page loads too much:\n${report.table}`);
}
