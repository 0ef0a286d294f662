import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchTimeZones, timeZoneOption, timeZoneOptions } from './timeZones';

// The zone names the API accepts, from the Go code that checks them.
const accepted = new Set(
  /const zoneNames = "(.*)"/.exec(readFileSync(resolve(__dirname, '../../../../pkg/domain/zones_gen.go'), 'utf8'))![1]!.split('\\n').filter(Boolean),
);

const zonesOf = (query: string) => searchTimeZones(timeZoneOptions([]), query).map((o) => o.zone);

describe('time zones', () => {
  it('offers only zones the API accepts', () => {
    const offered = timeZoneOptions(['UTC']).map((o) => o.zone);
    expect(offered.length).toBeGreaterThan(400);
    expect(offered.filter((z) => !accepted.has(z))).toEqual([]);
  });

  it('puts the given zones first, once', () => {
    const zones = timeZoneOptions(['Europe/Lisbon', 'Europe/Lisbon', 'Asia/Tokyo']).map((o) => o.zone);
    expect(zones.slice(0, 2)).toEqual(['Europe/Lisbon', 'Asia/Tokyo']);
    expect(zones.filter((z) => z === 'Europe/Lisbon' || z === 'Asia/Tokyo')).toHaveLength(2);
    // Then the rest by offset, west to east.
    const rest = timeZoneOptions([]);
    expect(rest.every((o, i) => i === 0 || rest[i - 1]!.offsetMinutes <= o.offsetMinutes)).toBe(true);
  });

  it('names a zone as the mails do, with its offset', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(timeZoneOption('Europe/Lisbon', winter)).toMatchObject({ label: 'WET (Europe/Lisbon)', offset: 'GMT+0', offsetMinutes: 0 });
    expect(timeZoneOption('America/New_York', winter)).toMatchObject({ label: 'EST (America/New_York)', offset: 'GMT-5', offsetMinutes: -300 });
    expect(timeZoneOption('Asia/Kathmandu', winter)).toMatchObject({ offset: 'GMT+5:45', offsetMinutes: 345 });
    expect(timeZoneOption('UTC', winter)).toMatchObject({ label: 'UTC', offset: 'GMT+0' });
    // A zone the browser does not know is shown by its name.
    expect(timeZoneOption('Mars/Olympus', winter)).toMatchObject({ label: 'Mars/Olympus', offset: 'GMT+0' });
  });

  it('finds zones by city, region, abbreviation and old or new name', () => {
    expect(zonesOf('lisb')).toEqual(['Europe/Lisbon']);
    expect(zonesOf('São Paulo')).toEqual(['America/Sao_Paulo']);
    expect(zonesOf('new york')).toEqual(['America/New_York']);
    expect(zonesOf('kolkata')).toEqual(zonesOf('calcutta'));
    expect(zonesOf('kolkata')).toHaveLength(1);
    expect(zonesOf('wet')).toContain('Europe/Lisbon');
    expect(zonesOf('nowhere at all')).toEqual([]);
  });

  it('finds zones by offset, written in the usual ways', () => {
    const all = timeZoneOptions([]);
    const offsets = (query: string) => new Set(searchTimeZones(all, query).map((o) => o.offsetMinutes));
    expect(offsets('+5:30')).toEqual(new Set([330]));
    expect(offsets('GMT+0530')).toEqual(new Set([330]));
    expect(offsets('utc \u22123')).toEqual(new Set(searchTimeZones(all, '-3').map((o) => o.offsetMinutes)));
    for (const m of offsets('+5')) expect(Math.trunc(m / 60)).toBe(5);
    expect(offsets('UTC')).toEqual(new Set([0]));
    expect(offsets('-0')).toEqual(new Set([0]));
  });
});
