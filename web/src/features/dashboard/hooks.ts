import { getProfile } from '@/api/account';
import { useAccount } from '@/api/useAccount';
import { session } from '@/lib/storage';
import { useRemoteList, type RemoteList } from '@/lib/useRemoteList';
import type { Organization, TurnoutEvent } from '@/types/api';
import { listOrganizationEvents } from './api';

// Whether the signed-in account may use the dashboard. 'unknown' when the
// profile could not be read: the server decides then.
export type DashboardAccess = 'loading' | 'organizer' | 'not-organizer' | 'unknown';

export function useDashboardAccess(): DashboardAccess {
  const account = useAccount({ onError: (error) => console.error('load profile', error) });
  switch (account.status) {
    case 'loading':
      return 'loading';
    case 'error':
      return 'unknown';
    case 'organizer':
      return 'organizer';
    default:
      return 'not-organizer';
  }
}

export type OrganizationState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; organization: Organization };

// The signed-in organizer's organization, from the shared account; a failed
// load is only logged, as for every profile load.
export function useOrganization(): OrganizationState & { retry: () => void } {
  const account = useAccount({ onError: (error) => console.error('load organization', error) });
  const { retry } = account;
  if (account.status === 'organizer') return { status: 'ready', organization: account.organization, retry };
  if (account.status === 'loading') return { status: 'loading', retry };
  return { status: 'error', retry };
}

// The stored organization id, else the one on the profile (then stored).
async function organizationId(): Promise<string> {
  const stored = session.organizationId();
  if (stored) return stored;
  const profile = await getProfile();
  if (!profile.organization_id) throw new Error('the account has no organization');
  session.setOrganizationId(profile.organization_id);
  return profile.organization_id;
}

export interface OrganizationEventsState extends Omit<RemoteList<TurnoutEvent>, 'items'> {
  events: TurnoutEvent[];
}

export function useOrganizationEvents(): OrganizationEventsState {
  const { items, ...list } = useRemoteList('organization-events', (after) => organizationId().then((id) => listOrganizationEvents(id, after)), {
    failureMessage: 'Failed to fetch events',
  });
  return { ...list, events: items };
}
