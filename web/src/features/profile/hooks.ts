import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccount } from '@/api/useAccount';
import { paths } from '@/config/paths';
import { useRemoteList, type RemoteList } from '@/lib/useRemoteList';
import type { RegisteredEvent } from '@/types/api';
import { listRegisteredEvents } from './api';
import { useT } from '@/i18n/react';

// The signed-in account, and for organizers their organization (shared:
// src/api/useAccount.ts); a failed load is only logged, not toasted.
export function useProfileAccount() {
  return useAccount({ onError: (error) => console.error('load profile', error) });
}

export interface RegisteredEventsState extends Omit<RemoteList<RegisteredEvent>, 'items'> {
  events: RegisteredEvent[];
}

// The events the user has registered for.
export function useRegisteredEvents(userId: string): RegisteredEventsState {
  const t = useT();
  const { items, ...list } = useRemoteList(`registered-events:${userId}`, (after) => listRegisteredEvents(userId, after), {
    failureMessage: t('profile.registeredEventsFailed'),
    logLabel: 'load registered events',
  });
  return { ...list, events: items };
}

// After a successful update the user returns to the profile, 1.5 s later.
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
