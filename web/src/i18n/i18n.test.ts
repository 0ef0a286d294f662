import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, startingLanguage, t } from './i18n';

describe('the language shown', () => {
  it('isolates the texts put into a right-to-left message, and only there', async () => {
    await changeLanguage('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(t('common.event.by', { name: 'Lens Club' })).toContain('\u2068Lens Club\u2069');
    await changeLanguage('de');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(t('common.event.by', { name: 'Lens Club' })).toBe('Von Lens Club');
  });

  it('starts in the saved choice, else the browser’s first language it speaks, else English', () => {
    const preferred = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    preferred(['nl-NL', 'pt-PT', 'en']);
    expect(startingLanguage()).toBe('pt-BR');
    preferred(['nl', 'sv']);
    expect(startingLanguage()).toBe('en');
    localStorage.setItem('language', 'ja');
    expect(startingLanguage()).toBe('ja');
    localStorage.setItem('language', 'tlh');
    preferred(['es-MX']);
    expect(startingLanguage()).toBe('es');
  });
});
