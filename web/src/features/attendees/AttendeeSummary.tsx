import type { AttendeesPage } from './api';

// The counts an organizer watches: seats taken of capacity, people waiting
// (and requests awaiting approval, when there are any) and people checked in.
export function AttendeeSummary({ page }: { page: AttendeesPage }) {
  const figures = [
    { label: 'Registered', value: `${page.registered} / ${page.capacity}` },
    { label: 'Waitlisted', value: String(page.waitlisted) },
    ...(page.pending > 0 ? [{ label: 'Pending', value: String(page.pending) }] : []),
    { label: 'Checked in', value: `${page.checked_in} / ${page.registered}` },
  ];
  return (
    <dl className={`grid gap-3 ${figures.length > 3 ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-3'}`}>
      {figures.map(({ label, value }) => (
        <div key={label} className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

// A registration made without an account: its person has no login, only
// the links mailed to them.
export function GuestBadge() {
  return <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">Guest</span>;
}

export function StatusBadge({ status, checkedIn }: { status: string; checkedIn: boolean }) {
  if (checkedIn) return <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Checked in</span>;
  if (status === 'waitlisted') return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Waitlisted</span>;
  if (status === 'pending') return <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">Awaiting approval</span>;
  return <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">Registered</span>;
}
