// Registering without an account (as a guest): the registration, its
// confirmation from the link mailed to the guest, and the private page its
// manage link opens. Every call goes through the plain client, without the
// session's token: a guest has none, and a signed-in visitor's token would
// make the call theirs instead.
import { API_BASE_URL } from '@/config/env';
import { publicApi } from '@/lib/http';
import type { Detail, JSONBody, Schemas } from '@/types/api';
import { said } from '@/lib/errors';

export type GuestRegistration = Schemas['GuestRegistration'];
export type ManagedRegistration = Schemas['ManagedRegistration'];

type Answers = NonNullable<JSONBody<'registerForEvent'>['answers']>;

// Asks for a registration in the guest's name; invite is a private event's
// invite code ('' for none), answers their answers to its questions (sent
// as a signed-in registration sends them: only when there are some).
// Nothing is held yet: the answer's detail tells them to open the link
// mailed to email.
export async function registerAsGuest(eventId: string, invite: string, guest: { name: string; email: string }, answers?: Answers): Promise<string> {
  const body: JSONBody<'registerForEvent'> = { ...guest, ...(answers && Object.keys(answers).length > 0 ? { answers } : {}) };
  const path = `/event/register/${encodeURIComponent(eventId)}/`;
  return said((await publicApi.post<Detail>(path, body, invite ? { params: { invite } } : undefined)).data);
}

// Confirms a guest's registration with the token of the mailed link (once):
// it takes the seat, the waitlist place or the request.
export async function confirmGuestRegistration(token: string): Promise<GuestRegistration> {
  const body: JSONBody<'confirmGuestRegistration'> = { token };
  return (await publicApi.post<GuestRegistration>('/event/rsvp/confirm/', body)).data;
}

// The registration a manage link's secret opens, with its event.
export async function openManagedRegistration(secret: string): Promise<ManagedRegistration> {
  return (await publicApi.get<ManagedRegistration>(`/event/rsvp/${encodeURIComponent(secret)}/`)).data;
}

// Gives up the registration a manage link opens; the link stops working.
export async function cancelManagedRegistration(secret: string): Promise<void> {
  await publicApi.post(`/event/rsvp/${encodeURIComponent(secret)}/cancel/`);
}

// The event's calendar file for the person the manage link names.
export function managedCalendarLink(secret: string): string {
  return `${API_BASE_URL}/event/rsvp/${encodeURIComponent(secret)}/calendar.ics`;
}
