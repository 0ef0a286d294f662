// Calls of the dashboard: an organization's events and their management.
import { api, publicApi } from '@/lib/http';
import { pageOf, type ListPage } from '@/lib/useRemoteList';
import type { TurnoutEvent } from '@/types/api';
import type { EventFormValues } from './eventFormValues';
import { toApiTime } from './eventTimes';

export async function listOrganizationEvents(organizationId: string, after?: string): Promise<ListPage<TurnoutEvent>> {
  const path = `/event/organization/${encodeURIComponent(organizationId)}/events/`;
  return pageOf(await api.get<TurnoutEvent[]>(path, after ? { params: { after } } : undefined));
}

// A city events are in, with the point of the latest one there that had one.
export interface Place {
  city: string;
  latitude: number | null;
  longitude: number | null;
}

// Cities of events that begin with prefix, for the event form's place picker.
export async function suggestPlaces(prefix: string): Promise<Place[]> {
  return (await publicApi.get<Place[]>('/event/public/places/', { params: { q: prefix } })).data;
}

export async function createEvent(form: FormData): Promise<TurnoutEvent> {
  return (await api.post<TurnoutEvent>('/event/create/', form)).data;
}

export async function updateEvent(id: string, form: FormData): Promise<TurnoutEvent> {
  return (await api.patch<TurnoutEvent>(`/event/detail/${encodeURIComponent(id)}/`, form)).data;
}

export async function deleteEvent(id: string): Promise<void> {
  await api.delete(`/event/detail/${encodeURIComponent(id)}/`);
}

// The multipart body of a create or update: the form's fields with times
// in UTC (the point only when the form changed it), and the key of a
// banner already uploaded to S3.
export function eventFormData(values: EventFormValues, bannerKey: string | null): FormData {
  const form = new FormData();
  form.append('title', values.title);
  form.append('location', values.location);
  form.append('description', values.description);
  form.append('start_time', toApiTime(values.start_time, values.time_zone));
  form.append('end_time', toApiTime(values.end_time, values.time_zone));
  form.append('capacity', values.capacity);
  form.append('waitlist', String(values.waitlist));
  const place = values.keepPoint ? (['category', 'city', 'time_zone'] as const) : (['category', 'city', 'latitude', 'longitude', 'time_zone'] as const);
  for (const field of place) form.append(field, values[field].trim());
  if (bannerKey) form.append('banner_key', bannerKey);
  return form;
}
