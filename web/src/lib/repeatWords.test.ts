import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, t } from '@/i18n/i18n';
import { describeRepeat, type RepeatPattern } from './repeatWords';

const words = (p: RepeatPattern) => describeRepeat(p, t, i18n.locale);

describe('a series in words', () => {
  it('says how it repeats in English as the server does', () => {
    expect(words({ unit: 'week', every: 1, weekdays: [2], time: '19:00', zone: 'CET' })).toBe('Every Wednesday, 19:00 CET');
    expect(words({ unit: 'week', every: 2, weekdays: [0, 3], time: '18:30', zone: 'EST' })).toBe('Every 2 weeks on Monday and Thursday, 18:30 EST');
    expect(words({ unit: 'month', every: 1, nth: -1, weekday: 4, time: '20:00', zone: 'EST' })).toBe('Monthly on the last Friday, 20:00 EST');
    expect(words({ unit: 'month', every: 2, month_day: 15, time: '12:00', zone: 'EST' })).toBe('Every 2 months on day 15, 12:00 EST');
    expect(words({ unit: 'month', every: 1, month_day: -1, time: '09:00', zone: 'UTC' })).toBe('Monthly on the last day, 09:00 UTC');
  });

  it('in the reader’s language, days named by Intl', async () => {
    await changeLanguage('de');
    expect(words({ unit: 'month', every: 1, nth: 1, weekday: 2, time: '19:00', zone: 'CET' })).toBe('Monatlich am ersten Mittwoch, 19:00 Uhr CET');
    expect(words({ unit: 'week', every: 1, weekdays: [0, 3], time: '19:00', zone: 'CET' })).toBe('Jeden Montag und Donnerstag, 19:00 Uhr CET');
    await changeLanguage('ja');
    expect(words({ unit: 'week', every: 1, weekdays: [2], time: '19:00', zone: 'JST' })).toBe('毎週水曜日 19:00 JST');
    await changeLanguage('ar');
    expect(words({ unit: 'week', every: 2, weekdays: [4], time: '19:00', zone: 'EET' })).toContain('كل أسبوعين');
  });
});
