// How much the first page (/) costs to load. Builds the app in memory
// (the same Vite config, nothing written) and sums the gzipped size of
//   - what index.html loads: its module script(s), modulepreload links and
//     style sheets;
//   - the lazy chunk of the "/" route (src/features/home/HomePage.tsx), the
//     chunks it imports statically and their CSS.
// Exits 1 when that JavaScript is over the budget (100 KB gzipped).
// Also reports, for information, what a logged-in visitor loads on top: the
// top bar then fetches the profile through src/api/account.ts.
//
// Chunks are found by the modules they contain, from the build's own
// output, rather than by the manifest's keys: a module that is imported both
// statically and dynamically (src/api/account.ts) lands in a shared chunk
// that the manifest lists only under a hashed name.
//
//   npm run size     (make websize)
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const BUDGET_JS_GZIP = 100 * 1024;
const webDir = resolve(import.meta.dirname, '..');
const HOME_ROUTE = resolve(webDir, 'src/features/home/HomePage.tsx');
const ACCOUNT = resolve(webDir, 'src/api/account.ts');

const result = await build({ root: webDir, logLevel: 'warn', build: { write: false } });
const output = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
const byFile = new Map(output.map((o) => [o.fileName, o]));

// What the HTML itself loads, then what the "/" route pulls in.
const firstLoad = new Map(); // file → what loads it
for (const file of htmlAssets(byFile.get('index.html').source)) firstLoad.set(file, 'index.html');
for (const file of chunkClosure(HOME_ROUTE)) if (!firstLoad.has(file)) firstLoad.set(file, 'route / (HomePage)');
const loggedIn = new Map();
for (const file of chunkClosure(ACCOUNT)) if (!firstLoad.has(file)) loggedIn.set(file, 'logged in (account)');

const first = measure(firstLoad);
const extra = measure(loggedIn);
const js = sum(first.filter((r) => r.file.endsWith('.js')));
const css = sum(first.filter((r) => r.file.endsWith('.css')));
const over = js.gzip > BUDGET_JS_GZIP;

console.log('First load of / (gzip: zlib, default level)\n');
printTable(first, [
  ['JavaScript', js],
  ['CSS', css],
]);
console.log(
  `\nJavaScript budget: ${js.gzip} of ${BUDGET_JS_GZIP} bytes gzipped (${Math.round((100 * js.gzip) / BUDGET_JS_GZIP)}%): ${over ? 'OVER BUDGET' : 'ok'}\n`,
);
console.log('A logged-in visitor additionally loads on / (informational)\n');
printTable(extra, [['JavaScript', sum(extra)]]);
if (over) process.exitCode = 1;

// htmlAssets lists the files that index.html loads: module scripts,
// modulepreload links and style sheets, as paths inside the build.
function htmlAssets(html) {
  const files = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    const isModule = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    if (url && (isModule || rel === 'modulepreload' || rel === 'stylesheet')) files.push(url.replace(/^\//, ''));
  }
  return files;
}

// chunkClosure lists the chunk that holds the module, the chunks it imports
// statically (transitively) and their CSS.
function chunkClosure(moduleId) {
  const home = output.find((o) => o.type === 'chunk' && o.moduleIds.includes(moduleId));
  if (!home) throw new Error(`no chunk holds ${moduleId}: was it moved or renamed?`);
  const files = new Set();
  const visit = (chunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const cssFile of chunk.viteMetadata?.importedCss ?? []) files.add(cssFile);
    for (const imported of chunk.imports) visit(byFile.get(imported));
  };
  visit(home);
  return files;
}

function measure(files) {
  return [...files].map(([file, loadedBy]) => {
    const o = byFile.get(file);
    const bytes = Buffer.from(o.type === 'chunk' ? o.code : o.source);
    return { file, loadedBy, raw: bytes.length, gzip: gzipSync(bytes).length };
  });
}

function sum(rows) {
  return rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }), { raw: 0, gzip: 0 });
}

// printTable prints rows and totals as a Markdown table: readable in a
// terminal, and what docs/web-size.md holds.
function printTable(rows, totals) {
  console.log('| file | loaded by | bytes | gzip bytes |');
  console.log('|---|---|---:|---:|');
  for (const r of rows) console.log(`| ${r.file.replace(/^assets\//, '')} | ${r.loadedBy} | ${r.raw} | ${r.gzip} |`);
  for (const [label, t] of totals) console.log(`| **${label}** | | **${t.raw}** | **${t.gzip}** |`);
}
