// The toaster (react-hot-toast) is not part of the first load: the app
// mounts it once something may toast, that is once a page beyond the first
// screen loads (src/i18n/withWords.ts) or the first screen has a failure to
// tell. A toast raised before it is mounted waits in its store.
import { useSyncExternalStore } from 'react';

let wanted = false;
const listeners = new Set<() => void>();

export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Whether the toaster should be on screen.
export function useToastsWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted);
}

// An error toast from code of the first load (which does not import the
// toaster itself).
export function toastError(message: string): void {
  wantToasts();
  void import('react-hot-toast').then(({ default: toast }) => toast.error(message));
}
