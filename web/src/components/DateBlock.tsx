import { dateBlock } from '@/lib/time';
import { useLocale } from '@/i18n/react';

// The month over the day, as on a paper calendar; decorative, since the
// full date is written beside it.
export function DateBlock({ iso, timeZone, className = '' }: { iso: string; timeZone?: string | undefined; className?: string }) {
  const block = dateBlock(iso, timeZone, useLocale());
  if (!block) return null;
  return (
    <div aria-hidden="true" className={`flex w-14 shrink-0 flex-col items-center rounded-lg bg-white py-1.5 text-center shadow-sm ring-1 ring-slate-200 ${className}`}>
      <span className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">{block.month}</span>
      <span className="text-xl leading-tight font-bold text-slate-900">{block.day}</span>
    </div>
  );
}
