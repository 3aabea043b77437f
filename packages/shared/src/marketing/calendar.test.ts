import { describe, expect, it } from 'vitest';
import { brazilDateTime, calendarDatesBetween, calendarQuerySchema, commercialDatesOf, dayInBrazil, moveToDay, nthWeekdayOf, timeInBrazil } from './calendar.ts';

const on = (year: number, name: string) => commercialDatesOf(year).find((d) => d.name === name)?.date;

describe('commercial dates', () => {
  it('Dia das Mães is the second Sunday of May, Dia dos Pais the second of August', () => {
    expect(on(2026, 'Dia das Mães')).toBe('2026-05-10');
    expect(on(2025, 'Dia das Mães')).toBe('2025-05-11');
    expect(on(2027, 'Dia das Mães')).toBe('2027-05-09');
    expect(on(2026, 'Dia dos Pais')).toBe('2026-08-09');
    expect(on(2025, 'Dia dos Pais')).toBe('2025-08-10');
  });

  it('Black Friday is the Friday after the fourth Thursday of November; Cyber Monday the Monday after', () => {
    expect(on(2026, 'Black Friday')).toBe('2026-11-27');
    expect(on(2025, 'Black Friday')).toBe('2025-11-28');
    // November 2029 starts on a Thursday: the fourth Thursday is the 22nd.
    expect(on(2029, 'Black Friday')).toBe('2029-11-23');
    expect(on(2026, 'Cyber Monday')).toBe('2026-11-30');
    expect(on(2025, 'Cyber Monday')).toBe('2025-12-01');
  });

  it('fixed dates and Easter', () => {
    expect(on(2026, 'Dia dos Namorados')).toBe('2026-06-12');
    expect(on(2026, 'Dia do Consumidor')).toBe('2026-03-15');
    expect(on(2026, 'Dia das Crianças')).toBe('2026-10-12');
    expect(on(2026, 'Páscoa')).toBe('2026-04-05');
    expect(on(2027, 'Páscoa')).toBe('2027-03-28');
    const dates = commercialDatesOf(2026).map((d) => d.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('nthWeekdayOf', () => {
    expect(nthWeekdayOf(2026, 11, 4, 4)).toBe('2026-11-26');
    expect(nthWeekdayOf(2026, 2, 0, 1)).toBe('2026-02-01');
  });
});

describe('calendar dates in a range', () => {
  it('holidays, pontos facultativos (Carnaval 2027, Corpus Christi) and commercial dates', () => {
    const feb2027 = calendarDatesBetween('2027-02-01', '2027-02-28');
    expect(feb2027).toEqual([
      { date: '2027-02-08', name: 'Carnaval (segunda-feira)', kind: 'facultativo' },
      { date: '2027-02-09', name: 'Carnaval (terça-feira)', kind: 'facultativo' },
    ]);
    expect(calendarDatesBetween('2026-06-01', '2026-06-30')).toEqual([
      { date: '2026-06-04', name: 'Corpus Christi', kind: 'facultativo' },
      { date: '2026-06-12', name: 'Dia dos Namorados', kind: 'comercial' },
    ]);
    expect(calendarDatesBetween('2027-05-27', '2027-05-27')).toEqual([{ date: '2027-05-27', name: 'Corpus Christi', kind: 'facultativo' }]);
    const oct = calendarDatesBetween('2026-10-12', '2026-10-12');
    expect(oct.map((d) => d.kind)).toEqual(['feriado', 'comercial']);
    expect(oct.map((d) => d.name)).toEqual(['Nossa Senhora Aparecida', 'Dia das Crianças']);
  });

  it('spans a new year', () => {
    const names = calendarDatesBetween('2026-12-20', '2027-01-10').map((d) => `${d.date} ${d.name}`);
    expect(names).toEqual(['2026-12-24 Véspera de Natal', '2026-12-25 Natal', '2026-12-31 Véspera de Ano-novo', '2027-01-01 Ano-novo (Confraternização Universal)']);
  });
});

describe('days and times in America/Sao_Paulo', () => {
  it('reads the day and the time of an instant in Brazil', () => {
    expect(dayInBrazil('2026-12-04T01:30:00Z')).toBe('2026-12-03');
    expect(timeInBrazil('2026-12-04T01:30:00Z')).toBe('22:30');
    expect(brazilDateTime('2026-12-03', '09:15')).toBe('2026-12-03T09:15:00-03:00');
  });

  it('moving keeps the time of day; an idea gets 10:00', () => {
    expect(moveToDay('2026-12-04T01:30:00.000Z', '2026-12-10')).toBe('2026-12-10T22:30:00-03:00');
    expect(new Date(moveToDay('2026-12-04T01:30:00.000Z', '2026-12-10')).toISOString()).toBe('2026-12-11T01:30:00.000Z');
    expect(moveToDay(null, '2026-12-10')).toBe('2026-12-10T10:00:00-03:00');
  });
});

describe('the calendar query', () => {
  it('takes a range of days up to 62, clients and channels as lists', () => {
    const ok = calendarQuerySchema.safeParse({ from: '2026-11-30', to: '2027-01-10', channel: 'instagram,blog', clientId: '' });
    expect(ok.success && ok.data).toMatchObject({ channel: ['instagram', 'blog'], clientId: [], status: [] });
    expect(calendarQuerySchema.safeParse({ from: '2026-01-01', to: '2026-03-03' }).success).toBe(true);
    expect(calendarQuerySchema.safeParse({ from: '2026-01-01', to: '2026-03-04' }).success).toBe(false);
    expect(calendarQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(calendarQuerySchema.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
    expect(calendarQuerySchema.safeParse({ from: '2026-02-01', to: '2026-02-10', channel: 'orkut' }).success).toBe(false);
  });
});
