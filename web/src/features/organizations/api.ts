// Calls of an organization's public page.
import { publicApi } from '@/lib/http';
import type { Schemas } from '@/types/api';

// Its events that have not started, soonest first, and its public calendar feed.
export type OrganizationPageData = Schemas['OrganizationPage'];

export async function getOrganizationPage(id: string): Promise<OrganizationPageData> {
  return (await publicApi.get<OrganizationPageData>(`/organization/public/${encodeURIComponent(id)}/`)).data;
}
