// The visitor is in Los Angeles: this file's process runs in their zone.
process.env.TZ = 'America/Los_Angeles';

import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n/i18n';
import { apiSearchParams, dateRange, distanceKm, distanceText } from './eventSearch';

describe('the API parameters of a search', () => {
  it("ask for the visitor's own days, whatever the UTC day", () => {
    const evening = new Date(2026, 10, 25, 19, 30);
    expect(evening.toISOString()).toBe('2026-11-26T03:30:00.000Z');

    const today = dateRange('today', evening);
    expect(today).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(apiSearchParams({ q: 'jazz', ...today })).toEqual({
      q: 'jazz',
      from: '2026-11-25T00:00:00-08:00',
      to: '2026-11-26T00:00:00-08:00',
    });
    // This weekend, on a Sunday evening, is the rest of Sunday.
    expect(apiSearchParams(dateRange('weekend', new Date(2026, 10, 29, 21, 0)))).toEqual({
      from: '2026-11-29T00:00:00-08:00',
      to: '2026-11-30T00:00:00-08:00',
    });
  });

  it('follow daylight saving and leave other values to the API', () => {
    expect(apiSearchParams({ from: '2026-03-08', to: '2026-03-08' })).toEqual({
      from: '2026-03-08T00:00:00-08:00',
      to: '2026-03-09T00:00:00-07:00',
    });
    expect(apiSearchParams({ from: 'soon', city: 'Lyon' })).toEqual({ from: 'soon', city: 'Lyon' });
  });
});

describe('distances', () => {
  it('are told as the API measures them, rounded for a card', () => {
    const paris = distanceKm('48.8566,2.3522', 45.764, 4.8357);
    expect(paris).toBeGreaterThan(390);
    expect(paris).toBeLessThan(395);
    expect(distanceKm('48.8566,2.3522', null, null)).toBeNull();
    expect(distanceKm(undefined, 45.764, 4.8357)).toBeNull();
    expect(distanceKm('north', 45.764, 4.8357)).toBeNull();
    expect([0.04, 0.83, 3.24, 42.4].map(distanceText)).toEqual(['100 m away', '800 m away', '3.2 km away', '42 km away']);
  });

  it('are told in the language shown, with its decimal mark', async () => {
    await changeLanguage('de');
    expect([0.83, 3.24, 42.4].map(distanceText)).toEqual(['800 m entfernt', '3,2 km entfernt', '42 km entfernt']);
  });
});
