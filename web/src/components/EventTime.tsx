import { eventTimeRange, viewerTimeRange } from '@/lib/time';
import { useLocale, useT } from '@/i18n/react';

// An event's time, as every screen tells it: in the event's zone, named,
// and on the viewer's clock below when that reads otherwise.
export function EventTime({ start, end, zone }: { start: string; end: string; zone?: string | undefined }) {
  const t = useT();
  const locale = useLocale();
  const yours = viewerTimeRange(start, end, zone, locale);
  return (
    <>
      {eventTimeRange(start, end, zone, locale)}
      {yours && <span className="block text-xs font-normal text-slate-600">{t('common.time.yours', { time: yours })}</span>}
    </>
  );
}
