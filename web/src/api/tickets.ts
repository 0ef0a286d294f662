// Calls about tickets: a ticket's own page, opened by its secret link
// without a login, and the reset that ends every older link.
import { api, publicApi } from '@/lib/http';

export interface TicketPageData {
  event: { id: string; title: string; start_time: string; end_time: string; location: string; time_zone: string; cancelled: boolean };
  // The holder's name: all the page shows of them.
  name: string;
  // The code the QR code carries; absent once the event is cancelled.
  ticket?: string;
  checked_in_at: string | null;
}

// The ticket a link's secret opens. It is sent without the session's
// token: the secret alone opens it, on any phone.
export async function openTicket(secret: string): Promise<TicketPageData> {
  return (await publicApi.get<TicketPageData>(`/event/ticket/${encodeURIComponent(secret)}/`)).data;
}

// Gives the signed-in person's registration a new ticket link (absolute);
// the old one stops working.
export async function resetTicketLink(registrationId: string): Promise<string> {
  return (await api.post<{ ticket_link: string }>(`/event/ticket/reset/${encodeURIComponent(registrationId)}/`)).data.ticket_link;
}
