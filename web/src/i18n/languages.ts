// The languages Turnout speaks. English is the default and the spec's own
// words; a language is added here and as src/locales/<tag>/ (README).
export interface Language {
  // BCP 47 tag, as <html lang> and the API's `language` take it.
  tag: string;
  // The language's name in itself, as the picker shows it.
  name: string;
  dir: 'ltr' | 'rtl';
}

export const languages: readonly Language[] = [
  { tag: 'en', name: 'English', dir: 'ltr' },
  { tag: 'es', name: 'Español', dir: 'ltr' },
  { tag: 'de', name: 'Deutsch', dir: 'ltr' },
  { tag: 'fr', name: 'Français', dir: 'ltr' },
  { tag: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr' },
  { tag: 'ja', name: '日本語', dir: 'ltr' },
  { tag: 'ar', name: 'العربية', dir: 'rtl' },
];

export const DEFAULT_LANGUAGE = 'en';

export function languageOf(tag: string): Language | undefined {
  return languages.find((l) => l.tag.toLowerCase() === tag.toLowerCase());
}

// The first of the browser's preferred languages Turnout speaks: an exact
// tag first ("pt-BR"), else its language alone ("es-MX" reads Spanish,
// "pt-PT" Brazilian Portuguese), else English.
export function bestLanguage(preferred: readonly string[]): string {
  for (const wanted of preferred) {
    const exact = languageOf(wanted);
    if (exact) return exact.tag;
    const base = wanted.split('-')[0]?.toLowerCase();
    const near = languages.find((l) => l.tag.split('-')[0]?.toLowerCase() === base);
    if (near) return near.tag;
  }
  return DEFAULT_LANGUAGE;
}
