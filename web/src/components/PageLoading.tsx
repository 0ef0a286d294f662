export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <p role="status" className="page text-slate-600">
      {label}
    </p>
  );
}
