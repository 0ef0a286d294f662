// Whether someone is signed in, re-checked when the login status changes.
import { useSyncExternalStore } from 'react';
import { onLoginStatusChange, session } from '@/lib/storage';

// The storage event reaches only the other tabs of the origin.
function subscribeElsewhere(listener: () => void): () => void {
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

function subscribeAll(listener: () => void): () => void {
  const unsubscribe = onLoginStatusChange(listener);
  const unsubscribeElsewhere = subscribeElsewhere(listener);
  return () => {
    unsubscribe();
    unsubscribeElsewhere();
  };
}

// Re-checked on every announced change and on another tab's.
export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribeAll, session.isLoggedIn);
}

// Re-checked only on another tab's change: whatever logs out in this tab
// goes where it means to go itself (login, home), and a guard reacting
// first would send the page elsewhere.
export function useStillLoggedIn(): boolean {
  return useSyncExternalStore(subscribeElsewhere, session.isLoggedIn);
}
