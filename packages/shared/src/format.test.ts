import { describe, expect, it } from 'vitest';
import * as f from './format.ts';

describe('the one pt-BR format', () => {
  it('formats money in cents and numbers the Brazilian way', () => {
    expect(f.money(650000)).toBe('R$\u00a06.500,00');
    expect(f.money(1)).toBe('R$\u00a00,01');
    expect(f.money(-123456789)).toBe('-R$\u00a01.234.567,89');
    expect(f.money(null)).toBe('—');
    expect(f.count(1234567)).toBe('1.234.567');
    expect(f.number(2.5)).toBe('2,5');
    expect(f.days(2.46)).toBe('2,5 dias');
    expect(f.days(1)).toBe('1 dia');
    expect(f.percent(0.125, 1)).toBe('12,5%');
    expect(f.compactMoney(120000000)).toBe('R$\u00a01,2\u00a0mi');
  });
  it('shows a calendar day without a time-zone shift and instants in Brazil time', () => {
    expect(f.day('2026-03-05')).toBe('05/03/2026');
    expect(f.day('2026-01-01T00:00:00.000Z')).toBe('01/01/2026');
    expect(f.dayMonth('2026-03-05')).toBe('05 de março');
    expect(f.dateTime('2026-03-05T02:30:00Z')).toBe('04/03/2026, 23:30');
    expect(f.dayOf('2026-03-05T02:30:00Z')).toBe('04/03/2026');
    expect(f.dayOf(null)).toBe('—');
    expect(f.moneyWhole(18399)).toBe('R$\u00a0183');
    expect(f.shortDateTime('2026-03-05T02:30:00Z')).toBe('04/03, 23:30');
    expect(f.dayMonthTime('2026-03-05T17:30:00Z')).toBe('05 de mar., 14:30');
    expect(f.weekdayDateTime('2026-03-05T17:30:00Z')).toBe('qui., 05/03, 14:30');
    expect(f.longDateTime('2026-03-05T17:30:00Z')).toBe('5 de março de 2026 às 14:30');
    expect(f.weekdayDay('2026-03-05')).toBe('quinta-feira, 05/03');
    expect(f.month('2026-03-05')).toBe('março de 2026');
    expect(f.shortMonthYear('2026-03')).toBe('mar de 2026');
    expect(f.dayMonthNumeric('2026-03-05')).toBe('05/03');
    expect(f.time('2026-03-05T17:00:00Z')).toBe('14:00');
    expect(f.shortDateTime('2026-03-05T02:30:00Z')).toBe('04/03, 23:30');
    expect(f.month('2026-03')).toBe('março de 2026');
    expect(f.shortMonth('2026-03')).toBe('mar. de 26');
    expect(f.period('2026-03-05', '2026-03-10')).toBe('05/03/2026 a 10/03/2026');
    expect(f.period(null, '2026-03-10')).toBe('até 10/03/2026');
    expect(f.inDays(0)).toBe('hoje');
    expect(f.inDays(-2)).toBe('há 2 dias');
    expect(f.duration(75)).toBe('1 min 15 s');
  });
  it('formats Brazilian documents and phones', () => {
    expect(f.document('12345678909')).toBe('123.456.789-09');
    expect(f.document('12345678000195')).toBe('12.345.678/0001-95');
    expect(f.phone('11934567890')).toBe('(11) 93456-7890');
    expect(f.cep('01310100')).toBe('01310-100');
    expect(f.cpf(null)).toBe('—');
  });

  it('says how long ago an instant was: agora, minutes, hours, ontem, days, weeks', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
    expect(f.relativeTime(ago(10), now)).toBe('agora');
    expect(f.relativeTime(ago(5 * 60), now)).toBe('há 5 minutos');
    expect(f.relativeTime(ago(3 * 3600), now)).toBe('há 3 horas');
    expect(f.relativeTime(ago(26 * 3600), now)).toBe('ontem');
    expect(f.relativeTime(ago(4 * 86400), now)).toBe('há 4 dias');
    expect(f.relativeTime(ago(15 * 86400), now)).toBe('há 2 semanas');
  });
});
