// Calls of the dashboard: an organization's events and their management.
import { api, publicApi } from '@/lib/http';
import { session } from '@/lib/storage';
import { pageOf, type ListPage } from '@/lib/useRemoteList';
import type { Schemas, TurnoutEvent } from '@/types/api';
import { questionsJSON, type EventFormValues } from './eventFormValues';
import { toApiTime } from './eventTimes';
import type { RepeatPattern } from '@/lib/repeatWords';

export async function listOrganizationEvents(organizationId: string, after?: string): Promise<ListPage<TurnoutEvent>> {
  const path = `/event/organization/${encodeURIComponent(organizationId)}/events/`;
  return pageOf(await api.get<TurnoutEvent[]>(path, after ? { params: { after } } : undefined));
}

// A city events are in, with the point of the latest one there that had one.
export type Place = Schemas['Place'];

// Cities of events that begin with prefix, for the event form's place picker.
export async function suggestPlaces(prefix: string): Promise<Place[]> {
  return (await publicApi.get<Place[]>('/event/public/places/', { params: { q: prefix } })).data;
}

// An event to edit, when the page was opened by its URL (the public detail,
// asked with the organizer's token: the edit itself checks ownership).
export async function getEvent(id: string): Promise<TurnoutEvent> {
  return (await api.get<TurnoutEvent>(`/event/detail/${encodeURIComponent(id)}/`)).data;
}

// A new event of the organization the dashboard shows.
export async function createEvent(form: FormData): Promise<TurnoutEvent> {
  const organization = session.organizationId();
  return (await api.post<TurnoutEvent>('/event/create/', form, organization ? { params: { organization } } : undefined)).data;
}

export async function updateEvent(id: string, form: FormData): Promise<TurnoutEvent> {
  return (await api.patch<TurnoutEvent>(`/event/detail/${encodeURIComponent(id)}/`, form)).data;
}

// A new invite link for private event id: the old one stops opening it.
export async function resetInvite(id: string): Promise<string> {
  return (await api.post<{ invite_url: string }>(`/event/detail/${encodeURIComponent(id)}/invite/reset/`)).data.invite_url;
}

// A copy of event id (its fields, banner, questions and settings, no
// registrations), a week later at the same time in its zone.
export async function duplicateEvent(id: string): Promise<TurnoutEvent> {
  return (await api.post<TurnoutEvent>(`/event/detail/${encodeURIComponent(id)}/duplicate/`)).data;
}

export async function deleteEvent(id: string): Promise<void> {
  await api.delete(`/event/detail/${encodeURIComponent(id)}/`);
}

// The fields of an event beyond the six every create and update sends.
const EXTRA_FIELDS = ['waitlist', 'approval', 'category', 'city', 'latitude', 'longitude', 'time_zone', 'language', 'visibility', 'online_url', 'questions', 'repeat'] as const;

function extraValue(values: EventFormValues, field: (typeof EXTRA_FIELDS)[number]): string {
  if (field === 'waitlist' || field === 'approval') return String(values[field]);
  if (field === 'questions') return questionsJSON(values.questions);
  return values[field].trim();
}

// The multipart body of a create or update: the form's fields with times
// in UTC, and the key of a banner already uploaded to S3. An update
// (initial: the values the form was filled with) sends the extra fields
// only when they changed, so the event keeps whatever the form was not
// given or the person did not touch (an update leaves out what it does
// not send).
export function eventFormData(values: EventFormValues, bannerKey: string | null, initial?: EventFormValues): FormData {
  const form = new FormData();
  form.append('title', values.title);
  form.append('location', values.location);
  form.append('description', values.description);
  form.append('start_time', toApiTime(values.start_time, values.time_zone));
  form.append('end_time', toApiTime(values.end_time, values.time_zone));
  form.append('capacity', values.capacity);
  for (const field of EXTRA_FIELDS) {
    const value = extraValue(values, field);
    // A repeat is sent only when there is one (an update sends none).
    if (field === 'repeat' && (initial || !value)) continue;
    if (!initial || value !== extraValue(initial, field)) form.append(field, value);
  }
  if (bannerKey) form.append('banner_key', bannerKey);
  return form;
}

// What a repeat rule gives for a start in a zone: its words, how many
// dates and the first ten (nothing is kept).
export interface SeriesPreview {
  repeat_text: string;
  repeat_pattern: RepeatPattern;
  count: number;
  dates: string[];
}

export async function previewSeries(repeat: string, startTime: string, timeZone: string): Promise<SeriesPreview> {
  const body = { repeat, start_time: toApiTime(startTime, timeZone), time_zone: timeZone };
  return (await api.post<SeriesPreview>('/event/series/preview/', body)).data;
}
