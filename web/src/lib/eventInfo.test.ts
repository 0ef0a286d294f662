import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n/i18n';
import { upcomingEvent } from '@/test/fixtures';
import { whereOf } from './eventInfo';

describe('whereOf', () => {
  it('tells the place and city, and whether the event is online too', () => {
    expect(whereOf({ ...upcomingEvent, location: 'Riverside Park', city: 'Lyon' })).toBe('Riverside Park · Lyon');
    expect(whereOf({ ...upcomingEvent, location: 'Riverside Park', city: '', online: true })).toBe('Online and at Riverside Park');
    expect(whereOf({ ...upcomingEvent, location: 'Riverside Park', city: 'Lyon', online: true })).toBe('Online and at Riverside Park · Lyon');
    expect(whereOf({ ...upcomingEvent, location: ' online ', city: '', online: true })).toBe('Online');
  });

  it('tells it in the language shown', async () => {
    await changeLanguage('de');
    expect(whereOf({ ...upcomingEvent, location: 'Riverside Park', city: 'Lyon', online: true })).toBe('Online und vor Ort: Riverside Park · Lyon');
    await changeLanguage('fr');
    expect(whereOf({ ...upcomingEvent, location: 'online', city: '', online: true })).toBe('En ligne');
  });
});
