// Whether someone is signed in, re-checked on every login status change
// and when another tab of the site stores or clears the tokens.
import { useSyncExternalStore } from 'react';
import { onLoginStatusChange, session } from '@/lib/storage';

function subscribe(listener: () => void): () => void {
  const unsubscribe = onLoginStatusChange(listener);
  // The storage event reaches only the other tabs of the origin.
  window.addEventListener('storage', listener);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', listener);
  };
}

export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, session.isLoggedIn);
}
