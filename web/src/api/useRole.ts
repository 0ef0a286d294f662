// The signed-in account's role in the organization the dashboard shows,
// for screens of several features that leave out what the role would be
// refused (the server decides again).
import { currentMembership } from '@/lib/roles';
import type { Role } from '@/types/api';
import { useAccount } from './useAccount';

export function useDashboardRole(): Role | null {
  const account = useAccount();
  if (account.status !== 'user' && account.status !== 'organizer') return null;
  return currentMembership(account.profile)?.role ?? null;
}
