// The roles of an organization's members as the web app words and offers
// them; the server decides what each may do, the screens only leave out
// what a role would be refused.
import type { Profile, Role } from '@/types/api';
import { session } from '@/lib/storage';

// The roles in the order screens offer them (their words are each
// screen's own messages).
export const ROLES: readonly Role[] = ['owner', 'manager', 'checkin'];

export const mayManageEvents = (role: Role): boolean => role !== 'checkin';
export const mayManageOrganization = (role: Role): boolean => role === 'owner';

export interface Membership {
  id: string;
  name: string;
  role: Role;
}

// The organizations the account works for (an organization's own account
// is its owner).
export function membershipsOf(profile: Profile): Membership[] {
  if (profile.organizations?.length) return profile.organizations;
  return profile.is_organizer && profile.organization_id ? [{ id: profile.organization_id, name: '', role: 'owner' }] : [];
}

// The organization the dashboard shows: the stored one while the account
// belongs to it, else its first.
export function currentMembership(profile: Profile): Membership | null {
  const all = membershipsOf(profile);
  const stored = session.organizationId();
  return all.find((m) => m.id === stored) ?? all[0] ?? null;
}
