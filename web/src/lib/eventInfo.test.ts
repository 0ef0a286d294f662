import { describe, expect, it } from 'vitest';
import { upcomingEvent } from '@/test/fixtures';
import { whereOf } from './eventInfo';

describe('whereOf', () => {
  it('tells the place and city, and whether the event is online too', () => {
    expect(whereOf({ ...upcomingEvent, location: 'Riverside Park', city: 'Lyon' })).toBe('Riverside Park · Lyon');
    expect(whereOf({ ...upcomingEvent, location: 'Riverside Park', city: '', online: true })).toBe('Online and at Riverside Park');
    expect(whereOf({ ...upcomingEvent, location: 'Riverside Park', city: 'Lyon', online: true })).toBe('Online and at Riverside Park · Lyon');
    expect(whereOf({ ...upcomingEvent, location: ' online ', city: '', online: true })).toBe('Online');
  });
});
