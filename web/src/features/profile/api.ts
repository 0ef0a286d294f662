// Calls of the profile feature: the account's registrations and the
// profile and organization updates.
import { api } from '@/lib/http';
import type { Organization, Profile, RegisteredEvent } from '@/types/api';

export async function listRegisteredEvents(userId: string): Promise<RegisteredEvent[]> {
  return (await api.get<RegisteredEvent[]>(`/event/user-event/${encodeURIComponent(userId)}/`)).data;
}

// The path is spelled this way by the API.
export async function cancelRegistration(registrationId: string): Promise<void> {
  await api.delete(`/event/cancle/register/${encodeURIComponent(registrationId)}/`);
}

// Multipart: first_name, last_name, email, phone, address, optional image_key.
export async function updateProfile(form: FormData): Promise<Profile> {
  return (await api.put<Profile>('/user/update/profile/', form)).data;
}

// Multipart: organization, address1, address2, phone, link, email,
// description, optional logo_key.
export async function updateOrganization(form: FormData): Promise<Organization> {
  return (await api.put<Organization>('/organization/details/update/', form)).data;
}
