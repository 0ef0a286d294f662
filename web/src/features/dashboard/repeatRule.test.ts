import { describe, expect, it } from 'vitest';
import { dayOf, defaultChoice, nthOf, ruleOf } from './repeatRule';

describe('repeat rule', () => {
  it('names the day and the nth weekday of a start', () => {
    expect(dayOf('2027-03-17T19:00')).toBe('WE');
    expect(nthOf('2027-03-17T19:00')).toBe(3);
    expect(nthOf('2027-03-31T19:00')).toBe(-1); // the last Wednesday
    expect(nthOf('2027-02-24T19:00')).toBe(-1); // the 4th, and the last
    expect(nthOf('2027-03-24T19:00')).toBe(4); // the 4th, before a 5th
    expect(dayOf('')).toBeNull();
  });

  it('builds the rule of each choice, days in week order, skipped dates after', () => {
    const start = '2027-03-17T19:00';
    const base = defaultChoice(start);
    expect(ruleOf(base, start)).toBe('');
    expect(ruleOf({ ...base, kind: 'weekly' }, start)).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;COUNT=10');
    expect(ruleOf({ ...base, kind: 'weekly', interval: 2, days: ['TH', 'MO'], end: 'until', until: '2027-06-30' }, start)).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270630T235959Z',
    );
    expect(ruleOf({ ...base, kind: 'monthly-weekday', count: 6 }, start)).toBe('FREQ=MONTHLY;BYDAY=3WE;COUNT=6');
    expect(ruleOf({ ...base, kind: 'monthly-day' }, start)).toBe('FREQ=MONTHLY;BYMONTHDAY=17;COUNT=10');
    expect(ruleOf({ ...base, kind: 'weekly', skip: '2027-04-14, 2027-04-21' }, start)).toBe(
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;COUNT=10\nEXDATE:20270414,20270421',
    );
    expect(ruleOf({ ...base, kind: 'custom', custom: ' FREQ=WEEKLY;BYDAY=WE;COUNT=3 ' }, start)).toBe('FREQ=WEEKLY;BYDAY=WE;COUNT=3');
  });
});
