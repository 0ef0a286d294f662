import { describe, expect, it } from 'vitest';
import { dateBlock, localTime, localTimeRange } from './time';

const berlin = 'Europe/Berlin';
// ICU separates times with thin and narrow no-break spaces.
const plain = (s: string) => s.replace(/[\u2009\u202f\u00a0]/g, ' ');

describe('event times', () => {
  it('writes one date for a span within a day, with no seconds and the zone named', () => {
    expect(plain(localTimeRange('2026-11-26T08:00:00Z', '2026-11-26T10:00:00Z', 'en-US', berlin))).toBe('Thu, Nov 26, 9:00 – 11:00 AM GMT+1');
  });

  it('writes both dates for a span over days', () => {
    expect(plain(localTimeRange('2026-11-26T08:00:00Z', '2026-11-27T10:00:00Z', 'en-US', berlin))).toBe(
      'Thu, Nov 26, 9:00 AM GMT+1 – Fri, Nov 27, 11:00 AM GMT+1',
    );
  });

  it("follows the viewer's locale", () => {
    expect(plain(localTimeRange('2026-11-26T08:00:00Z', '2026-11-26T10:00:00Z', 'de-DE', berlin))).toBe('Do., 26. Nov., 09:00–11:00 Uhr MEZ');
  });

  it('shows a moment and a date block', () => {
    expect(plain(localTime('2026-11-26T08:00:00Z', 'en-US', berlin))).toBe('Thu, Nov 26, 9:00 AM GMT+1');
    expect(dateBlock('2026-11-26T23:30:00Z', 'en-US', berlin)).toEqual({ month: 'Nov', day: '27' });
  });

  it('shows what it cannot read as sent', () => {
    expect(localTime('soon')).toBe('soon');
    expect(localTimeRange('soon', 'later')).toBe('soon to later');
    expect(dateBlock('soon')).toBeNull();
  });
});
