import { describe, expect, it } from 'vitest';
import { weekdayDayMonth } from '@sede/shared/format';
import { daysBetween, periodTitle, rangeOf, step } from './calendar-style.ts';

describe('the calendar views’ days', () => {
  it('the month view asks for whole weeks, Sunday first', () => {
    expect(rangeOf('mes', '2026-11-10')).toEqual({ from: '2026-11-01', to: '2026-12-05' });
    expect(rangeOf('mes', '2027-02-14')).toEqual({ from: '2027-01-31', to: '2027-03-06' });
    expect(daysBetween(rangeOf('mes', '2026-11-10').from, rangeOf('mes', '2026-11-10').to)).toHaveLength(35);
  });
  it('the week runs Sunday to Saturday; the list is the month', () => {
    expect(rangeOf('semana', '2026-11-11')).toEqual({ from: '2026-11-08', to: '2026-11-14' });
    expect(rangeOf('semana', '2026-11-08')).toEqual({ from: '2026-11-08', to: '2026-11-14' });
    expect(rangeOf('lista', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(rangeOf('lista', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
  it('steps by month or week across years', () => {
    expect(step('mes', '2026-12-15', 1)).toBe('2027-01-01');
    expect(step('lista', '2026-01-15', -1)).toBe('2025-12-01');
    expect(step('semana', '2026-12-29', 1)).toBe('2027-01-05');
  });
  it('titles in Portuguese', () => {
    expect(periodTitle('mes', '2026-11-10')).toBe('novembro de 2026');
    expect(periodTitle('semana', '2026-11-10')).toBe('08/11 a 14/11/2026');
    expect(weekdayDayMonth('2026-11-12')).toBe('quinta-feira, 12 de novembro');
  });
});
