// Calls of the events feature: the public list and detail, and signing up.
import { api, publicApi } from '@/lib/http';
import type { TurnoutEvent } from '@/types/api';

export interface EventPage {
  events: TurnoutEvent[];
  // Cursor of the next page, when there is one (header X-Next-Page).
  next: string | null;
}

export async function listPublicEvents(after?: string): Promise<EventPage> {
  const response = await publicApi.get<TurnoutEvent[]>('/event/public/', after ? { params: { after } } : undefined);
  const next: unknown = response.headers['x-next-page'];
  return { events: response.data, next: typeof next === 'string' && next !== '' ? next : null };
}

export async function getEvent(id: string): Promise<TurnoutEvent> {
  return (await publicApi.get<TurnoutEvent>(`/event/detail/${encodeURIComponent(id)}/`)).data;
}

export interface Registration {
  detail: string;
  id: string;
  event_id: string;
}

export async function registerForEvent(eventId: string): Promise<Registration> {
  return (await api.post<Registration>(`/event/register/${encodeURIComponent(eventId)}/`)).data;
}
