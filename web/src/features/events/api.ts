// Calls of the events feature: the public list and detail, and signing up.
import { statusOf } from '@/lib/errors';
import { api, publicApi } from '@/lib/http';
import type { RegistrationStatus, TurnoutEvent } from '@/types/api';
import type { Search } from './search';

export interface EventPage {
  events: TurnoutEvent[];
  // Cursor of the next page, when there is one (header X-Next-Page).
  next: string | null;
}

// The upcoming events, or with a search (search.ts) the events it finds.
export async function listPublicEvents(after?: string, search: Search = {}): Promise<EventPage> {
  const params: Record<string, string> = { ...search };
  if (after) params.after = after;
  const response = await publicApi.get<TurnoutEvent[]>('/event/public/', Object.keys(params).length > 0 ? { params } : undefined);
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
  status?: RegistrationStatus;
  position?: number;
  ticket?: string;
}

export async function registerForEvent(eventId: string): Promise<Registration> {
  return (await api.post<Registration>(`/event/register/${encodeURIComponent(eventId)}/`)).data;
}

// Where the signed-in person stands for an event.
export interface MyRegistration {
  id: string;
  status: RegistrationStatus;
  position?: number;
  // The code the ticket's QR code carries (registered only).
  ticket?: string;
}

// The signed-in person's registration for eventId, or null when they have
// none (the public detail cannot say: it is the same for everyone).
export async function myRegistration(eventId: string): Promise<MyRegistration | null> {
  try {
    const { data } = await api.get<{ registration_id: string; status?: RegistrationStatus; position?: number; ticket?: string }>(
      `/event/register/${encodeURIComponent(eventId)}/`,
    );
    return { id: data.registration_id, status: data.status ?? 'registered', position: data.position, ticket: data.ticket };
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

// The path is spelled this way by the API.
export async function cancelRegistration(registrationId: string): Promise<void> {
  await api.delete(`/event/cancle/register/${encodeURIComponent(registrationId)}/`);
}

export interface Category {
  id: string;
  name: string;
}

// The kinds of event the API knows, in the order it offers them.
export async function listCategories(): Promise<Category[]> {
  return (await publicApi.get<Category[]>('/event/public/categories/')).data;
}
