import { z } from 'zod';
import { addDays, dayOfWeek, easterSunday, holidaysOf, isIsoDate, TIME_ZONE, type IsoDate } from '../platform/calendar.ts';
import { MARKETING_CHANNELS, MARKETING_LIMITS as L, MARKETING_MESSAGES as M, PIECE_FORMATS, PIECE_STATUSES } from './constants.ts';

/**
 * The marketing calendar (decisions 0325–0327): commercial dates, the calendar's
 * query and answer, and the day arithmetic of a piece in America/Sao_Paulo. Browser-safe.
 */

export type CommercialDate = { date: IsoDate; name: string };
const CALENDAR_DATE_KINDS = ['feriado', 'facultativo', 'comercial'] as const;
export type CalendarDateKind = (typeof CALENDAR_DATE_KINDS)[number];
const calendarDateSchema = z.object({ date: z.string(), name: z.string(), kind: z.enum(CALENDAR_DATE_KINDS) });
export type CalendarDate = z.infer<typeof calendarDateSchema>;

const pad = (n: number) => String(n).padStart(2, '0');

/** The `nth` (1-based) `weekday` (0 = Sunday) of a month. */
export function nthWeekdayOf(year: number, month: number, weekday: number, nth: number): IsoDate {
  const first = `${String(year).padStart(4, '0')}-${pad(month)}-01`;
  const offset = (weekday - dayOfWeek(first) + 7) % 7;
  return addDays(first, offset + (nth - 1) * 7);
}

/**
 * The commercial dates Brazilian retail and marketing plan for (decision 0326), in date order.
 * National holidays (Natal, Ano-novo, Carnaval, Sexta-feira Santa…) come from `holidaysOf`.
 */
export function commercialDatesOf(year: number): CommercialDate[] {
  const y = String(year).padStart(4, '0');
  const blackFriday = addDays(nthWeekdayOf(year, 11, 4, 4), 1);
  const list: CommercialDate[] = [
    { date: `${y}-03-08`, name: 'Dia Internacional da Mulher' },
    { date: `${y}-03-15`, name: 'Dia do Consumidor' },
    { date: easterSunday(year), name: 'Páscoa' },
    { date: nthWeekdayOf(year, 5, 0, 2), name: 'Dia das Mães' },
    { date: `${y}-06-12`, name: 'Dia dos Namorados' },
    { date: nthWeekdayOf(year, 8, 0, 2), name: 'Dia dos Pais' },
    { date: `${y}-09-15`, name: 'Dia do Cliente' },
    { date: `${y}-10-12`, name: 'Dia das Crianças' },
    { date: blackFriday, name: 'Black Friday' },
    { date: addDays(blackFriday, 3), name: 'Cyber Monday' },
    { date: `${y}-12-24`, name: 'Véspera de Natal' },
    { date: `${y}-12-31`, name: 'Véspera de Ano-novo' },
  ];
  return list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Holidays (national, pontos facultativos) and commercial dates from `from` to `to`, both included. */
export function calendarDatesBetween(from: IsoDate, to: IsoDate): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const h of holidaysOf(year)) out.push({ date: h.date, name: h.date.endsWith('-01-01') ? 'Ano-novo (Confraternização Universal)' : h.name, kind: h.kind === 'national' ? 'feriado' : 'facultativo' });
    for (const c of commercialDatesOf(year)) out.push({ ...c, kind: 'comercial' });
  }
  const order: Record<CalendarDateKind, number> = { feriado: 0, facultativo: 1, comercial: 2 };
  return out.filter((d) => d.date >= from && d.date <= to).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : order[a.kind] - order[b.kind]));
}

/** Brazil has had no daylight saving time since 2019: America/Sao_Paulo is UTC−3 (decision 0256). */
export const BRAZIL_OFFSET = '-03:00';

/** The calendar day (America/Sao_Paulo) of an instant. */
export function dayInBrazil(at: string | Date): IsoDate {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(at));
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The time of day (America/Sao_Paulo) of an instant, `HH:MM`. */
export function timeInBrazil(at: string | Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(at));
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('hour')}:${get('minute')}`;
}

/** The instant at `time` (`HH:MM`) on `date` in America/Sao_Paulo, as ISO with its offset. */
export const brazilDateTime = (date: IsoDate, time: string) => `${date}T${time}:00${BRAZIL_OFFSET}`;

/** The hour an idea gets when it is dropped on a day (decision 0327). */
export const DEFAULT_PIECE_TIME = '10:00';

/** A piece moved to another day keeps its time of day; an idea without a date gets `DEFAULT_PIECE_TIME`. */
export function moveToDay(scheduledAt: string | null, date: IsoDate): string {
  return brazilDateTime(date, scheduledAt ? timeInBrazil(scheduledAt) : DEFAULT_PIECE_TIME);
}

const csv = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(z.enum(values, { error: message })));
const isoDate = z.string({ error: M.range }).refine(isIsoDate, M.range);

/**
 * `GET /api/marketing/calendar`: the days `from`…`to` (both included, at most
 * `calendarRangeDays`), optionally by clients, channels and statuses (comma lists).
 */
export const calendarQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    clientId: z
      .string()
      .optional()
      .transform((v) => (v ? v.split(',').filter(Boolean) : []))
      .pipe(z.array(z.uuid({ error: M.clientNotFound })).max(50, M.clientNotFound)),
    channel: csv(MARKETING_CHANNELS, M.channel),
    status: csv(PIECE_STATUSES, M.status),
  })
  .refine((q) => q.from <= q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < L.calendarRangeDays, { error: M.range });
export type CalendarQuery = z.input<typeof calendarQuerySchema>;
export type CalendarFilter = z.output<typeof calendarQuerySchema>;

/**
 * A piece as the calendar shows it, compact (a month may hold thousands; decision 0325): its
 * client's name is in the answer's `clients`, and the form loads the whole piece when it opens.
 */
const calendarPieceSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  title: z.string(),
  channel: z.enum(MARKETING_CHANNELS),
  format: z.enum(PIECE_FORMATS),
  status: z.enum(PIECE_STATUSES),
  scheduledAt: z.string(),
});
export type CalendarPiece = z.infer<typeof calendarPieceSchema>;

/** A mass campaign of /campanhas-massa on its day: read-only on the calendar. */
const calendarCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  channel: z.enum(['email', 'whatsapp']),
  /** scheduled, sending, paused, sent. */
  status: z.string(),
  scheduledAt: z.string(),
});
export type CalendarCampaign = z.infer<typeof calendarCampaignSchema>;
export const CAMPAIGN_ITEM_STATUS_LABELS: Record<string, string> = { scheduled: 'Agendada', sending: 'Enviando', paused: 'Pausada', sent: 'Enviada' };

export const calendarViewSchema = z.object({
  from: z.string(),
  to: z.string(),
  clients: z.array(z.object({ id: z.string(), name: z.string() })),
  pieces: z.array(calendarPieceSchema),
  campaigns: z.array(calendarCampaignSchema),
  dates: z.array(calendarDateSchema),
});
export type CalendarView = z.infer<typeof calendarViewSchema>;
