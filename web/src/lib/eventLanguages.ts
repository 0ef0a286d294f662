// The languages an event may be held in, named in the reader's language
// (Intl.DisplayNames: no list of names ships with the app). The event
// form and the search offer these; an event may carry any BCP 47 tag
// (one set through the API is named the same way).
export const EVENT_LANGUAGES = [
  'ar', 'bn', 'ca', 'cs', 'da', 'de', 'el', 'en', 'es', 'eu', 'fa', 'fi', 'fr', 'ga', 'gl', 'he', 'hi', 'hr', 'hu',
  'id', 'it', 'ja', 'ko', 'ms', 'nl', 'no', 'pl', 'pt', 'pt-BR', 'ro', 'ru', 'sk', 'sr', 'sv', 'sw', 'th', 'tl',
  'tr', 'uk', 'ur', 'vi', 'zh-Hans', 'zh-Hant',
] as const;

const namers = new Map<string, Intl.DisplayNames>();

// The name of the language tag in locale ("de-CH" in English: "Swiss
// High German"), the tag itself when Intl does not know it.
export function languageName(tag: string, locale: string): string {
  let namer = namers.get(locale);
  if (!namer) {
    namer = new Intl.DisplayNames([locale], { type: 'language' });
    namers.set(locale, namer);
  }
  try {
    return namer.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

// The languages to choose from, by name in locale; extra (an event's own
// tag, not among them) is offered too.
export function languageChoices(locale: string, extra = ''): { tag: string; name: string }[] {
  const tags: string[] = [...EVENT_LANGUAGES];
  if (extra && !tags.includes(extra)) tags.push(extra);
  return tags.map((tag) => ({ tag, name: languageName(tag, locale) })).sort((a, b) => a.name.localeCompare(b.name, locale));
}
