// Event times travel as RFC 3339 UTC; datetime-local inputs hold local
// time to the minute ("YYYY-MM-DDTHH:mm").

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// An API time as a datetime-local value, in the browser's time zone,
// seconds dropped.
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

// A datetime-local value as an API time. Empty or unreadable values are
// sent as they are, for the server to name the problem.
export function toApiTime(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

