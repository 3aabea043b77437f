import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addDays,
  businessDaysBetween,
  daysBetween,
  easterSunday,
  holidayOn,
  holidaysOf,
  isBusinessDay,
  isIsoDate,
  nextBusinessDay,
  todayInBrazil,
} from './calendar.ts';

describe('Easter', () => {
  // Published Easter Sundays (Western churches).
  const TABLE: Record<number, string> = {
    1943: '1943-04-25',
    1954: '1954-04-18',
    1981: '1981-04-19',
    2000: '2000-04-23',
    2008: '2008-03-23',
    2010: '2010-04-04',
    2011: '2011-04-24',
    2012: '2012-04-08',
    2013: '2013-03-31',
    2014: '2014-04-20',
    2015: '2015-04-05',
    2016: '2016-03-27',
    2017: '2017-04-16',
    2018: '2018-04-01',
    2019: '2019-04-21',
    2020: '2020-04-12',
    2021: '2021-04-04',
    2022: '2022-04-17',
    2023: '2023-04-09',
    2024: '2024-03-31',
    2025: '2025-04-20',
    2026: '2026-04-05',
    2027: '2027-03-28',
    2028: '2028-04-16',
    2029: '2029-04-01',
    2030: '2030-04-21',
    2038: '2038-04-25',
    2285: '2285-03-22',
  };
  it('matches the published dates', () => {
    for (const [year, date] of Object.entries(TABLE)) expect(easterSunday(Number(year)), year).toBe(date);
  });
  it('always falls on a Sunday between 22 March and 25 April', () => {
    for (let y = 1900; y <= 2200; y++) {
      const e = easterSunday(y);
      expect(new Date(`${e}T00:00:00Z`).getUTCDay(), e).toBe(0);
      expect(e.slice(5) >= '03-22' && e.slice(5) <= '04-25', e).toBe(true);
    }
  });
});

describe('holidays', () => {
  it('2025: the national holidays and pontos facultativos', () => {
    expect(holidaysOf(2025).map((h) => [h.date, h.kind])).toEqual([
      ['2025-01-01', 'national'],
      ['2025-03-03', 'optional'],
      ['2025-03-04', 'optional'],
      ['2025-04-18', 'national'],
      ['2025-04-21', 'national'],
      ['2025-05-01', 'national'],
      ['2025-06-19', 'optional'],
      ['2025-09-07', 'national'],
      ['2025-10-12', 'national'],
      ['2025-11-02', 'national'],
      ['2025-11-15', 'national'],
      ['2025-11-20', 'national'],
      ['2025-12-25', 'national'],
    ]);
  });
  it('2026: movable dates from Easter (5 April)', () => {
    expect(holidayOn('2026-02-16')?.name).toBe('Carnaval (segunda-feira)');
    expect(holidayOn('2026-02-17')?.name).toBe('Carnaval (terça-feira)');
    expect(holidayOn('2026-02-18')).toBeUndefined(); // Quarta-feira de Cinzas is a business day
    expect(holidayOn('2026-04-03')?.name).toBe('Sexta-feira Santa');
    expect(holidayOn('2026-06-04')?.name).toBe('Corpus Christi');
    expect(holidayOn('2026-11-20')?.name).toBe('Dia Nacional de Zumbi e da Consciência Negra');
  });
  it('Consciência Negra is national from 2024 on (Lei 14.759/2023)', () => {
    expect(holidayOn('2023-11-20')).toBeUndefined();
    expect(holidayOn('2024-11-20')?.kind).toBe('national');
  });
  it('names are in Portuguese', () => {
    expect(holidaysOf(2026).map((h) => h.name)).toContain('Proclamação da República');
    expect(holidayOn('2026-12-25')?.name).toBe('Natal');
  });
});

describe('business days', () => {
  it('weekends and holidays are not business days', () => {
    expect(isBusinessDay('2025-11-17')).toBe(true); // Monday
    expect(isBusinessDay('2025-11-22')).toBe(false); // Saturday
    expect(isBusinessDay('2025-11-23')).toBe(false); // Sunday
    expect(isBusinessDay('2025-11-20')).toBe(false); // Consciência Negra, Thursday
    expect(isBusinessDay('2026-04-03')).toBe(false); // Sexta-feira Santa
    expect(isBusinessDay('2026-04-21')).toBe(false); // Tiradentes, Tuesday
  });
  it('pontos facultativos are days off by default, business days on request', () => {
    expect(isBusinessDay('2026-02-16')).toBe(false);
    expect(isBusinessDay('2026-02-16', { optionalDaysOff: false })).toBe(true);
    expect(isBusinessDay('2026-06-04')).toBe(false);
    expect(isBusinessDay('2026-06-04', { optionalDaysOff: false })).toBe(true);
    // A national holiday stays off whatever the option.
    expect(isBusinessDay('2026-04-03', { optionalDaysOff: false })).toBe(false);
  });
  it('nextBusinessDay skips weekends and holidays', () => {
    expect(nextBusinessDay('2026-02-13')).toBe('2026-02-18'); // Friday → past Carnaval → Ash Wednesday
    expect(nextBusinessDay('2026-02-13', { optionalDaysOff: false })).toBe('2026-02-16');
    expect(nextBusinessDay('2025-12-24')).toBe('2025-12-26');
    expect(nextBusinessDay('2025-12-31')).toBe('2026-01-02');
    expect(nextBusinessDay('2026-04-02')).toBe('2026-04-06'); // Thursday → past Good Friday and the weekend
  });
  it('addBusinessDays counts only business days, both ways', () => {
    expect(addBusinessDays('2025-11-17', 5)).toBe('2025-11-25'); // skips 20/11 and the weekend
    expect(addBusinessDays('2025-11-25', -5)).toBe('2025-11-17');
    expect(addBusinessDays('2026-04-01', 2)).toBe('2026-04-06');
    expect(addBusinessDays('2025-11-22', 0)).toBe('2025-11-24'); // a Saturday due date moves to Monday
    expect(addBusinessDays('2025-11-24', 0)).toBe('2025-11-24');
    expect(() => addBusinessDays('2025-11-24', 1.5)).toThrow();
  });
  it('businessDaysBetween counts the days after the start up to the end', () => {
    expect(businessDaysBetween('2025-11-17', '2025-11-18')).toBe(1);
    expect(businessDaysBetween('2025-11-17', '2025-11-24')).toBe(4); // 18, 19, 21, 24
    expect(businessDaysBetween('2025-11-24', '2025-11-17')).toBe(-4);
    expect(businessDaysBetween('2025-11-17', '2025-11-17')).toBe(0);
    // 2025: 261 weekdays, minus 1 January (the start) and 8 weekday holidays and pontos facultativos.
    expect(businessDaysBetween('2025-01-01', '2025-12-31')).toBe(252);
  });
  it('addBusinessDays and businessDaysBetween agree', () => {
    for (let n = 1; n <= 60; n++) expect(businessDaysBetween('2026-01-02', addBusinessDays('2026-01-02', n))).toBe(n);
  });
});

describe('dates', () => {
  it('refuses what is not a calendar day', () => {
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('25-01-01')).toBe(false);
    expect(() => isBusinessDay('2025-02-30')).toThrow();
  });
  it('addDays crosses months and years', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
  it('daysBetween counts calendar days, either way', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-01-01', '2025-12-31')).toBe(-1);
    expect(daysBetween('2026-12-04', addDays('2026-12-04', 10))).toBe(10);
  });
  it("today is São Paulo's calendar day (UTC-3)", () => {
    expect(todayInBrazil(new Date('2026-01-01T02:59:00Z'))).toBe('2025-12-31');
    expect(todayInBrazil(new Date('2026-01-01T03:00:00Z'))).toBe('2026-01-01');
  });
});
