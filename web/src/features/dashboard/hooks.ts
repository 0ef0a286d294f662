import { getOrganization, getProfile } from '@/api/account';
import { useAccount } from '@/api/useAccount';
import { useQuery } from '@/lib/query';
import { session } from '@/lib/storage';
import { useRemoteList, type RemoteList } from '@/lib/useRemoteList';
import type { Organization, TurnoutEvent } from '@/types/api';
import { currentMembership, membershipsOf, type Membership } from '@/lib/roles';
import { listOrganizationEvents } from './api';
import { t } from '@/i18n/i18n';

// Whether the signed-in account may use the dashboard: it belongs to an
// organization. 'unknown' when the profile could not be read: the server
// decides then.
export type DashboardAccess = 'loading' | 'organizer' | 'not-organizer' | 'unknown';

export interface Dashboard {
  access: DashboardAccess;
  // The organization shown and the account's role in it, and every
  // organization it may switch to.
  membership: Membership | null;
  memberships: Membership[];
  // The signed-in account's id ('' until known).
  userId: string;
  // An organization's own account's organization, which the account
  // loaded with it.
  own: Organization | null;
  retry: () => void;
}

// The dashboard's account; a failed load is logged as failing to load
// what (the profile, by default).
export function useDashboard(what = 'profile'): Dashboard {
  const account = useAccount({ onError: (error) => console.error(`load ${what}`, error) });
  const none = { membership: null, memberships: [], userId: '', own: null, retry: account.retry };
  if (account.status === 'loading') return { ...none, access: 'loading' };
  if (account.status === 'error') return { ...none, access: 'unknown' };
  const userId = account.profile.id;
  const membership = currentMembership(account.profile);
  if (!membership) return { ...none, access: 'not-organizer', userId };
  // The events list and the calls of other tabs read the stored id.
  if (session.organizationId() !== membership.id) session.setOrganizationId(membership.id);
  const own = account.status === 'organizer' ? account.organization : null;
  return { access: 'organizer', membership, memberships: membershipsOf(account.profile), userId, own, retry: account.retry };
}

export type OrganizationState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; organization: Organization };

// The organization the dashboard shows; a failed load is only logged, as
// for every profile load.
export function useOrganization(): OrganizationState & { retry: () => void } {
  const { access, membership, own, retry } = useDashboard('organization');
  const id = membership?.id ?? '';
  // An organization's own account has it already; a member loads it.
  const query = useQuery(`organization:${id}`, () => (own?.id === id ? Promise.resolve(own) : getOrganization(id)), {
    onError: (error) => console.error('load organization', error),
  });
  if (access === 'unknown') return { status: 'error', retry };
  if (!membership || query.status === 'loading') return { status: 'loading', retry: query.retry };
  if (query.status === 'error') return { status: 'error', retry: query.retry };
  return { status: 'ready', organization: query.data, retry: query.retry };
}

// The stored organization id, else the first on the profile (then stored).
async function organizationId(): Promise<string> {
  const stored = session.organizationId();
  if (stored) return stored;
  const membership = currentMembership(await getProfile());
  if (!membership) throw new Error('the account has no organization');
  // The events list and the calls of other tabs read the stored id.
  if (session.organizationId() !== membership.id) session.setOrganizationId(membership.id);
  return membership.id;
}

export interface OrganizationEventsState extends Omit<RemoteList<TurnoutEvent>, 'items'> {
  events: TurnoutEvent[];
}

export function useOrganizationEvents(): OrganizationEventsState {
  const { membership } = useDashboard();
  const { items, ...list } = useRemoteList(
    `organization-events:${membership?.id ?? session.organizationId() ?? ''}`,
    (after) => organizationId().then((id) => listOrganizationEvents(id, after)),
    { failureMessage: t('dashboard.events.fetchFailed'), logLabel: 'Failed to fetch events' },
  );
  return { ...list, events: items };
}
