import { useLocale, useT } from '@/i18n/react';
import type { AttendeesPage } from './api';

// The counts an organizer watches: seats taken of capacity, people waiting
// (and requests awaiting approval, when there are any) and people checked in.
export function AttendeeSummary({ page }: { page: AttendeesPage }) {
  const t = useT();
  const number = new Intl.NumberFormat(useLocale());
  const n = (value: number) => number.format(value);
  const figures = [
    { key: 'registered', label: t('attendees.summaryRegistered'), value: `${n(page.registered)} / ${n(page.capacity)}` },
    { key: 'waitlisted', label: t('attendees.summaryWaitlisted'), value: n(page.waitlisted) },
    ...(page.pending > 0 ? [{ key: 'pending', label: t('attendees.summaryPending'), value: n(page.pending) }] : []),
    { key: 'checkedIn', label: t('attendees.summaryCheckedIn'), value: `${n(page.checked_in)} / ${n(page.registered)}` },
  ];
  return (
    <dl className={`grid gap-3 ${figures.length > 3 ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-3'}`}>
      {figures.map(({ key, label, value }) => (
        <div key={key} className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
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
  const t = useT();
  return <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">{t('attendees.guest')}</span>;
}

export function StatusBadge({ status, checkedIn }: { status: string; checkedIn: boolean }) {
  const t = useT();
  if (checkedIn) return <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{t('attendees.badgeCheckedIn')}</span>;
  if (status === 'waitlisted') return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t('attendees.badgeWaitlisted')}</span>;
  if (status === 'pending') return <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">{t('attendees.badgeAwaitingApproval')}</span>;
  return <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{t('attendees.badgeRegistered')}</span>;
}
