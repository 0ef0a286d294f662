// The embeddable widget (docs/widget.md), built apart from the app so that
// nothing of it enters the app's bundle, into the same dist/ after the
// app's build (npm run build does both):
//
//   vite build -c vite.widget.config.ts                the page its iframe
//       shows, embed.html, with its script, style and words in assets/
//   vite build -c vite.widget.config.ts --mode loader  the script host
//       pages include, embed.js: one classic script, as a module would
//       need CORS from every host page, its names kept out of theirs
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { catalogChunkName, catalogs } from './vite/catalogs';

const inWeb = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Its own words, and the app's first screen's for an event's time and
// place, written as the app writes them.
const widgetSpeaks = (namespace: string) => namespace === 'widget' || namespace === 'common';

const build: UserConfig['build'] = { target: 'es2022', outDir: 'dist', emptyOutDir: false, sourcemap: false };
const shared: UserConfig = { resolve: { alias: { '@': inWeb('./src') } }, publicDir: false };

const page: UserConfig = {
  ...shared,
  plugins: [catalogs(inWeb('./src/locales'), widgetSpeaks)],
  build: {
    ...build,
    // Every browser that runs it preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: { input: inWeb('./embed.html'), output: { chunkFileNames: catalogChunkName } },
  },
};

const loader: UserConfig = {
  ...shared,
  build: { ...build, lib: { entry: inWeb('./src/widget/embed.ts'), formats: ['iife'], name: 'turnoutEmbed', fileName: () => 'embed.js' } },
};

export default defineConfig(({ mode }) => (mode === 'loader' ? loader : page));
