// Calls of the dashboard: an organization's events and their management.
import { api } from '@/lib/http';
import { pageOf, type ListPage } from '@/lib/useRemoteList';
import type { TurnoutEvent } from '@/types/api';
import type { EventFormValues } from './components/EventForm';
import { toApiTime } from './eventTimes';

export async function listOrganizationEvents(organizationId: string, after?: string): Promise<ListPage<TurnoutEvent>> {
  const path = `/event/organization/${encodeURIComponent(organizationId)}/events/`;
  return pageOf(await api.get<TurnoutEvent[]>(path, after ? { params: { after } } : undefined));
}

// An event to edit, when the page was opened by its URL (the public detail,
// asked with the organizer's token: the edit itself checks ownership).
export async function getEvent(id: string): Promise<TurnoutEvent> {
  return (await api.get<TurnoutEvent>(`/event/detail/${encodeURIComponent(id)}/`)).data;
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
// in UTC, and the key of a banner already uploaded to S3.
export function eventFormData(values: EventFormValues, bannerKey: string | null): FormData {
  const form = new FormData();
  form.append('title', values.title);
  form.append('location', values.location);
  form.append('description', values.description);
  form.append('start_time', toApiTime(values.start_time, values.time_zone));
  form.append('end_time', toApiTime(values.end_time, values.time_zone));
  form.append('capacity', values.capacity);
  form.append('waitlist', String(values.waitlist));
  for (const field of ['category', 'city', 'latitude', 'longitude', 'time_zone'] as const) form.append(field, values[field].trim());
  if (bannerKey) form.append('banner_key', bannerKey);
  return form;
}
