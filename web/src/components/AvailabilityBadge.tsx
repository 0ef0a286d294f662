import type { TurnoutEvent } from '@/types/api';
import { availabilityOf } from '@/lib/eventInfo';
import { useT } from '@/i18n/react';

// Whether a seat can be had: seats left, Full, Started or Cancelled. States,
// not dangers: red is kept for destructive actions.
export function AvailabilityBadge({ event }: { event: TurnoutEvent }) {
  const t = useT();
  const availability = availabilityOf(event);
  return (
    <>
      {availability === 'open' && <span className="text-emerald-800">{t('common.event.seatsLeft', { count: event.seats_left })}</span>}
      {availability === 'full' && <span className="text-slate-700">{t('common.event.full')}</span>}
      {availability === 'started' && <span className="text-amber-800">{t('common.event.started')}</span>}
      {availability === 'cancelled' && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900">{t('common.event.cancelled')}</span>}
    </>
  );
}
