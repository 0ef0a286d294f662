// The app's words in each language it speaks, read from its own catalogs
// (src/locales/<language>/<namespace>.json) and run by Lingui as the app
// runs them (compiled by the compiler vite/catalogs.ts uses, formatted by
// @lingui/core): journeys find a label, a heading or a toast by the
// catalog's words, never by a translation of their own.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

const webDir = resolve(import.meta.dirname, '..');
const localesDir = join(webDir, 'src', 'locales');
const mailLocalesDir = resolve(webDir, '..', 'pkg', 'mail', 'locales');

// The languages Turnout speaks, as src/i18n/languages.ts lists them:
// [{tag, name, dir}], English first.
export const LANGUAGES = (() => {
  const source = readFileSync(join(webDir, 'src', 'i18n', 'languages.ts'), 'utf8');
  const found = [...source.matchAll(/\{\s*tag:\s*'([^']+)',\s*name:\s*'([^']+)',\s*dir:\s*'(ltr|rtl)'\s*\}/g)];
  if (found.length === 0) throw new Error('no language found in src/i18n/languages.ts');
  return found.map(([, tag, name, dir]) => ({ tag, name, dir }));
})();

// The locale of a browser that prefers each language: a region's variety,
// as browsers send it (Turnout reads "de-DE" as German).
export const BROWSER_LOCALES = { en: 'en-US', es: 'es-ES', de: 'de-DE', fr: 'fr-FR', 'pt-BR': 'pt-BR', ja: 'ja-JP', ar: 'ar-EG' };

export function languageOf(tag) {
  const language = LANGUAGES.find((l) => l.tag === tag);
  if (!language) throw new Error(`Turnout does not speak ${tag} (src/i18n/languages.ts)`);
  return language;
}

const cache = new Map();

// wordsOf returns say(id, values) for the language tag: the message id of
// any namespace as the page shows it, its placeholders filled from values
// ({name} → values.name, plurals and numbers as the app formats them) and
// its tags ("<0>Log in</0>") dropped for the text they hold. An id the
// catalog lacks throws.
export function wordsOf(tag) {
  if (cache.has(tag)) return cache.get(tag);
  languageOf(tag);
  const dir = join(localesDir, tag);
  const source = Object.assign(
    {},
    ...readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8'))),
  );
  const compiled = Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]));
  const i18n = setupI18n({ locale: tag, messages: { [tag]: compiled } });
  const say = (id, values = {}) => {
    if (!(id in source)) throw new Error(`no message ${id} in src/locales/${tag}`);
    return i18n._(id, values).replace(/<\/?\d+\/?>/g, '');
  };
  cache.set(tag, say);
  return say;
}

// mailWordsOf returns the server's mail texts in the language tag
// (pkg/mail/locales/<language>.json) by key: a mail's subject, say.
export function mailWordsOf(tag) {
  const texts = JSON.parse(readFileSync(join(mailLocalesDir, `${tag}.json`), 'utf8'));
  return (key) => {
    if (!(key in texts)) throw new Error(`no mail text ${key} in pkg/mail/locales/${tag}.json`);
    return texts[key];
  };
}
