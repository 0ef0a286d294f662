// The signed-in account's place in the organization the dashboard shows,
// for screens of several features that leave out what the role would be
// refused (the server decides again).
import { currentMembership, type Membership } from '@/lib/roles';
import type { Role } from '@/types/api';
import { useAccount } from './useAccount';

export type DashboardMembership =
  | { status: 'loading' | 'error'; membership: null; retry: () => void }
  // membership is null for an account that belongs to no organization.
  | { status: 'ready'; membership: Membership | null; retry: () => void };

export function useDashboardMembership(): DashboardMembership {
  const account = useAccount();
  const { retry } = account;
  if (account.status === 'loading' || account.status === 'error') return { status: account.status, membership: null, retry };
  return { status: 'ready', membership: currentMembership(account.profile), retry };
}

export function useDashboardRole(): Role | null {
  return useDashboardMembership().membership?.role ?? null;
}
