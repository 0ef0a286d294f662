// Checks every screen must pass at a phone's and a laptop's width: no
// sideways scrolling whatever the data, and no accessibility violation of
// serious or critical impact (axe-core). Each screen is saved as
// screenshots/screens/<screen>-<width>.png (or in another folder given).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { screenshotDir } from './browser.mjs';

export const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// checkScreen runs the checks on what page shows now, named name, and
// saves it in screenshots/<folder>/.
export async function checkScreen(page, name, { folder = 'screens' } = {}) {
  const { width } = page.viewportSize();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${name} at ${width} px scrolls sideways by ${overflow} px`);

  // Evaluated through DevTools, which the site's CSP (no inline scripts)
  // rightly does not allow a script tag to do; in every frame, so that
  // axe checks an embedded widget's page too.
  for (const frame of page.frames()) await frame.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`);
  });
  assert.deepEqual(violations, [], `${name} at ${width} px has accessibility violations`);

  await mkdir(join(screenshotDir, folder), { recursive: true });
  await page.screenshot({ path: join(screenshotDir, folder, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
}
