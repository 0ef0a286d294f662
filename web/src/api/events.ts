// Calls about events that several features make as the signed-in person:
// registering, where they stand, cancelling (the public reads are in
// ./publicEvents.ts).
import { statusOf } from '@/lib/errors';
import { api } from '@/lib/http';
import type { RegistrationStatus, Schemas } from '@/types/api';

export type Registration = Schemas['Registration'];

// Registers the signed-in person; invite is a private event's invite code
// ('' for none), answers their answers to its questions (none: no body, as
// the product contract's call).
export async function registerForEvent(eventId: string, invite = '', answers?: Record<string, string | string[] | boolean>): Promise<Registration> {
  const body = answers && Object.keys(answers).length > 0 ? { answers } : undefined;
  return (await api.post<Registration>(`/event/register/${encodeURIComponent(eventId)}/`, body, invite ? { params: { invite } } : undefined)).data;
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
  // An online event's link (registered only).
  onlineUrl?: string;
  // Their answers to the event's questions.
  answers?: Schemas['Answers'];
}

// The signed-in person's registration for eventId, or null when they have
// none (the public detail cannot say: it is the same for everyone). The API
// answers none with nulls, not an error; a malformed id is a 404.
export async function myRegistration(eventId: string): Promise<MyRegistration | null> {
  try {
    const { data } = await api.get<Schemas['MyRegistration'] | Schemas['NoRegistration']>(`/event/register/${encodeURIComponent(eventId)}/`);
    if (!data.registration_id) return null;
    return {
      id: data.registration_id,
      status: data.status ?? 'registered',
      position: data.position,
      ticket: data.ticket,
      ticketLink: data.ticket_link,
      onlineUrl: data.online_url,
      answers: data.answers,
    };
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

// The path is spelled this way by the API.
export async function cancelRegistration(registrationId: string): Promise<void> {
  await api.delete(`/event/cancle/register/${encodeURIComponent(registrationId)}/`);
}
