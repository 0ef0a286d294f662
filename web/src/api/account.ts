// Calls about the signed-in account that several features need.
import { api } from '@/lib/http';
import type { Organization, Profile } from '@/types/api';

// The query that names the organization a call of the dashboard is for
// (the one it shows, for a member of several).
export const inOrganization = (organizationId: string) => ({ params: { organization: organizationId } });

export async function getProfile(): Promise<Profile> {
  return (await api.get<Profile>('/user/profile/')).data;
}

// The caller's own organization, or the one of theirs id names.
export async function getOrganization(id?: string): Promise<Organization> {
  return (await api.get<Organization>('/organization/details/', id ? inOrganization(id) : undefined)).data;
}
