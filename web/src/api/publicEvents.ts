// The public reads about events: the list (or a search), one event, the
// categories and the cities. Through publicGet, so the first pages load no
// HTTP library.
import { publicGet } from '@/lib/publicGet';
import { statusOf } from '@/lib/errors';
import { session } from '@/lib/storage';
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

// One event, with invite the code of a private event's invite link ('' for
// none). A private event is not found without it, except by its organizer
// and the people registered: a signed-in visitor's 404 is asked again with
// their token (the signed-in client loads only then).
export async function getEvent(id: string, invite = ''): Promise<TurnoutEvent> {
  const path = `/event/detail/${encodeURIComponent(id)}/`;
  try {
    return (await publicGet<TurnoutEvent>(path, invite ? { invite } : {})).data;
  } catch (error) {
    if (statusOf(error) !== 404 || !session.isLoggedIn()) throw error;
    const { api } = await import('@/lib/http');
    return (await api.get<TurnoutEvent>(path)).data;
  }
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
