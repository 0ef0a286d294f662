// What the profile page hands the edit pages in navigation state.
import type { Organization, Profile } from '@/types/api';

export interface ProfileEditState {
  profile: Profile;
}

export interface OrganizationEditState {
  organization: Organization;
}

function field(state: unknown, name: string): unknown {
  return state && typeof state === 'object' ? (state as Record<string, unknown>)[name] : undefined;
}

export function profileFromState(state: unknown): Profile | null {
  const profile = field(state, 'profile') as Partial<Profile> | undefined;
  return profile && typeof profile.id === 'string' && typeof profile.username === 'string' ? (profile as Profile) : null;
}

export function organizationFromState(state: unknown): Organization | null {
  const organization = field(state, 'organization') as Partial<Organization> | undefined;
  return organization && typeof organization.id === 'string' && typeof organization.organization === 'string'
    ? (organization as Organization)
    : null;
}
