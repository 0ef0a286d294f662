import { Skeleton } from './Skeleton';

export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="page">
      <Skeleton label={label} />
    </div>
  );
}
