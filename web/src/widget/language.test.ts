import { describe, expect, it } from 'vitest';
import { statedLanguage, widgetLanguage } from './language';

describe("the widget's language", () => {
  it("is the host page's when Turnout speaks it, region and case aside", () => {
    expect(widgetLanguage('de', ['en-US'])).toBe('de');
    expect(widgetLanguage('de-AT', ['en-US'])).toBe('de');
    expect(widgetLanguage('PT-br', ['en-US'])).toBe('pt-BR');
    expect(widgetLanguage('pt-PT', ['en-US'])).toBe('pt-BR');
    expect(widgetLanguage(' ar ', ['en-US'])).toBe('ar');
  });

  it("is the browser's when the host page states none or one Turnout does not speak, else English", () => {
    expect(widgetLanguage(undefined, ['ja-JP', 'en'])).toBe('ja');
    expect(widgetLanguage('', ['fr-CA'])).toBe('fr');
    expect(widgetLanguage('nl', ['nl-BE', 'es-MX'])).toBe('es');
    expect(widgetLanguage('nl', ['sv'])).toBe('en');
    expect(widgetLanguage(null, [])).toBe('en');
  });

  it("is stated by the element's own lang, else its nearest ancestor's, up to <html lang>", () => {
    document.documentElement.lang = 'de';
    document.body.innerHTML = '<section lang="fr"><div id="inner"></div></section><div id="outer"></div><p id="own" lang="ja"></p>';
    try {
      expect(statedLanguage(document.getElementById('inner')!)).toBe('fr');
      expect(statedLanguage(document.getElementById('outer')!)).toBe('de');
      expect(statedLanguage(document.getElementById('own')!)).toBe('ja');
      document.documentElement.removeAttribute('lang');
      expect(statedLanguage(document.getElementById('outer')!)).toBeUndefined();
    } finally {
      document.documentElement.lang = 'en';
    }
  });
});
