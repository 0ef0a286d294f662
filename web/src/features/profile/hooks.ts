import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { getOrganization, getProfile } from '@/api/account';
import { paths } from '@/config/paths';
import { session } from '@/lib/storage';
import { useRemoteList, type RemoteList } from '@/lib/useRemoteList';
import type { Organization, Profile, RegisteredEvent } from '@/types/api';
import { listRegisteredEvents } from './api';

export type AccountState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'user'; profile: Profile }
  | { status: 'organizer'; profile: Profile; organization: Organization };

// The signed-in account, and for organizers their organization; retry
// loads it again after a failure.
export function useAccount(): AccountState & { retry: () => void } {
  const [state, setState] = useState<AccountState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    async function load(): Promise<AccountState> {
      const profile = await getProfile();
      if (!profile.is_organizer) return { status: 'user', profile };
      const organization = await getOrganization();
      // The dashboard finds the organization's events by the stored id.
      session.setOrganizationId(organization.id);
      return { status: 'organizer', profile, organization };
    }
    load()
      .then((loaded) => {
        if (current) setState(loaded);
      })
      .catch((error: unknown) => {
        if (!current) return;
        // Only logged (spec §8).
        console.error('load profile', error);
        setState({ status: 'error' });
      });
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

export interface RegisteredEventsState extends Omit<RemoteList<RegisteredEvent>, 'items'> {
  events: RegisteredEvent[];
}

// The events the user has registered for.
export function useRegisteredEvents(userId: string): RegisteredEventsState {
  const { items, ...list } = useRemoteList((after) => listRegisteredEvents(userId, after), 'Failed to load registered events.', userId);
  return { ...list, events: items };
}

// After a successful update the user returns to the profile (spec §4, §9).
export const RETURN_DELAY_MS = 1500;

// Returns a function that sends the user back to the profile after the
// delay; leaving the page first cancels it.
export function useReturnToProfile(): () => void {
  const navigate = useNavigate();
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => void navigate(paths.profile), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due, navigate]);

  return useCallback(() => setDue(true), []);
}
