import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n/i18n';
import { dateBlock, eventTimeRange, timeIn, viewerTimeRange, zoneName } from './time';

const auckland = 'Pacific/Auckland';
const losAngeles = 'America/Los_Angeles';
// ICU separates times with thin and narrow no-break spaces.
const plain = (s: string | null) => s?.replace(/[\u2009\u202f\u00a0]/g, ' ');
// 18:00 on Saturday 5 December in Auckland (NZDT, UTC+13).
const start = '2026-12-05T05:00:00Z';
const end = '2026-12-05T08:00:00Z';

describe('event times', () => {
  it("tells an event's span in its zone, named as the mails name it", () => {
    expect(plain(eventTimeRange(start, end, auckland, 'en-US'))).toBe('Sat, Dec 5, 6:00 – 9:00 PM NZDT (Pacific/Auckland)');
  });

  it('names zones by their abbreviation, else their offset, then their IANA name', () => {
    expect(zoneName('Europe/Lisbon', new Date('2026-01-10T12:00:00Z'))).toBe('WET (Europe/Lisbon)');
    expect(zoneName('Europe/Berlin', new Date('2026-07-10T12:00:00Z'))).toBe('CEST (Europe/Berlin)');
    expect(zoneName(losAngeles, new Date(start))).toBe('PST (America/Los_Angeles)');
    expect(zoneName('Asia/Tokyo', new Date(start))).toBe('GMT+9 (Asia/Tokyo)');
    expect(zoneName('UTC', new Date(start))).toBe('UTC');
  });

  it("adds the viewer's time where it reads otherwise, and only there", () => {
    expect(plain(viewerTimeRange(start, end, auckland, 'en-US', losAngeles))).toBe('Fri, Dec 4, 9:00 PM – Sat, Dec 5, 12:00 AM PST (America/Los_Angeles)');
    expect(viewerTimeRange(start, end, auckland, 'en-US', auckland)).toBeNull();
    // Another zone on the same clock reads the same.
    expect(viewerTimeRange('2026-07-10T12:00:00Z', '2026-07-10T14:00:00Z', 'Europe/Paris', 'en-US', 'Europe/Berlin')).toBeNull();
    // An event with no zone the browser knows is told on the viewer's clock already.
    expect(viewerTimeRange(start, end, 'Mars/Olympus', 'en-US', losAngeles)).toBeNull();
  });

  it('writes both dates for a span over days', () => {
    expect(plain(eventTimeRange('2026-11-26T08:00:00Z', '2026-11-27T10:00:00Z', 'Europe/Berlin', 'en-US'))).toBe(
      'Thu, Nov 26, 9:00 AM – Fri, Nov 27, 11:00 AM CET (Europe/Berlin)',
    );
  });

  it("follows the viewer's locale", () => {
    expect(plain(eventTimeRange('2026-11-26T08:00:00Z', '2026-11-26T10:00:00Z', 'Europe/Berlin', 'de-DE'))).toBe('Do., 26. Nov., 09:00–11:00 Uhr CET (Europe/Berlin)');
  });

  it('shows a moment and a date block in the zone', () => {
    expect(plain(timeIn(start, auckland, 'en-US'))).toBe('Sat, Dec 5, 6:00 PM NZDT (Pacific/Auckland)');
    expect(dateBlock(start, auckland, 'en-US')).toEqual({ month: 'Dec', day: '5' });
    expect(dateBlock(start, losAngeles, 'en-US')).toEqual({ month: 'Dec', day: '4' });
  });

  it('shows what it cannot read as sent', () => {
    expect(timeIn('soon')).toBe('soon');
    expect(eventTimeRange('soon', 'later')).toBe('soon to later');
    expect(dateBlock('soon')).toBeNull();
  });

  it('joins two ends it cannot span in the language shown', async () => {
    await changeLanguage('de');
    expect(eventTimeRange('soon', 'later')).toBe('soon bis later');
  });
});
