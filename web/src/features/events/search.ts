// A search of the public list, kept in the URL (/events?q=…&from=…) so it
// can be shared and reloaded; the API takes the same parameters.
export const SEARCH_PARAMS = ['q', 'from', 'to', 'category', 'city', 'near', 'radius_km'] as const;
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

// A date as the API reads it (YYYY-MM-DD), in the viewer's calendar.
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
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
