// The signed-in account, loaded once and shared by every screen that shows
// it (the top bar's menu, the profile, the dashboard): one request for all.
import { useQuery, type QueryOptions } from '@/lib/query';
import { session } from '@/lib/storage';
import type { Organization, Profile } from '@/types/api';
import { getOrganization, getProfile } from './account';

export const ACCOUNT_KEY = 'account';

export interface Account {
  profile: Profile;
  // The organization, for organizers.
  organization: Organization | null;
}

async function loadAccount(): Promise<Account> {
  const profile = await getProfile();
  if (!profile.is_organizer) return { profile, organization: null };
  const organization = await getOrganization();
  // The dashboard finds the organization's events by the stored id.
  session.setOrganizationId(organization.id);
  return { profile, organization };
}

export type AccountState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'user'; profile: Profile }
  | { status: 'organizer'; profile: Profile; organization: Organization };

// The account as a screen shows it; a failure is passed to onError (each
// screen logs it in its own words, never toasts it) and retry asks again.
export function useAccount(options: QueryOptions = {}): AccountState & { retry: () => void } {
  const query = useQuery(ACCOUNT_KEY, loadAccount, options);
  const { retry } = query;
  if (query.status === 'loading') return { status: 'loading', retry };
  if (query.status === 'error') return { status: 'error', retry };
  const { profile, organization } = query.data;
  return organization ? { status: 'organizer', profile, organization, retry } : { status: 'user', profile, retry };
}
