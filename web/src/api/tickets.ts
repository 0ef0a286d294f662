// Calls about tickets: a ticket's own page, opened by its secret link
// without a login, and the reset that ends every older link.
import { api, publicApi } from '@/lib/http';
import type { Schemas } from '@/types/api';

// The holder's name is all the page shows of them; the code is absent once the event is cancelled.
export type TicketPageData = Schemas['TicketPage'];

// The ticket a link's secret opens. It is sent without the session's
// token: the secret alone opens it, on any phone.
export async function openTicket(secret: string): Promise<TicketPageData> {
  return (await publicApi.get<TicketPageData>(`/event/ticket/${encodeURIComponent(secret)}/`)).data;
}

// Gives the signed-in person's registration a new ticket link (absolute);
// the old one stops working.
export async function resetTicketLink(registrationId: string): Promise<string> {
  return (await api.post<Schemas['TicketLink']>(`/event/ticket/reset/${encodeURIComponent(registrationId)}/`)).data.ticket_link;
}
