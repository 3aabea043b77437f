import { formatCnpj } from './cnpj-format.ts';
import { formatCpf } from './cpf.ts';
import { formatPhone } from './phone.ts';

/**
 * The one pt-BR format of money, numbers and dates (decision 0432), for the web and for what the
 * server writes for people (PDFs, e-mails, CSVs). Money is integer cents. A calendar day is
 * `YYYY-MM-DD` and never shifts with the time zone; an instant is shown in Brazil's time.
 * A missing value shows as '—'.
 */
const NONE = '—';
const TZ = 'America/Sao_Paulo';
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const brlWhole = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const integer = new Intl.NumberFormat('pt-BR');
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const dayFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC' });
const dayMonthFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: 'long' });
const dayMonthNumericFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit' });
const shortDayFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: 'short' });
const longDayFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: 'short', year: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, dateStyle: 'short', timeStyle: 'short' });
const instantDayFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ });
const shortDateTimeFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
const dayMonthTimeFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' });
const weekdayDateTimeFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, weekday: 'short', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
const longDateTimeFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, dateStyle: 'long', timeStyle: 'short' });
const weekdayDayMonthFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
const weekdayShortFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'short' });
const weekdayDayFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'long', day: '2-digit', month: '2-digit' });
const monthYearFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const timeFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, hour: '2-digit', minute: '2-digit' });
const compactBrl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });
const monthShortYearFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'short', year: 'numeric' });
const monthShortFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'short', year: '2-digit' });

type Maybe<T> = T | null | undefined;
const calendarDay = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** 650000 → 'R$ 6.500,00'. */
export const money = (cents: Maybe<number>) => (cents == null ? NONE : brl.format(cents / 100));
/** 18390 → 'R$ 183': rounded down, for figures quoted in prose ('cerca de R$ 183/mês'). */
export const moneyWhole = (cents: number) => brlWhole.format(Math.floor(cents / 100));
/** 120000000 → 'R$ 1,2 mi' (chart axes, column totals). */
export const compactMoney = (cents: Maybe<number>) => (cents == null ? NONE : compactBrl.format(cents / 100));
/** 12345 → '12.345'. */
export const count = (n: Maybe<number>) => (n == null ? NONE : integer.format(n));
/** 2.5 → '2,5'. */
export const number = (n: Maybe<number>) => (n == null ? NONE : decimal.format(n));
/** 2.5 → '2,5 dias', 1 → '1 dia' (an average span). */
export const days = (n: Maybe<number>) => (n == null ? NONE : `${oneDecimal.format(n)} ${n === 1 ? 'dia' : 'dias'}`);
/** 0.125 → '12,5%' (a share from 0 to 1). */
export const percent = (share: Maybe<number>, digits = 0) =>
  share == null ? NONE : new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: digits }).format(share);

/** '2026-03-05' → '05/03/2026'. */
export const day = (iso: Maybe<string>) => (iso ? dayFmt.format(calendarDay(iso)) : NONE);
/** '2026-03-05' → '05 de março'. */
export const dayMonth = (iso: Maybe<string>) => (iso ? dayMonthFmt.format(calendarDay(iso)) : NONE);
/** '2026-03-05' → '05/03' (a chart's axis of days). */
export const dayMonthNumeric = (iso: Maybe<string>) => (iso ? dayMonthNumericFmt.format(calendarDay(iso)) : NONE);
/** '2026-03-05' → '05 de mar.'. */
export const shortDay = (iso: Maybe<string>) => (iso ? shortDayFmt.format(calendarDay(iso)) : NONE);
/** '2026-03-05' → '05 de mar. de 2026'. */
export const longDay = (iso: Maybe<string>) => (iso ? longDayFmt.format(calendarDay(iso)) : NONE);
/** An instant in Brazil's time: '05/03/2026, 14:30'. */
export const dateTime = (at: Maybe<string | Date>) => (at ? dateTimeFmt.format(new Date(at)) : NONE);
/** The day an instant falls on in Brazil: '05/03/2026' (an expiry, a payment's moment). */
export const dayOf = (at: Maybe<string | Date>) => (at ? instantDayFmt.format(new Date(at)) : NONE);
/** An instant in Brazil's time without the year (a chart's axis): '05/03, 14:30'. */
export const shortDateTime = (at: Maybe<string | Date>) => (at ? shortDateTimeFmt.format(new Date(at)) : NONE);
/** An instant in Brazil's time, the month short: '05 de mar., 14:30'. */
export const dayMonthTime = (at: Maybe<string | Date>) => (at ? dayMonthTimeFmt.format(new Date(at)) : NONE);
/** An instant in Brazil's time with its weekday: 'qui., 05/03, 14:30'. */
export const weekdayDateTime = (at: Maybe<string | Date>) => (at ? weekdayDateTimeFmt.format(new Date(at)) : NONE);
/** An instant in Brazil's time, in words: '5 de março de 2026 às 14:30'. */
export const longDateTime = (at: Maybe<string | Date>) => (at ? longDateTimeFmt.format(new Date(at)) : NONE);
/** '2026-03-05' → 'quinta-feira, 05/03'. */
export const weekdayDay = (iso: Maybe<string>) => (iso ? weekdayDayFmt.format(calendarDay(iso)) : NONE);
/** '2026-11-12' → 'quinta-feira, 12 de novembro' (a calendar's day). */
export const weekdayDayMonth = (iso: Maybe<string>) => (iso ? weekdayDayMonthFmt.format(calendarDay(iso)) : NONE);
/** '2026-11-12' → 'qui' (a calendar's column). */
export const weekdayShort = (iso: Maybe<string>) => (iso ? weekdayShortFmt.format(calendarDay(iso)).replace('.', '') : NONE);
/** An instant's time of day in Brazil: '14:30'. */
export const time = (at: Maybe<string | Date>) => (at ? timeFmt.format(new Date(at)) : NONE);
const firstOfMonth = (yearMonth: string) => calendarDay(`${yearMonth.slice(0, 7)}-01`);
/** '2026-03' or a day of it → 'março de 2026'. */
export const month = (yearMonth: Maybe<string>) => (yearMonth ? monthYearFmt.format(firstOfMonth(yearMonth)) : NONE);
/** '2026-03' → 'mar. de 26'. */
export const shortMonth = (yearMonth: Maybe<string>) => (yearMonth ? monthShortFmt.format(firstOfMonth(yearMonth)) : NONE);
/** '2026-03' → 'mar de 2026' (a report's column of months). */
export const shortMonthYear = (yearMonth: Maybe<string>) => (yearMonth ? monthShortYearFmt.format(firstOfMonth(yearMonth)).replace('.', '') : NONE);
/** '05/03/2026 a 10/03/2026', 'desde …', 'até …'. */
export const period = (start: Maybe<string>, end: Maybe<string>) =>
  start && end ? `${day(start)} a ${day(end)}` : start ? `desde ${day(start)}` : end ? `até ${day(end)}` : NONE;
const relativeFmt = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' });
const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];
/** An instant from now: 'agora', 'há 5 minutos', 'ontem', 'há 3 semanas'. */
export function relativeTime(at: string | Date, now: number = Date.now()): string {
  let value = (new Date(at).getTime() - now) / 1000;
  if (Math.abs(value) < 45) return 'agora';
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return relativeFmt.format(Math.round(value), unit);
    value /= size;
  }
  return relativeFmt.format(Math.round(value), 'year');
}
/** 0 → 'hoje', 1 → 'amanhã', 5 → 'em 5 dias', -2 → 'há 2 dias'. */
export const inDays = (n: number) => (n === 0 ? 'hoje' : n === 1 ? 'amanhã' : n === -1 ? 'ontem' : n > 0 ? `em ${n} dias` : `há ${-n} dias`);
/** 75 → '1 min 15 s'; 3600 → '1 h'. */
export function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  if (h) return `${h} h${m ? ` ${m} min` : ''}`;
  if (m) return `${m} min${s ? ` ${s} s` : ''}`;
  return `${s} s`;
}

/** 11 digits → '123.456.789-09'; 14 characters → '12.345.678/0001-95'. */
export const document = (value: Maybe<string>) => (!value ? NONE : value.replace(/\D/g, '').length === 11 ? formatCpf(value) : formatCnpj(value));
export const cpf = (value: Maybe<string>) => (value ? formatCpf(value) : NONE);
export const cnpj = (value: Maybe<string>) => (value ? formatCnpj(value) : NONE);
export const phone = (value: Maybe<string>) => (value ? formatPhone(value) : NONE);
/** '01310100' → '01310-100'. */
export const cep = (value: Maybe<string>) => (!value ? NONE : value.length === 8 ? `${value.slice(0, 5)}-${value.slice(5)}` : value);
