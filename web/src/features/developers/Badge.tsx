import type { ReactNode } from 'react';

// The colours of a state, as the dashboard's other badges use them.
const TONES = {
  good: 'bg-emerald-100 text-emerald-900',
  waiting: 'bg-amber-100 text-amber-900',
  bad: 'bg-red-100 text-red-900',
  neutral: 'bg-slate-100 text-slate-800',
} as const;

export function Badge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}
