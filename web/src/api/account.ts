// Calls about the signed-in account that several features need.
import { api } from '@/lib/http';
import type { Organization, Profile } from '@/types/api';

export async function getProfile(): Promise<Profile> {
  return (await api.get<Profile>('/user/profile/')).data;
}

export async function getOrganization(): Promise<Organization> {
  return (await api.get<Organization>('/organization/details/')).data;
}
