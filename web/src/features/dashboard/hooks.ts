import { useCallback, useEffect, useState } from 'react';
import { getOrganization, getProfile } from '@/api/account';
import { session } from '@/lib/storage';
import { useRemoteList, type RemoteList } from '@/lib/useRemoteList';
import type { Organization, TurnoutEvent } from '@/types/api';
import { listOrganizationEvents } from './api';

// Whether the signed-in account may use the dashboard. 'unknown' when the
// profile could not be read: the server decides then.
export type DashboardAccess = 'loading' | 'organizer' | 'not-organizer' | 'unknown';

export function useDashboardAccess(): DashboardAccess {
  const [access, setAccess] = useState<DashboardAccess>('loading');

  useEffect(() => {
    let current = true;
    getProfile()
      .then((profile) => {
        if (!current) return;
        setAccess(profile.is_organizer ? 'organizer' : 'not-organizer');
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error('load profile', error);
        setAccess('unknown');
      });
    return () => {
      current = false;
    };
  }, []);

  return access;
}

export type OrganizationState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; organization: Organization };

export function useOrganization(): OrganizationState & { retry: () => void } {
  const [state, setState] = useState<OrganizationState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    getOrganization()
      .then((organization) => {
        if (current) setState({ status: 'ready', organization });
      })
      .catch((error: unknown) => {
        if (!current) return;
        // Only logged, as for every profile load (spec §8).
        console.error('load organization', error);
        setState({ status: 'error' });
      });
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
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
  const { items, ...list } = useRemoteList((after) => organizationId().then((id) => listOrganizationEvents(id, after)), 'Failed to fetch events', '');
  return { ...list, events: items };
}
