// Calls of the organizer's attendee tools: the list, its export and
// check-in at the door.
import { saveDownload } from '@/lib/download';
import { api } from '@/lib/http';
import type { JSONBody, Schemas } from '@/types/api';

export type Attendee = Schemas['Attendee'];

export type AttendeesPage = Schemas['AttendeesPage'] & {
  // Cursor of the next page, when there is one (header X-Next-Page).
  next: string | null;
};

export async function listAttendees(eventId: string, query: string, after?: string): Promise<AttendeesPage> {
  const params: Record<string, string> = {};
  if (query) params.q = query;
  if (after) params.after = after;
  const response = await api.get<Omit<AttendeesPage, 'next'>>(`/event/detail/${encodeURIComponent(eventId)}/attendees/`, { params });
  const next: unknown = response.headers['x-next-page'];
  return { ...response.data, next: typeof next === 'string' && next !== '' ? next : null };
}

// Downloads the attendee list as the CSV file the API names: the call
// needs the bearer token, so it is fetched and handed to the browser.
export async function downloadAttendeesCSV(eventId: string): Promise<void> {
  saveDownload(await api.get<Blob>(`/event/detail/${encodeURIComponent(eventId)}/attendees.csv`, { responseType: 'blob' }), 'attendees.csv');
}

export type CheckInResult = Schemas['CheckInResult'];

// Checks in the holder of a ticket code (the QR payload) or a registration.
export async function checkIn(eventId: string, by: { code: string } | { registration_id: string }): Promise<CheckInResult> {
  return (await api.post<CheckInResult>(`/event/detail/${encodeURIComponent(eventId)}/check-in/`, by)).data;
}

// Takes back the check-in of a registration; detail says "Check-in
// undone." or "Not checked in." when it was not.
export type UndoCheckInResult = Schemas['UndoCheckInResult'];

export async function undoCheckIn(eventId: string, registrationId: string): Promise<UndoCheckInResult> {
  return (await api.delete<UndoCheckInResult>(`/event/detail/${encodeURIComponent(eventId)}/check-in/${encodeURIComponent(registrationId)}/`)).data;
}

export function fullName(a: Pick<Attendee, 'first_name' | 'last_name' | 'username'>): string {
  return `${a.first_name} ${a.last_name}`.trim() || a.username;
}

// Sends an organizer's message to everyone registered; the mail leaves
// after the answer. A fourth message in a day is refused (429).
export async function messageAttendees(eventId: string, message: JSONBody<'messageAttendees'>): Promise<string> {
  return (await api.post<Schemas['Detail']>(`/event/detail/${encodeURIComponent(eventId)}/message/`, message)).data.detail;
}

// Calls the event off; everyone registered or waiting is mailed message.
export async function cancelEvent(eventId: string, message: string): Promise<string> {
  return (await api.post<Schemas['Detail']>(`/event/detail/${encodeURIComponent(eventId)}/cancel/`, { message })).data.detail;
}
