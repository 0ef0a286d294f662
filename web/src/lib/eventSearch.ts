// A search of the public list, kept in the URL (/events?q=…&from=…) so it
// can be shared and reloaded; the API takes the same parameters.
import { activeLocale, t } from '@/i18n/i18n';

export const SEARCH_PARAMS = ['q', 'from', 'to', 'category', 'city', 'near', 'radius_km', 'lang'] as const;
export type SearchParam = (typeof SEARCH_PARAMS)[number];
export type Search = Partial<Record<SearchParam, string>>;

export function searchOf(params: URLSearchParams): Search {
  const search: Search = {};
  for (const name of SEARCH_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) search[name] = value;
  }
  return search;
}

export function isSearching(search: Search): boolean {
  return Object.keys(search).length > 0;
}

// The query string of a search, in a stable order (its cache key too).
export function searchQuery(search: Search): string {
  const params = new URLSearchParams();
  for (const name of SEARCH_PARAMS) if (search[name]) params.set(name, search[name]);
  return params.toString();
}

const pad = (n: number) => String(n).padStart(2, '0');

// A date as the address holds it (YYYY-MM-DD), in the viewer's calendar.
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// The parameters the API gets for a search: its dates become the instants
// the visitor's days begin and end, with their offset
// (from=2026-11-25T00:00:00-08:00&to=2026-11-26T00:00:00-08:00), since
// the API cannot know the visitor's zone and reads a bare date as a UTC
// day. The address keeps the plain dates.
export function apiSearchParams(search: Search): Record<string, string> {
  const params: Record<string, string> = { ...search };
  if (search.from) params.from = dayStart(search.from, 0);
  if (search.to) params.to = dayStart(search.to, 1);
  return params;
}

// The instant the visitor's day (YYYY-MM-DD) plus days begins, with its
// offset; anything else is left for the API to name.
function dayStart(day: string, plusDays: number): string {
  const m = /^(\d{4})-(\d\d)-(\d\d)$/.exec(day);
  if (!m) return day;
  const start = new Date(2000, 0, 1);
  start.setFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays);
  // A day that begins with a daylight-saving change begins at 01:00.
  const offset = -start.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${isoDay(start)}T${pad(start.getHours())}:${pad(start.getMinutes())}:00${zone}`;
}

export type DateChoice = 'today' | 'weekend' | 'week';

// The from and to of a date chip, from today.
export function dateRange(choice: DateChoice, today: Date = new Date()): { from: string; to: string } {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const plus = (n: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + n);
  switch (choice) {
    case 'today':
      return { from: isoDay(day), to: isoDay(day) };
    case 'week':
      return { from: isoDay(day), to: isoDay(plus(6)) };
    case 'weekend': {
      // Saturday and Sunday; on a Sunday, just today.
      const dow = day.getDay();
      if (dow === 0) return { from: isoDay(day), to: isoDay(day) };
      return { from: isoDay(plus(6 - dow)), to: isoDay(plus(7 - dow)) };
    }
  }
}

// Which chip a from/to pair is, if any.
export function dateChoiceOf(search: Search, today: Date = new Date()): DateChoice | 'custom' | null {
  if (!search.from && !search.to) return null;
  for (const choice of ['today', 'weekend', 'week'] as const) {
    const range = dateRange(choice, today);
    if (range.from === search.from && range.to === search.to) return choice;
  }
  return 'custom';
}

// The distances "Near me" offers, in kilometres; 25 unless chosen.
export const NEAR_DISTANCES_KM = ['5', '10', '25', '50', '100'] as const;
export const DEFAULT_NEAR_KM = '25';

// How far an event at (latitude, longitude) is from a search's near
// ("lat,lng"), in kilometres, by the API's own approximation (equirectangular,
// within a fraction of a percent at these distances); null when either
// point is missing.
export function distanceKm(near: string | undefined, latitude?: number | null, longitude?: number | null): number | null {
  const [lat, lng] = (near ?? '').split(',').map(Number);
  if (near === undefined || latitude == null || longitude == null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const rad = Math.PI / 180;
  const x = (longitude - lng!) * rad * Math.cos(((latitude + lat!) / 2) * rad);
  const y = (latitude - lat!) * rad;
  return 6371 * Math.sqrt(x * x + y * y);
}

// A distance as a card tells it, in the language shown: "800 m away",
// "3.2 km away", "42 km away".
export function distanceText(km: number): string {
  const number = (n: number, digits: number) =>
    new Intl.NumberFormat(activeLocale(), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(n);
  if (km < 1) return t('shared.distance.meters', { distance: number(Math.max(100, Math.round(km * 10) * 100), 0) });
  return t('shared.distance.kilometres', { distance: km < 10 ? number(km, 1) : number(Math.round(km), 0) });
}
