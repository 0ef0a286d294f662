// Calls of an organization's public page.
import { api, publicApi } from '@/lib/http';
import type { Schemas } from '@/types/api';

// Its events that have not started, soonest first, and its public calendar feed.
export type OrganizationPageData = Schemas['OrganizationPage'];

export async function getOrganizationPage(id: string): Promise<OrganizationPageData> {
  return (await publicApi.get<OrganizationPageData>(`/organization/public/${encodeURIComponent(id)}/`)).data;
}

// A person's follow of an organization, with its count of followers.
export type Follow = Schemas['OrganizationFollow'];

const followPath = (id: string) => `/organization/public/${encodeURIComponent(id)}/follow/`;

export async function getFollow(id: string): Promise<Follow> {
  return (await api.get<Follow>(followPath(id))).data;
}

export async function setFollow(id: string, following: boolean): Promise<Follow> {
  return (following ? await api.post<Follow>(followPath(id)) : await api.delete<Follow>(followPath(id))).data;
}
