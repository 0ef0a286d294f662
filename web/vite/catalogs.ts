// The message catalogs (src/locales/<language>/<namespace>.json, ICU
// MessageFormat) compiled at build time with Lingui's own compiler, so the
// app ships no message parser. `virtual:catalogs` maps each
// "<language>/<namespace>" to a dynamic import of its compiled messages:
// one small chunk each, fetched only for the language in use. (A catalog
// file added while `npm run dev` runs is seen after a restart.) A build
// lists only the namespaces it speaks: the app's leaves out the embeddable
// widget's, which vite.widget.config.ts builds apart.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const INDEX = 'virtual:catalogs';
const CATALOG = 'virtual:catalog/';

export function catalogs(localesDir: string, speaks: (namespace: string) => boolean = () => true): Plugin {
  const file = (name: string) => join(localesDir, `${name}.json`);
  return {
    name: 'turnout-catalogs',
    resolveId(id) {
      if (id === INDEX || id.startsWith(CATALOG)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        const names = readdirSync(localesDir, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .flatMap((dir) =>
            readdirSync(join(localesDir, dir.name))
              .filter((name) => name.endsWith('.json'))
              .map((name) => name.slice(0, -'.json'.length))
              .filter((namespace) => speaks(namespace))
              .map((namespace) => `${dir.name}/${namespace}`),
          );
        const entries = names.map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(CATALOG + name)}),`);
        return `export const catalogs = {\n${entries.join('\n')}\n};\n`;
      }
      if (id.startsWith(`\0${CATALOG}`)) {
        const path = file(id.slice(`\0${CATALOG}`.length));
        this.addWatchFile(path);
        const source = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
        const compiled = Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessage(message)]));
        return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});\n`;
      }
      return null;
    },
  };
}

// A catalog's chunk is named by its language and namespace
// (locale-de-events-<hash>.js), so the size report can list them.
export function catalogChunkName(chunk: { facadeModuleId: string | null }): string {
  const catalog = chunk.facadeModuleId?.match(/virtual:catalog\/([^/]+)\/(.+)$/);
  return catalog ? `assets/locale-${catalog[1]}-${catalog[2]}-[hash].js` : 'assets/[name]-[hash].js';
}
