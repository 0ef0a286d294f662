// Every language says everything English says, nothing it no longer says,
// with the same placeholders and tags, in the plural forms its own grammar
// has; and every English message is one the app still shows.
import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { languages } from './languages';

type Catalog = Record<string, string>;

const files = import.meta.glob<Catalog>('/src/locales/*/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

// language → namespace → catalog
const catalogs = new Map<string, Map<string, Catalog>>();
for (const [path, catalog] of Object.entries(files)) {
  const [language = '', file = ''] = path.split('/').slice(-2);
  if (!catalogs.has(language)) catalogs.set(language, new Map());
  catalogs.get(language)!.set(file.replace(/\.json$/, ''), catalog);
}
const english = catalogs.get('en')!;

// The placeholders, tags and plural choices of a message. Compiled, a
// message is text or a list of parts: text, or [name, kind?, options?]
// whose options hold lists of parts again.
function shapeOf(message: string) {
  const names = new Set<string>();
  const plurals: Array<{ name: string; forms: string[] }> = [];
  const tags = (text: string) => {
    for (const tag of text.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag[1]}>`);
  };
  const walk = (parts: unknown): void => {
    if (typeof parts === 'string') return tags(parts);
    if (!Array.isArray(parts)) return; // a plural's offset
    for (const part of parts as unknown[]) {
      if (typeof part === 'string') {
        tags(part);
        continue;
      }
      const [name, kind, options] = part as [string, string?, Record<string, unknown>?];
      names.add(name);
      if (!options) continue;
      if (kind === 'plural' || kind === 'selectordinal') {
        plurals.push({ name, forms: Object.keys(options).filter((form) => !/^(=?\d+|offset)$/.test(form)) });
      }
      Object.values(options).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return { names: [...names].sort(), plurals };
}

describe('message catalogs', () => {
  it('exist for every language Turnout offers, and no other', () => {
    expect([...catalogs.keys()].sort()).toEqual(languages.map((l) => l.tag).sort());
  });

  it('name each message after its namespace', () => {
    for (const [namespace, catalog] of english) {
      for (const id of Object.keys(catalog)) expect(id.startsWith(`${namespace}.`), `${id} in ${namespace}.json`).toBe(true);
    }
  });

  for (const { tag } of languages.filter((l) => l.tag !== 'en')) {
    it(`in ${tag} hold exactly English's messages, with its placeholders`, () => {
      const theirs = catalogs.get(tag)!;
      expect([...theirs.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [namespace, source] of english) {
        const translated = theirs.get(namespace)!;
        const missing = Object.keys(source).filter((id) => !(id in translated));
        const stale = Object.keys(translated).filter((id) => !(id in source));
        expect(missing, `${tag}/${namespace}.json lacks`).toEqual([]);
        expect(stale, `${tag}/${namespace}.json keeps, English no longer has`).toEqual([]);
        for (const [id, message] of Object.entries(source)) {
          expect(translated[id]?.trim(), `${tag} ${id}`).toBeTruthy();
          expect(shapeOf(translated[id]!).names, `${tag} ${id}: placeholders`).toEqual(shapeOf(message).names);
        }
      }
    });
  }

  for (const { tag } of languages) {
    it(`in ${tag} give every plural the forms ${tag} has`, () => {
      const forms = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
      for (const catalog of catalogs.get(tag)!.values()) {
        for (const [id, message] of Object.entries(catalog)) {
          for (const plural of shapeOf(message).plurals) {
            expect(plural.forms.sort(), `${tag} ${id} {${plural.name}}`).toEqual([...forms].sort());
          }
        }
      }
    });
  }

  it('hold only messages the app shows', () => {
    const code = Object.values(sources).join('\n');
    const unused = [...english.entries()]
      .filter(([namespace]) => namespace !== 'api')
      .flatMap(([, catalog]) => Object.keys(catalog))
      .filter((id) => !code.includes(`'${id}'`) && !code.includes(`"${id}"`));
    expect(unused).toEqual([]);
  });
});
