// ESLint for the web app (`npm run lint`, part of `make test`).
import { readdirSync } from 'node:fs';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// Each folder of src/features is one feature. A feature imports shared code
// (components, lib, config, types, api) and nothing of another feature;
// shared code imports no feature and not the app. Only src/app, which routes
// to the features, imports them. The embeddable widget (src/widget) and the
// app import nothing of each other. Tests are excepted: they render the whole
// app (src/test/render.tsx) and walk through other features' screens.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const shared = ['components', 'lib', 'config', 'types', 'api'].map((dir) => `./src/${dir}`);
const boundaries = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature imports no other feature: move what both use to a shared folder (components/, lib/, api/).',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'A feature does not import the app that routes to it.',
  },
  {
    target: shared,
    from: ['./src/features', './src/app'],
    message: 'Shared code imports no feature and not the app.',
  },
  // The embeddable widget is built apart (vite.widget.config.ts) and may
  // use shared code; nothing of it may enter the app's bundle.
  {
    target: ['./src/app', './src/features', './src/i18n', ...shared],
    from: './src/widget',
    message: 'The app imports nothing of the embeddable widget, which is built apart (vite.widget.config.ts).',
  },
  {
    target: './src/widget',
    from: ['./src/features', './src/app'],
    message: 'The embeddable widget imports no feature and not the app: it must stay small (no React).',
  },
];

// Size limits for product code; tests, journeys and scripts are long by
// nature (tables of cases, whole flows).
const sizeLimits = {
  'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
  'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
};

export default defineConfig(
  // Generated from api/openapi.yaml by openapi-typescript: never edited by hand.
  { ignores: ['dist/', 'e2e/screenshots/', 'src/types/openapi.gen.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    plugins: { 'import-x': importX },
    languageOptions: { globals: globals.browser },
    settings: {
      // no-cycle reads the imported modules: it must know TypeScript files.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': 'error',
      ...sizeLimits,
    },
  },
  {
    // Plain DOM code: React alone would take the widget past its 30 KB.
    files: ['src/widget/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-*', '@lingui/react', '@/components/*'], message: 'The embeddable widget is plain DOM code, without React (docs/widget.md).' }] }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/**/test-fixtures.ts'],
    rules: { 'import-x/no-restricted-paths': 'off', 'max-lines': 'off', 'max-lines-per-function': 'off' },
  },
  {
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', 'vite.config.ts', 'vite.widget.config.ts', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
