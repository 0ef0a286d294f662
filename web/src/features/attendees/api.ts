// Calls of the organizer's attendee tools: the list, its export and
// check-in at the door.
import { nextPage, saveDownload } from '@/lib/download';
import { api } from '@/lib/http';
import type { JSONBody, Schemas } from '@/types/api';
import { said } from '@/lib/errors';

export type Attendee = Schemas['Attendee'];
// An attendee's own fields, as a check-in answers them (without answers).
export type AttendeeFields = Schemas['AttendeeFields'];

export type AttendeesPage = Schemas['AttendeesPage'] & {
  // Cursor of the next page, when there is one (header X-Next-Page).
  next: string | null;
};

// A search of the attendees reads a part of the list per page, so a page
// may end short, even empty, with more to come (docs/api.md); an empty
// one is followed at once, up to this many times.
const EMPTY_PAGES_FOLLOWED = 3;

export async function listAttendees(eventId: string, query: string, after?: string): Promise<AttendeesPage> {
  let page = await attendeesPage(eventId, query, after);
  for (let followed = 0; page.attendees.length === 0 && page.next && followed < EMPTY_PAGES_FOLLOWED; followed++) {
    page = await attendeesPage(eventId, query, page.next);
  }
  return page;
}

async function attendeesPage(eventId: string, query: string, after?: string): Promise<AttendeesPage> {
  const params: Record<string, string> = {};
  if (query) params.q = query;
  if (after) params.after = after;
  const response = await api.get<Omit<AttendeesPage, 'next'>>(`/event/detail/${encodeURIComponent(eventId)}/attendees/`, { params });
  return { ...response.data, next: nextPage(response.headers['x-next-page']) };
}

// Downloads the attendee list as the CSV file the API names: the call
// needs the bearer token, so it is fetched and handed to the browser. The
// API answers a long list in pages, which join into the file; the last
// names it (the others are called incomplete).
export async function downloadAttendeesCSV(eventId: string): Promise<void> {
  const parts: Blob[] = [];
  let after: string | null = null;
  let last;
  do {
    last = await api.get<Blob>(`/event/detail/${encodeURIComponent(eventId)}/attendees.csv`, {
      responseType: 'blob',
      params: after ? { after } : undefined,
    });
    parts.push(last.data);
    after = nextPage(last.headers['x-next-page']);
  } while (after);
  saveDownload({ ...last, data: new Blob(parts, { type: 'text/csv;charset=utf-8' }) }, 'attendees.csv');
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

// Approves or declines a pending registration: approved, it holds a seat
// (or a place on a full event's waitlist); declined, it is gone. Its
// person is mailed either way.
export type Decision = Schemas['AttendeeFields'] & { detail: string };

export async function decide(eventId: string, registrationId: string, verb: 'approve' | 'decline'): Promise<Decision> {
  const path = `/event/detail/${encodeURIComponent(eventId)}/attendees/${encodeURIComponent(registrationId)}/${verb}/`;
  return (await api.post<Decision>(path)).data;
}

export function fullName(a: Pick<Attendee, 'first_name' | 'last_name' | 'username'>): string {
  return `${a.first_name} ${a.last_name}`.trim() || a.username;
}

// Sends an organizer's message to everyone registered; the mail leaves
// after the answer. A fourth message in a day is refused (429).
export async function messageAttendees(eventId: string, message: JSONBody<'messageAttendees'>): Promise<string> {
  return said((await api.post<Schemas['Detail']>(`/event/detail/${encodeURIComponent(eventId)}/message/`, message)).data);
}

// Calls the event off; everyone registered or waiting is mailed message.
export async function cancelEvent(eventId: string, message: string): Promise<string> {
  return said((await api.post<Schemas['Detail']>(`/event/detail/${encodeURIComponent(eventId)}/cancel/`, { message })).data);
}
