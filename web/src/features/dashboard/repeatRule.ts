// The repeat rule of a new series as the form builds it: an RFC 5545
// RRULE of the forms the API takes (docs/api.md, "Series"), from the
// choices a person makes, or their own words for a custom rule.

export type RepeatKind = 'none' | 'weekly' | 'monthly-weekday' | 'monthly-day' | 'custom';

export interface RepeatChoice {
  kind: RepeatKind;
  // Weekly: every 1 to 4 weeks, on these days (MO..SU).
  interval: number;
  days: string[];
  // How it ends: after count dates, or on until (YYYY-MM-DD).
  end: 'count' | 'until';
  count: number;
  until: string;
  // Dates left out, YYYY-MM-DD, one a line or comma-separated.
  skip: string;
  // A custom rule, as typed.
  custom: string;
}

// The days of the week, Monday first, by their RRULE codes.
export const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

// The days' short names in locale ("Mon", "lun.", "月"), in DAYS' order:
// from the week of Monday 1 January 2024.
export function dayNames(locale: string): { code: string; label: string }[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return DAYS.map((code, i) => ({ code, label: format.format(new Date(Date.UTC(2024, 0, 1 + i))) }));
}

// The day code of a datetime-local value (its own calendar, no zone).
export function dayOf(start: string): string | null {
  const d = new Date(`${start.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return null;
  return DAYS[(d.getUTCDay() + 6) % 7]!;
}

// The nth weekday of its month a start falls on: 1 to 4, or -1 for the
// last (a 5th is always the last).
export function nthOf(start: string): number | null {
  const d = new Date(`${start.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return null;
  const n = Math.ceil(d.getUTCDate() / 7);
  const nextWeek = new Date(d.getTime() + 7 * 86_400_000);
  return n >= 4 && nextWeek.getUTCMonth() !== d.getUTCMonth() ? -1 : n;
}

export const defaultChoice = (start: string): RepeatChoice => ({
  kind: 'none',
  interval: 1,
  days: [dayOf(start) ?? 'MO'],
  end: 'count',
  count: 10,
  until: '',
  skip: '',
  custom: '',
});

// The rule the choice says, '' for none.
export function ruleOf(choice: RepeatChoice, start: string): string {
  const ends = choice.end === 'count' ? `COUNT=${choice.count}` : `UNTIL=${choice.until.replaceAll('-', '')}T235959Z`;
  let rule = '';
  switch (choice.kind) {
    case 'none':
      return '';
    case 'custom':
      rule = choice.custom.trim();
      break;
    case 'weekly':
      rule = `FREQ=WEEKLY;INTERVAL=${choice.interval};BYDAY=${orderedDays(choice.days).join(',')};${ends}`;
      break;
    case 'monthly-weekday':
      rule = `FREQ=MONTHLY;BYDAY=${nthOf(start) ?? 1}${dayOf(start) ?? 'MO'};${ends}`;
      break;
    case 'monthly-day':
      rule = `FREQ=MONTHLY;BYMONTHDAY=${Number(start.slice(8, 10)) || 1};${ends}`;
      break;
  }
  const skip = choice.skip
    .split(/[\s,]+/)
    .map((d) => d.trim().replaceAll('-', ''))
    .filter(Boolean);
  return skip.length > 0 && choice.kind !== 'custom' ? `${rule}\nEXDATE:${skip.join(',')}` : rule;
}

function orderedDays(days: string[]): string[] {
  return DAYS.filter((code) => days.includes(code));
}
