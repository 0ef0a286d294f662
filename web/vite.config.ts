/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { catalogChunkName, catalogs } from './vite/catalogs';
import { openapi } from './vite/openapi';

// `npm run dev` serves the app with hot reload and sends API and media
// calls to the local gateway (make dev).
const gateway = process.env.TURNOUT_GATEWAY ?? 'http://127.0.0.1:8080';

// The app's build leaves out the embeddable widget's words, which
// vite.widget.config.ts builds with the widget; the dev server and the
// tests have every namespace.
const appSpeaks = (namespace: string) => namespace !== 'widget';

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    catalogs(fileURLToPath(new URL('./src/locales', import.meta.url)), command === 'build' ? appSpeaks : undefined),
    openapi(fileURLToPath(new URL('../api/openapi.yaml', import.meta.url))),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': gateway, '/media': gateway },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The app and everything it imports statically (the home page
        // among it) in one chunk: otherwise the modules that lazy pages
        // share with it are split into small chunks, each one more script
        // the first page waits for (the e2e first-load journey counts them).
        codeSplitting: { groups: [{ name: 'app', test: /\/src\/app\/App\.tsx$/ }] },
        chunkFileNames: catalogChunkName,
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Budgets for a correct test on a loaded two-core machine, where a page
    // test of a few hundred milliseconds can take tens of seconds. A test
    // past its budget is failed but not stopped: its user-event actions go
    // on typing into the next test's page (text interleaved by two tests),
    // so the budget must be one a correct test never meets. What a test
    // waits for is bounded by asyncUtilTimeout (src/test/setup.ts).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
}));
