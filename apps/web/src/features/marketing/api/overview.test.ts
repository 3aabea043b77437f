import { describe, expect, it } from 'vitest';
import { startOf, thisMonth, thisWeek } from './overview.ts';

describe('marketing overview ranges', () => {
  it('the week runs Monday to Sunday around today', () => {
    expect(thisWeek('2026-11-25')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    // A Sunday belongs to the week that started on the Monday before it.
    expect(thisWeek('2026-11-29')[0]).toBe('2026-11-23');
    expect(thisWeek('2026-11-23')[0]).toBe('2026-11-23');
    // Across a year.
    expect(thisWeek('2027-01-01')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it('the month is its first day to the first of the next, in São Paulo time', () => {
    expect(thisMonth('2026-11-25')).toEqual({ first: '2026-11-01', next: '2026-12-01' });
    expect(thisMonth('2026-12-31')).toEqual({ first: '2026-12-01', next: '2027-01-01' });
    expect(startOf('2026-12-01')).toBe('2026-12-01T00:00:00-03:00');
  });
});
