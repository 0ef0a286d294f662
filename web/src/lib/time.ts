// API times (RFC 3339). An event's times are told in the event's own zone,
// named as the mails name it ("NZDT (Pacific/Auckland)"), with the viewer's
// time beside them where it differs; anything unparseable is shown as sent.

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

import { activeLocale, t } from '@/i18n/i18n';

// Formatters are slow to make (a list of 100 cards asks for over a
// thousand), so each is made once.
const formatters = new Map<string, Intl.DateTimeFormat>();

// Written in locale, else in the language shown.
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale ?? activeLocale(), options]);
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale ?? activeLocale(), options);
    formatters.set(key, made);
  }
  return made;
}

// The browser's own zone.
function viewerZone(): string {
  return formatter(undefined, {}).resolvedOptions().timeZone;
}

// zone when the browser knows it, else undefined.
export function knownZone(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    formatter(undefined, { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

// ICU knows a zone's abbreviation ("NZDT", "WET", "IST") only in the
// English of the region that uses it; elsewhere it writes an offset.
const abbreviationLocales = ['en-US', 'en-GB', 'en-AU', 'en-IN', 'en-ZA'];

function shortZoneName(zone: string, at: Date, locale: string): string {
  const parts = formatter(locale, { timeZone: zone, timeZoneName: 'short' }).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

// A zone as the mails name it at a moment: its abbreviation (else its
// offset, "GMT+9") and its IANA name, "WET (Europe/Lisbon)"; "UTC" alone.
export function zoneName(zone: string, at: Date): string {
  const names = abbreviationLocales.map((locale) => shortZoneName(zone, at, locale));
  const short = names.find((name) => !/^GMT[+-]/.test(name)) ?? names[0] ?? zone;
  return short === zone || zone === 'UTC' ? short : `${short} (${zone})`;
}

// Read at a glance: weekday, date and time to the minute.
const moment: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

// start to end in zone, the date written once when both ends share a day
// ("Sat, Dec 5, 6:00 – 9:00 PM"), without the zone's name.
function span(start: Date, end: Date, zone: string, locale?: string): string {
  const format = formatter(locale, { ...moment, timeZone: zone });
  return end < start ? t('common.time.range', { start: format.format(start), end: format.format(end) }) : format.formatRange(start, end);
}

// One moment in zone (the viewer's when unknown), named:
// "Sat, Dec 5, 6:00 PM NZDT (Pacific/Auckland)".
export function timeIn(iso: string, zone?: string, locale?: string): string {
  const date = parsed(iso);
  if (!date) return iso;
  const shown = knownZone(zone) ?? viewerZone();
  return `${formatter(locale, { ...moment, timeZone: shown }).format(date)} ${zoneName(shown, date)}`;
}

// An event's span in its zone (the viewer's when unknown), named after the
// start: "Sat, Dec 5, 6:00 – 9:00 PM NZDT (Pacific/Auckland)".
export function eventTimeRange(startIso: string, endIso: string, zone?: string, locale?: string): string {
  const start = parsed(startIso);
  const end = parsed(endIso);
  if (!start || !end) return t('common.time.range', { start: startIso, end: endIso });
  const shown = knownZone(zone) ?? viewerZone();
  return `${span(start, end, shown, locale)} ${zoneName(shown, start)}`;
}

// The same span on the viewer's clock, named, or null when it reads the
// same there (or the event's zone is unknown, so it is told in the
// viewer's already).
export function viewerTimeRange(startIso: string, endIso: string, zone?: string, locale?: string, viewer = viewerZone()): string | null {
  const start = parsed(startIso);
  const end = parsed(endIso);
  const own = knownZone(zone);
  if (!start || !end || !own || knownZone(viewer) === undefined) return null;
  const there = span(start, end, own, locale);
  const here = span(start, end, viewer, locale);
  return there === here ? null : `${here} ${zoneName(viewer, start)}`;
}

// The month and day of a card's date block ("Nov", "26"), in zone (the
// viewer's when unknown).
export function dateBlock(iso: string, zone?: string, locale?: string): { month: string; day: string } | null {
  const date = parsed(iso);
  if (!date) return null;
  const timeZone = knownZone(zone);
  return {
    month: formatter(locale, { month: 'short', timeZone }).format(date),
    day: formatter(locale, { day: 'numeric', timeZone }).format(date),
  };
}

// A moment of the viewer's own (when they registered, checked in), on
// their clock: "Thu, Nov 26, 9:00 AM PST".
export function localTime(iso: string, locale?: string): string {
  const date = parsed(iso);
  return date ? formatter(locale, { ...moment, timeZoneName: 'short' }).format(date) : iso;
}

export function localDate(iso: string, locale?: string): string {
  const date = parsed(iso);
  return date ? date.toLocaleDateString(locale ?? activeLocale()) : iso;
}
