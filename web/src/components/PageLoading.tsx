import { Skeleton } from './Skeleton';
import { useT } from '@/i18n/react';

// label: the page's own loading words (translated), else "Loading...".
export function PageLoading({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="page">
      <Skeleton label={label ?? t('common.loading')} />
    </div>
  );
}
