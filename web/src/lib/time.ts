// API times (RFC 3339) shown in the visitor's own locale and time zone;
// anything unparseable is shown as sent.

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Read at a glance: weekday, date and time to the minute, the zone named.
const moment: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

// One moment, e.g. "Thu, Nov 26, 9:00 AM GMT+1".
export function localTime(iso: string, locale?: string, timeZone?: string): string {
  const date = parsed(iso);
  return date ? new Intl.DateTimeFormat(locale, { ...moment, timeZone }).format(date) : iso;
}

// An event's span, the date written once when both ends share a day:
// "Thu, Nov 26, 9:00 – 11:00 AM GMT+1".
export function localTimeRange(startIso: string, endIso: string, locale?: string, timeZone?: string): string {
  const start = parsed(startIso);
  const end = parsed(endIso);
  if (!start || !end || end < start) return `${localTime(startIso, locale, timeZone)} to ${localTime(endIso, locale, timeZone)}`;
  return new Intl.DateTimeFormat(locale, { ...moment, timeZone }).formatRange(start, end);
}

// The month and day of a card's date block ("Nov", "26").
export function dateBlock(iso: string, locale?: string, timeZone?: string): { month: string; day: string } | null {
  const date = parsed(iso);
  if (!date) return null;
  return {
    month: new Intl.DateTimeFormat(locale, { month: 'short', timeZone }).format(date),
    day: new Intl.DateTimeFormat(locale, { day: 'numeric', timeZone }).format(date),
  };
}

export function localDate(iso: string): string {
  const date = parsed(iso);
  return date ? date.toLocaleDateString() : iso;
}
