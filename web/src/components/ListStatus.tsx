import type { RemoteList } from '@/lib/useRemoteList';

// What a list loaded with useRemoteList shows while loading, and the way
// to try again after a failure (the failure itself was toasted).
export function ListStatus({ status, retry, loadingText }: Pick<RemoteList<unknown>, 'status' | 'retry'> & { loadingText: string }) {
  if (status === 'loading') {
    return (
      <p role="status" className="text-slate-600">
        {loadingText}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <button type="button" className="btn-secondary" onClick={retry}>
        Try Again
      </button>
    );
  }
  return null;
}

// The button that appends a list's next page, when it has one.
export function LoadMore({ more, loadingMore }: Pick<RemoteList<unknown>, 'more' | 'loadingMore'>) {
  if (!more) return null;
  return (
    <button type="button" className="btn-secondary mt-4" disabled={loadingMore} onClick={() => void more()}>
      {loadingMore ? 'Loading...' : 'Load More'}
    </button>
  );
}
