// Publishes the API's contract, api/openapi.yaml, as the site's
// /openapi.json (the stable address of the API reference, which the
// dashboard's developers page links and API clients generate from), in
// the build and on the dev server.
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import type { Plugin } from 'vite';

export const OPENAPI_FILE = 'openapi.json';

export function openapi(document: string): Plugin {
  const json = () => JSON.stringify(load(readFileSync(document, 'utf8')));
  return {
    name: 'turnout-openapi',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: OPENAPI_FILE, source: json() });
    },
    configureServer(server) {
      server.middlewares.use(`/${OPENAPI_FILE}`, (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(json());
      });
    },
  };
}
