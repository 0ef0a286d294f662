// The language the widget speaks: the one its host page says it is written
// in, else the first of the visitor's browser's that Turnout speaks, else
// English (the app's own choice, src/i18n/languages.ts).
import { bestLanguage } from '@/i18n/languages';

export function widgetLanguage(stated: string | null | undefined, browserLanguages: readonly string[]): string {
  const wanted = stated?.trim();
  return bestLanguage(wanted ? [wanted, ...browserLanguages] : browserLanguages);
}

// The language the host page states for element: its own lang or its
// nearest ancestor's, <html lang> at the latest; undefined when none does.
export function statedLanguage(element: Element): string | undefined {
  return element.closest('[lang]')?.getAttribute('lang') ?? undefined;
}
