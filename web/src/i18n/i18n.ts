// The language the app speaks and the messages it has loaded. Messages
// come in namespaces (src/locales/<language>/<namespace>.json): "common"
// with the first screen, each page's own with its code, and only for the
// language in use. A new language loads the namespaces already in use
// before it is shown, so switching swaps the words without reloading data.
import { i18n } from '@lingui/core';
import { catalogs } from 'virtual:catalogs';
import { DEFAULT_LANGUAGE, bestLanguage, languageOf } from './languages';
import type { MessageId, Namespace } from './ids';

export { i18n };

// The visitor's own choice, kept across visits (and logging out).
const CHOSEN = 'language';

const inUse = new Set<Namespace>();
// The language being shown, or about to be: namespaces asked for while a
// switch is under way load in it.
let target = DEFAULT_LANGUAGE;

async function fetchCatalog(tag: string, namespace: Namespace): Promise<void> {
  // The server's messages come in English with its answers (src/lib/errors.ts).
  if (namespace === 'api' && tag === DEFAULT_LANGUAGE) return;
  const load = catalogs[`${tag}/${namespace}`];
  if (!load) throw new Error(`no catalog ${tag}/${namespace}`);
  const { messages } = await load();
  i18n.load(tag, messages);
}

// Loads namespaces in the language shown (a page calls it with its code).
export async function loadNamespaces(...namespaces: Namespace[]): Promise<void> {
  namespaces.forEach((n) => inUse.add(n));
  await Promise.all(namespaces.map((n) => fetchCatalog(target, n)));
}

function applyToDocument(tag: string): void {
  const root = document.documentElement;
  root.lang = tag;
  root.dir = languageOf(tag)?.dir ?? 'ltr';
}

// Shows the app in tag: its messages for every namespace in use first,
// then the switch, so no screen shows ids meanwhile.
export async function changeLanguage(tag: string): Promise<void> {
  const language = languageOf(tag)?.tag ?? DEFAULT_LANGUAGE;
  target = language;
  await Promise.all([...inUse].map((n) => fetchCatalog(language, n)));
  if (target !== language) return; // a later choice won
  i18n.activate(language);
  applyToDocument(language);
}

// A choice made by the visitor (the picker, or their saved profile): kept
// for the next visit.
export async function chooseLanguage(tag: string): Promise<void> {
  await changeLanguage(tag);
  localStorage.setItem(CHOSEN, i18n.locale);
}

// The language to start in: the visitor's saved choice, else the first of
// the browser's languages Turnout speaks, else English.
export function startingLanguage(): string {
  const chosen = localStorage.getItem(CHOSEN);
  if (chosen && languageOf(chosen)) return languageOf(chosen)!.tag;
  return bestLanguage(navigator.languages ?? [navigator.language]);
}

// Before the first render: the starting language with the first screen's
// messages.
export async function startLanguage(): Promise<void> {
  inUse.add('common');
  await changeLanguage(startingLanguage());
}

// Before the first render of a page that speaks only namespaces (the
// embeddable widget's, src/widget): tag, with their messages.
export async function startSpeaking(tag: string, ...namespaces: Namespace[]): Promise<void> {
  namespaces.forEach((n) => inUse.add(n));
  await changeLanguage(tag);
}

// The locale dates, times and numbers are written in.
export function activeLocale(): string {
  return i18n.locale || DEFAULT_LANGUAGE;
}

// In a right-to-left language, each text put into a message (a name, a
// title, mostly in another script) is isolated from the words around it
// (FSI … PDI), so its own direction cannot reorder them: "By Lens Club."
// keeps its full stop where Arabic puts it.
export function isolated(values: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!values || languageOf(i18n.locale)?.dir !== 'rtl') return values;
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? `\u2068${v}\u2069` : v]));
}

// The message id in the language shown, its values filled in.
export function message(id: MessageId, values?: Record<string, unknown>): string {
  return i18n._(id, isolated(values));
}

// A message outside React (a toast, a document title): read when called.
export function t(id: MessageId, values?: Record<string, unknown>): string {
  return message(id, values);
}
