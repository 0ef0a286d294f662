import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';

export interface RemoteList<T> {
  status: 'loading' | 'ready' | 'error';
  items: T[];
  // Drops an item the server has just deleted, without reloading.
  remove: (id: string) => void;
  retry: () => void;
}

// A list loaded from the API: reloaded when `key` changes or on retry; a
// failure is logged and told with failureMessage.
export function useRemoteList<T extends { id: string }>(load: () => Promise<T[]>, failureMessage: string, key: string): RemoteList<T> {
  const [status, setStatus] = useState<RemoteList<T>['status']>('loading');
  const [items, setItems] = useState<T[]>([]);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setStatus('loading');
    load()
      .then((loaded) => {
        if (!current) return;
        setItems(loaded);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error(failureMessage, error);
        toast.error(failureMessage);
        setStatus('error');
      });
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render; `key` says when it changes.
  }, [key, attempt]);

  const remove = useCallback((id: string) => setItems((shown) => shown.filter((item) => item.id !== id)), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, items, remove, retry };
}
