// The time zones an event can be told in, as the platform knows them
// (Intl), named the way the product's mails name them ("WET
// (Europe/Lisbon)"), with their offset now, and found by city, zone,
// abbreviation or offset.

export interface TimeZoneOption {
  zone: string;
  // "WET (Europe/Lisbon)", or the bare zone when no English abbreviation
  // is known (the mails then write an offset such as "+04").
  label: string;
  // "GMT+0", "GMT+5:30": the offset at the moment the list was made.
  offset: string;
  offsetMinutes: number;
  // Lower-case, accent-free words a search matches the beginnings of.
  words: string[];
}

// Zones the tz database renamed: a search for either name finds the zone
// under whichever name the browser lists.
const renamed: Record<string, string> = {
  calcutta: 'kolkata',
  kiev: 'kyiv',
  saigon: 'ho chi minh',
  rangoon: 'yangon',
  katmandu: 'kathmandu',
  faeroe: 'faroe',
  godthab: 'nuuk',
  'ulan bator': 'ulaanbaatar',
};

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

function zoneName(zone: string, locale: string, style: 'short' | 'shortOffset', at: Date): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style }).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

// "GMT", "GMT+1", "GMT-5:30" → minutes east of Greenwich.
function minutesOf(offset: string): number {
  const m = /^GMT(?:([+-])(\d{1,2})(?::(\d\d))?)?$/.exec(offset);
  if (!m?.[1]) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

const gmtLike = /^(GMT|UTC)[+-]/;

// The zone's English abbreviation at `at` (British names for Europe and
// Africa, American ones for the Americas; '' when English has only
// "GMT+x") and its offset, with as few formatters as may be: making one
// per zone is what costs.
function names(zone: string, at: Date): { abbr: string; offset: string } {
  if (zone === 'UTC') return { abbr: 'UTC', offset: 'GMT+0' };
  const british = zoneName(zone, 'en-GB', 'short', at);
  if (!gmtLike.test(british)) return { abbr: british, offset: zoneName(zone, 'en-US', 'shortOffset', at) };
  // American English names only North American and Hawaiian zones.
  const american = /^(America|US|Canada|Pacific\/Honolulu)/.test(zone) ? zoneName(zone, 'en-US', 'short', at) : british;
  return { abbr: gmtLike.test(american) ? '' : american, offset: british };
}

// One zone as the picker shows it.
export function timeZoneOption(zone: string, at = new Date()): TimeZoneOption {
  let offset = 'GMT+0';
  let abbr = '';
  try {
    ({ abbr, offset } = names(zone, at));
  } catch {
    // A zone the browser does not know (an event's, set elsewhere) is
    // shown by its name alone.
  }
  if (offset === 'GMT' || offset === 'UTC') offset = 'GMT+0';
  const label = abbr === zone ? zone : abbr ? `${abbr} (${zone})` : zone;
  const place = fold(zone.replace(/_/g, ' ')).split('/');
  const city = place[place.length - 1] ?? '';
  const words = [...place.flatMap((p) => p.split(/[\s-]+/)), fold(abbr)];
  if (renamed[city]) words.push(...renamed[city].split(' '));
  return { zone, label, offset, offsetMinutes: minutesOf(offset), words: words.filter(Boolean) };
}

// Every zone the browser knows and UTC, ordered by offset then name, made
// once a page (naming them takes a moment).
let known: TimeZoneOption[] | null = null;

function knownZones(): TimeZoneOption[] {
  if (!known) {
    const at = new Date();
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    known = [...new Set(['UTC', ...zones])]
      .map((z) => timeZoneOption(z, at))
      .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.zone.localeCompare(b.zone));
  }
  return known;
}

// The zones to choose from, `first` (an event's own zone, the browser's)
// at the top. Every one is a tz database name, so the API accepts it.
export function timeZoneOptions(first: string[]): TimeZoneOption[] {
  const lead = [...new Set(first.filter(Boolean))];
  return lead.map((z) => knownZones().find((o) => o.zone === z) ?? timeZoneOption(z)).concat(knownZones().filter((o) => !lead.includes(o.zone)));
}

// An offset search: "+13", "-5", "GMT-5", "UTC+5:30", "+0530".
const offsetQuery = /^(?:gmt|utc)?\s*([+\-\u2212])\s*(\d{1,2})(?::?(\d\d))?$/;

// The options a search finds: by offset when it reads as one (whole hours
// find the half- and quarter-hour zones of that hour too), else every word
// begins a word of the zone's city, region or abbreviation.
export function searchTimeZones(options: TimeZoneOption[], query: string): TimeZoneOption[] {
  const q = fold(query.trim());
  if (!q) return options;
  const m = offsetQuery.exec(q);
  if (m) {
    const sign = m[1] === '+' ? 1 : -1;
    const hours = Number(m[2]);
    if (m[3] !== undefined) return options.filter((o) => o.offsetMinutes === sign * (hours * 60 + Number(m[3])));
    return options.filter((o) => Math.trunc(o.offsetMinutes / 60) === sign * hours);
  }
  if (q === 'gmt' || q === 'utc') return options.filter((o) => o.offsetMinutes === 0);
  const terms = q.split(/[\s/_,]+/).filter(Boolean);
  return options.filter((o) => terms.every((t) => o.words.some((w) => w.startsWith(t))));
}
