// Calls about events that several features make: the public list and
// detail, signing up and cancelling, categories and cities.
import { statusOf } from '@/lib/errors';
import { api, publicApi } from '@/lib/http';
import type { RegistrationStatus, Schemas, TurnoutEvent } from '@/types/api';
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
  const response = await publicApi.get<TurnoutEvent[]>('/event/public/', Object.keys(params).length > 0 ? { params } : undefined);
  const next: unknown = response.headers['x-next-page'];
  return { events: response.data, next: typeof next === 'string' && next !== '' ? next : null };
}

export async function getEvent(id: string): Promise<TurnoutEvent> {
  return (await publicApi.get<TurnoutEvent>(`/event/detail/${encodeURIComponent(id)}/`)).data;
}

export type Registration = Schemas['Registration'];

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
  // The ticket's own page, which opens without a login (registered only).
  ticketLink?: string;
}

// The signed-in person's registration for eventId, or null when they have
// none (the public detail cannot say: it is the same for everyone). The API
// answers none with nulls, not an error; a malformed id is a 404.
export async function myRegistration(eventId: string): Promise<MyRegistration | null> {
  try {
    const { data } = await api.get<Schemas['MyRegistration'] | Schemas['NoRegistration']>(`/event/register/${encodeURIComponent(eventId)}/`);
    if (!data.registration_id) return null;
    return { id: data.registration_id, status: data.status ?? 'registered', position: data.position, ticket: data.ticket, ticketLink: data.ticket_link };
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

// The path is spelled this way by the API.
export async function cancelRegistration(registrationId: string): Promise<void> {
  await api.delete(`/event/cancle/register/${encodeURIComponent(registrationId)}/`);
}

export type Category = Schemas['Category'];

// The kinds of event the API knows, in the order it offers them.
export async function listCategories(): Promise<Category[]> {
  return (await publicApi.get<Category[]>('/event/public/categories/')).data;
}

// Cities of events that begin with prefix, for suggestions.
export async function suggestCities(prefix: string): Promise<string[]> {
  return (await publicApi.get<string[]>('/event/public/cities/', { params: { q: prefix } })).data;
}
