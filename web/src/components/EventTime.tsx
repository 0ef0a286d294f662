import { eventTimeRange, viewerTimeRange } from '@/lib/time';

// An event's time, as every screen tells it: in the event's zone, named,
// and on the viewer's clock below when that reads otherwise.
export function EventTime({ start, end, zone }: { start: string; end: string; zone?: string | undefined }) {
  const yours = viewerTimeRange(start, end, zone);
  return (
    <>
      {eventTimeRange(start, end, zone)}
      {yours && <span className="block text-xs font-normal text-slate-600">Your time: {yours}</span>}
    </>
  );
}
