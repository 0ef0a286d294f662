// The public reads about events: the list (or a search), one event, the
// categories and the cities. Through publicGet, so the first pages load no
// HTTP library.
import { publicGet } from '@/lib/publicGet';
import type { Schemas, TurnoutEvent } from '@/types/api';
import { apiSearchParams, type Search } from '@/lib/eventSearch';

export interface EventPage {
  events: TurnoutEvent[];
  // Cursor of the next page, when there is one (header X-Next-Page).
  next: string | null;
}

// The upcoming events, or with a search (lib/eventSearch.ts) the events it finds.
export async function listPublicEvents(after?: string, search: Search = {}): Promise<EventPage> {
  const params = apiSearchParams(search);
  if (after) params.after = after;
  const { data, headers } = await publicGet<TurnoutEvent[]>('/event/public/', params);
  return { events: data, next: headers.get('X-Next-Page') || null };
}

export async function getEvent(id: string): Promise<TurnoutEvent> {
  return (await publicGet<TurnoutEvent>(`/event/detail/${encodeURIComponent(id)}/`)).data;
}

export type Category = Schemas['Category'];

// The kinds of event the API knows, in the order it offers them.
export async function listCategories(): Promise<Category[]> {
  return (await publicGet<Category[]>('/event/public/categories/')).data;
}

// Cities of events that begin with prefix, for suggestions.
export async function suggestCities(prefix: string): Promise<string[]> {
  return (await publicGet<string[]>('/event/public/cities/', { q: prefix })).data;
}
