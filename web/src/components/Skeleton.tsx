// What a loading list or page shows: grey shapes of what is coming, so the
// page does not jump when it arrives, and the loading words for assistive
// technology (a status, read out; not drawn).
export function Skeleton({ label, shape = 'rows', count = 3 }: { label: string; shape?: 'cards' | 'rows'; count?: number }) {
  const bones = Array.from({ length: count }, (_, i) => (shape === 'cards' ? <CardBone key={i} /> : <RowBone key={i} />));
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className={shape === 'cards' ? 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-4'}>
        {bones}
      </div>
    </div>
  );
}

function CardBone() {
  return (
    <div className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
      <div className="skeleton aspect-video w-full rounded-none" />
      <div className="flex flex-col gap-3 p-5">
        <div className="skeleton h-5 w-3/4" />
        <div className="skeleton h-4 w-1/2" />
        <div className="skeleton h-4 w-2/3" />
      </div>
    </div>
  );
}

function RowBone() {
  return (
    <div className="flex items-center gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div className="skeleton h-14 w-14 shrink-0" />
      <div className="flex flex-1 flex-col gap-2">
        <div className="skeleton h-4 w-2/3" />
        <div className="skeleton h-3 w-1/2" />
      </div>
    </div>
  );
}
