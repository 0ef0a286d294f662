// Event times travel as RFC 3339 UTC; datetime-local inputs hold a wall
// time to the minute ("YYYY-MM-DDTHH:mm") in the event's time zone, or
// the browser's when the event has none (or one the browser does not know).

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// The wall clock of date in zone, or null when the browser does not know
// the zone.
function wallClock(date: Date, zone: string): { y: number; mo: number; d: number; h: number; mi: number; s: number } | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    }).formatToParts(date);
  } catch {
    return null;
  }
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: part('year'), mo: part('month'), d: part('day'), h: part('hour'), mi: part('minute'), s: part('second') };
}

// How far zone's wall clock is ahead of UTC at the instant ms.
function offsetMs(ms: number, zone: string): number | null {
  const c = wallClock(new Date(ms), zone);
  return c ? Date.UTC(c.y, c.mo - 1, c.d, c.h, c.mi, c.s) - Math.floor(ms / 1000) * 1000 : null;
}

// An API time as a datetime-local value, seconds dropped.
export function toLocalInput(iso: string, zone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const c = zone ? wallClock(date, zone) : null;
  if (c) return `${pad(c.y, 4)}-${pad(c.mo)}-${pad(c.d)}T${pad(c.h)}:${pad(c.mi)}`;
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

// A datetime-local value as an API time. Empty or unreadable values are
// sent as they are, for the server to name the problem.
export function toApiTime(local: string, zone?: string): string {
  if (!local) return '';
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/.exec(local);
  const guess = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) : NaN;
  const first = zone && m ? offsetMs(guess, zone) : null;
  if (first !== null && !Number.isNaN(guess)) {
    // The offset at the guess, then at the instant it gives (they differ
    // only around a daylight-saving change).
    const second = offsetMs(guess - first, zone!) ?? first;
    return new Date(guess - second).toISOString();
  }
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}
