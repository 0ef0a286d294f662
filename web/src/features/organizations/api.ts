// Calls of an organization's public page.
import { publicApi } from '@/lib/http';
import type { TurnoutEvent } from '@/types/api';

export interface OrganizationPageData {
  id: string;
  name: string;
  description: string;
  link: string;
  logo_url: string | null;
  // Events that have not started, soonest first.
  upcoming_events: TurnoutEvent[];
  past_events: number;
  // Its public calendar feed, and the same for calendar apps.
  calendar_url: string;
  webcal: string;
}

export async function getOrganizationPage(id: string): Promise<OrganizationPageData> {
  return (await publicApi.get<OrganizationPageData>(`/organization/public/${encodeURIComponent(id)}/`)).data;
}
