import type { RemoteList } from '@/lib/useRemoteList';
import { Skeleton } from './Skeleton';
import { useT } from '@/i18n/react';

// What a failed load leaves on screen: what failed, and the way to try again
// (never a bare button, never a blank page). what: the caller's words for
// it, translated ("the events").
export function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
      <p className="mb-3 text-slate-800">{t('common.loadFailed', { what })}</p>
      <button type="button" className="btn-secondary" onClick={retry}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}

// What a list loaded with useRemoteList shows while loading, and the way
// to try again after a failure (the failure itself was toasted).
export function ListStatus({
  status,
  retry,
  loadingText,
  what,
}: Pick<RemoteList<unknown>, 'status' | 'retry'> & { loadingText: string; what: string }) {
  if (status === 'loading') return <Skeleton label={loadingText} count={2} />;
  if (status === 'error') return <LoadFailed what={what} retry={retry} />;
  return null;
}

// The button that appends a list's next page, when it has one.
export function LoadMore({ more, loadingMore }: Pick<RemoteList<unknown>, 'more' | 'loadingMore'>) {
  const t = useT();
  if (!more) return null;
  return (
    <button type="button" className="btn-secondary mt-4" disabled={loadingMore} onClick={() => void more()}>
      {loadingMore ? t('common.loading') : t('shared.list.loadMore')}
    </button>
  );
}
