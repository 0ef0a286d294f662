// What each language costs: the gzipped size of its message catalogs in
// the production build (dist/assets/locale-<language>-<namespace>-*.js),
// by namespace. A visitor fetches only their language's, a namespace with
// the page that needs it ("common" with the first page; English fetches
// no "api": the server's messages come in English). Prints the table
// docs/web-size.md holds.
//
//   npm run size:languages     (after npm run build; make measure)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const assets = join(import.meta.dirname, '..', 'dist', 'assets');
const sizes = new Map(); // language → namespace → gzip bytes
for (const file of readdirSync(assets)) {
  const m = /^locale-(.+?)-([a-z]+)-[\w-]+\.js$/.exec(file);
  if (!m) continue;
  const [, language, namespace] = m;
  if (!sizes.has(language)) sizes.set(language, new Map());
  sizes.get(language).set(namespace, gzipSync(readFileSync(join(assets, file))).length);
}
if (sizes.size === 0) throw new Error('no catalogs in dist/assets: run npm run build first');

const languages = [...sizes.keys()].sort();
const namespaces = [...new Set(languages.flatMap((l) => [...sizes.get(l).keys()]))].sort((a, b) => (a === 'common' ? -1 : b === 'common' ? 1 : a.localeCompare(b)));
console.log('Message catalogs per language, gzip bytes (zlib, default level)\n');
console.log(`| namespace | ${languages.join(' | ')} |`);
console.log(`|---|${languages.map(() => '---:').join('|')}|`);
for (const ns of namespaces) console.log(`| ${ns} | ${languages.map((l) => sizes.get(l).get(ns) ?? '–').join(' | ')} |`);
const total = (l) => [...sizes.get(l).values()].reduce((a, b) => a + b, 0);
console.log(`| **all** | ${languages.map((l) => `**${total(l)}**`).join(' | ')} |`);
