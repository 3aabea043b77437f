import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrenceIn, upcoming } from './dates.ts';

describe('rh dates: birthdays and work anniversaries', () => {
  it('finds the next occurrence this year, today included', () => {
    expect(nextOccurrence('1990-12-10', '2026-12-01')).toEqual({ date: '2026-12-10', inDays: 9, years: 36 });
    expect(nextOccurrence('1990-12-01', '2026-12-01')).toEqual({ date: '2026-12-01', inDays: 0, years: 36 });
  });

  it('turns the year: a January birthday seen in December is next year', () => {
    expect(nextOccurrence('1985-01-05', '2026-12-20')).toEqual({ date: '2027-01-05', inDays: 16, years: 42 });
    expect(nextOccurrence('1985-12-19', '2026-12-20')).toEqual({ date: '2027-12-19', inDays: 364, years: 42 });
  });

  it('29 February is celebrated on 28 February outside leap years, on the 29th in leap years', () => {
    expect(occurrenceIn('2000-02-29', 2027)).toBe('2027-02-28');
    expect(occurrenceIn('2000-02-29', 2028)).toBe('2028-02-29');
    expect(nextOccurrence('2000-02-29', '2027-02-20')).toEqual({ date: '2027-02-28', inDays: 8, years: 27 });
    expect(nextOccurrence('2000-02-29', '2028-02-20')).toEqual({ date: '2028-02-29', inDays: 9, years: 28 });
    // On 28/02 of a common year it is today; on 01/03 it has passed.
    expect(nextOccurrence('2000-02-29', '2027-02-28').inDays).toBe(0);
    expect(nextOccurrence('2000-02-29', '2027-03-01').date).toBe('2028-02-29');
  });

  it('lists the next 30 days soonest first, across the year turn; anniversaries from the first year', () => {
    const people = [
      { id: 'a', date: '1990-01-10' },
      { id: 'b', date: '1991-12-25' },
      { id: 'c', date: '1992-02-15' }, // 57 days away
      { id: 'd', date: null },
      { id: 'e', date: '2026-12-22' }, // admitted today: no anniversary yet
      { id: 'f', date: '2027-01-01' }, // in the future
    ];
    const today = '2026-12-22';
    expect(upcoming(people, today).map((p) => [p.id, p.next, p.inDays])).toEqual([
      ['e', '2026-12-22', 0],
      ['b', '2026-12-25', 3],
      ['a', '2027-01-10', 19],
    ]);
    expect(upcoming(people, today, 30, 1).map((p) => [p.id, p.years])).toEqual([
      ['b', 35],
      ['a', 37],
    ]);
    // The 30th day is in, the 31st out.
    expect(upcoming([{ date: '2000-01-21' }], today)).toHaveLength(1);
    expect(upcoming([{ date: '2000-01-22' }], today)).toHaveLength(0);
  });
});
