import { describe, expect, it } from 'vitest';
import { toApiTime, toLocalInput } from './eventTimes';

describe('event times in the event’s zone', () => {
  it('reads and writes wall-clock times of the zone, across daylight saving', () => {
    expect(toApiTime('2030-05-01T18:30', 'Europe/Paris')).toBe('2030-05-01T16:30:00.000Z');
    expect(toApiTime('2030-01-15T18:30', 'Europe/Paris')).toBe('2030-01-15T17:30:00.000Z');
    expect(toApiTime('2030-05-01T09:00', 'Asia/Tokyo')).toBe('2030-05-01T00:00:00.000Z');
    expect(toLocalInput('2030-05-01T16:30:45Z', 'Europe/Paris')).toBe('2030-05-01T18:30');
    expect(toLocalInput('2030-05-01T00:00:00Z', 'America/Denver')).toBe('2030-04-30T18:00');
    // The night the clocks go forward in Paris, 03:30 comes after 01:59.
    expect(toApiTime('2030-03-31T03:30', 'Europe/Paris')).toBe('2030-03-31T01:30:00.000Z');
  });

  it('falls back to the browser’s zone for an unknown one, and passes on what it cannot read', () => {
    expect(toApiTime('2030-05-01T18:30', 'Mars/Olympus')).toBe(new Date('2030-05-01T18:30').toISOString());
    expect(toApiTime('tomorrow', 'Europe/Paris')).toBe('tomorrow');
    expect(toApiTime('', 'Europe/Paris')).toBe('');
  });
});
