// Calls of the profile feature: the account's registrations and the
// profile and organization updates.
import { nextPage, saveDownload } from '@/lib/download';
import { api } from '@/lib/http';
import { pageOf, type ListPage } from '@/lib/useRemoteList';
import type { Organization, Profile, RegisteredEvent, Schemas } from '@/types/api';

export async function listRegisteredEvents(userId: string, after?: string): Promise<ListPage<RegisteredEvent>> {
  const path = `/event/user-event/${encodeURIComponent(userId)}/`;
  return pageOf(await api.get<RegisteredEvent[]>(path, after ? { params: { after } } : undefined));
}

// Multipart: first_name, last_name, email, phone, address, optional image_key.
export async function updateProfile(form: FormData): Promise<Profile> {
  return (await api.put<Profile>('/user/update/profile/', form)).data;
}

// Multipart: organization, address1, address2, phone, link, email,
// description, optional logo_key; of organization id (an owner's).
export async function updateOrganization(id: string, form: FormData): Promise<Organization> {
  return (await api.put<Organization>('/organization/details/update/', form, { params: { organization: id } })).data;
}

// The secret address of the account's calendar feed (the events it has a
// seat at), and the same for calendar apps.
export type CalendarFeed = Schemas['CalendarFeed'];

export async function getCalendarFeed(): Promise<CalendarFeed> {
  return (await api.get<CalendarFeed>('/event/feed/')).data;
}

// Ends the current feed address and answers the new one.
export async function resetCalendarFeed(): Promise<CalendarFeed> {
  return (await api.post<CalendarFeed>('/event/feed/reset/')).data;
}

// The kinds of mail a person can turn off, and whether each is on.
export type NotificationKind = Schemas['NotificationKind'];
export type NotificationSettings = Schemas['NotificationSettings'];

export async function getNotifications(): Promise<NotificationSettings> {
  return (await api.get<NotificationSettings>('/user/notifications/')).data;
}

// Changes the kinds named; answers every setting.
export async function setNotifications(changes: Partial<NotificationSettings>): Promise<NotificationSettings> {
  return (await api.put<NotificationSettings>('/user/notifications/', changes)).data;
}

type AccountExport = Schemas['AccountExport'];

// Downloads everything the product holds about the account, as JSON. The
// API answers many registrations in pages, each with the whole account:
// the file is the first page with every page's registrations; the last
// names it (the others are called incomplete).
export async function downloadMyData(): Promise<void> {
  let after: string | null = null;
  let first: AccountExport | undefined;
  let last;
  do {
    last = await api.get<AccountExport>('/user/export/', { params: after ? { after } : undefined });
    if (first) first.registrations.push(...last.data.registrations);
    else first = last.data;
    after = nextPage(last.headers['x-next-page']);
  } while (after);
  const file = new Blob([JSON.stringify(first, null, 2)], { type: 'application/json' });
  saveDownload({ ...last, data: file }, 'turnout-data.json');
}

// Deletes the account, after its password is entered again.
export async function deleteAccount(password: string): Promise<void> {
  await api.delete('/user/account/', { data: { password } });
}

// An organization the person follows.
export type Followed = Schemas['TeamOrganization'];

export async function listFollowed(): Promise<Followed[]> {
  return (await api.get<Followed[]>('/user/following/')).data;
}

export async function unfollow(id: string): Promise<void> {
  await api.delete(`/organization/public/${encodeURIComponent(id)}/follow/`);
}
