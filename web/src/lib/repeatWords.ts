// How a series repeats, in the reader's language, from the parts the API
// answers (repeat_pattern): day names from Intl, lists with Intl's list
// format, the sentence from the catalogs.
import type { Translate } from '@/i18n/react';
import type { Schemas } from '@/types/api';

export type RepeatPattern = Schemas['RepeatPattern'];

// The name of a day, 0 Monday … 6 Sunday (1 January 2024 was a Monday).
function weekdayName(day: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + day)));
}

// "Every Wednesday, 19:00 CET", "Jeden Montag und Donnerstag, 19:00 Uhr CET".
export function describeRepeat(p: RepeatPattern, t: Translate, locale: string): string {
  let pattern: string;
  if (p.unit === 'week') {
    const days = new Intl.ListFormat(locale, { type: 'conjunction' }).format((p.weekdays ?? []).map((d) => weekdayName(d, locale)));
    pattern = t('shared.repeat.weekly', { every: p.every, days });
  } else if (p.weekday !== undefined) {
    const nth = t('shared.repeat.nth', { n: String(p.nth ?? -1) });
    pattern = t('shared.repeat.monthlyNth', { every: p.every, nth, weekday: weekdayName(p.weekday, locale) });
  } else if (p.month_day === -1) {
    pattern = t('shared.repeat.monthlyLast', { every: p.every });
  } else {
    pattern = t('shared.repeat.monthlyDay', { every: p.every, day: p.month_day ?? 1 });
  }
  return t('shared.repeat.at', { pattern, time: p.time, zone: p.zone });
}
