/**
 * The Brazilian calendar in one place (decision 0127): national holidays,
 * the nationwide pontos facultativos (Carnaval, Corpus Christi) and business days (dias úteis),
 * used for due dates, reminders and SLAs. Dates are calendar days `YYYY-MM-DD` in
 * America/Sao_Paulo; no time of day and no time zone arithmetic beyond `todayInBrazil`.
 * Browser-safe. State and municipal holidays are not included.
 */

export type IsoDate = string;
export type HolidayKind = 'national' | 'optional';
export type Holiday = { date: IsoDate; name: string; kind: HolidayKind };

export type BusinessDayOptions = {
  /**
   * Whether the nationwide pontos facultativos (Carnaval Monday and Tuesday, Corpus Christi)
   * are days off. Default true: banks close on them (Febraban's calendar) and most companies
   * do not work; pass false to count them as business days.
   */
  optionalDaysOff?: boolean;
};

export const TIME_ZONE = 'America/Sao_Paulo';
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Fixed national holidays (Lei 662/1949, 6.802/1980, 10.607/2002, 14.759/2023). */
const FIXED: ReadonlyArray<{ md: string; name: string; since?: number }> = [
  { md: '01-01', name: 'Confraternização Universal' },
  { md: '04-21', name: 'Tiradentes' },
  { md: '05-01', name: 'Dia do Trabalho' },
  { md: '09-07', name: 'Independência do Brasil' },
  { md: '10-12', name: 'Nossa Senhora Aparecida' },
  { md: '11-02', name: 'Finados' },
  { md: '11-15', name: 'Proclamação da República' },
  { md: '11-20', name: 'Dia Nacional de Zumbi e da Consciência Negra', since: 2024 },
  { md: '12-25', name: 'Natal' },
];

const pad = (n: number, len = 2) => String(n).padStart(len, '0');
const fromUtc = (d: Date): IsoDate => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Parses `YYYY-MM-DD` (a real calendar day) into a UTC midnight Date; throws otherwise. */
function toUtc(date: IsoDate): Date {
  const m = ISO.exec(date);
  if (!m) throw new RangeError(`Data inválida: ${date}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (fromUtc(d) !== date) throw new RangeError(`Data inválida: ${date}`);
  return d;
}

export function isIsoDate(value: string): boolean {
  try {
    toUtc(value);
    return true;
  } catch {
    return false;
  }
}

/** The date `days` calendar days after `date` (negative: before). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtc(new Date(toUtc(date).getTime() + days * DAY_MS));
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDate, to: IsoDate): number => Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / DAY_MS);

/** 0 = Sunday … 6 = Saturday. */
export const dayOfWeek = (date: IsoDate): number => toUtc(date).getUTCDay();

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

const cache = new Map<number, readonly Holiday[]>();

/** The year's national holidays and pontos facultativos, in date order. */
export function holidaysOf(year: number): readonly Holiday[] {
  const hit = cache.get(year);
  if (hit) return hit;
  const easter = easterSunday(year);
  const list: Holiday[] = FIXED.filter((f) => !f.since || year >= f.since).map((f) => ({ date: `${pad(year, 4)}-${f.md}`, name: f.name, kind: 'national' as const }));
  list.push(
    { date: addDays(easter, -48), name: 'Carnaval (segunda-feira)', kind: 'optional' },
    { date: addDays(easter, -47), name: 'Carnaval (terça-feira)', kind: 'optional' },
    { date: addDays(easter, -2), name: 'Sexta-feira Santa', kind: 'national' },
    { date: addDays(easter, 60), name: 'Corpus Christi', kind: 'optional' },
  );
  list.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
  cache.set(year, list);
  return list;
}

/** The holiday or ponto facultativo on this date, if any. */
export function holidayOn(date: IsoDate): Holiday | undefined {
  toUtc(date);
  return holidaysOf(Number(date.slice(0, 4))).find((h) => h.date === date);
}

/** A weekday (Monday–Friday) that is not a national holiday (nor, by default, a ponto facultativo). */
export function isBusinessDay(date: IsoDate, opts: BusinessDayOptions = {}): boolean {
  const dow = dayOfWeek(date);
  if (dow === 0 || dow === 6) return false;
  const holiday = holidayOn(date);
  if (!holiday) return true;
  return holiday.kind === 'optional' && opts.optionalDaysOff === false;
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: IsoDate, opts: BusinessDayOptions = {}): IsoDate {
  let d = addDays(date, 1);
  while (!isBusinessDay(d, opts)) d = addDays(d, 1);
  return d;
}

/** The last business day strictly before `date`. */
export function previousBusinessDay(date: IsoDate, opts: BusinessDayOptions = {}): IsoDate {
  let d = addDays(date, -1);
  while (!isBusinessDay(d, opts)) d = addDays(d, -1);
  return d;
}

/**
 * `days` business days after `date` (negative: before). 0 returns `date` itself when it is a
 * business day, else the next one (a due date never falls on a day off).
 */
export function addBusinessDays(date: IsoDate, days: number, opts: BusinessDayOptions = {}): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError('days deve ser inteiro');
  if (days === 0) return isBusinessDay(date, opts) ? date : nextBusinessDay(date, opts);
  let d = date;
  for (let left = Math.abs(days); left > 0; left--) d = days > 0 ? nextBusinessDay(d, opts) : previousBusinessDay(d, opts);
  return d;
}

/**
 * Business days between two dates: those after `from` up to and including `to` (so a task
 * opened on Monday and closed on Tuesday took 1). Negative when `to` is before `from`.
 */
export function businessDaysBetween(from: IsoDate, to: IsoDate, opts: BusinessDayOptions = {}): number {
  if (to < from) return -businessDaysBetween(to, from, opts);
  toUtc(from);
  let count = 0;
  for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) if (isBusinessDay(d, opts)) count += 1;
  return count;
}

/** Today's calendar day in America/Sao_Paulo (or the day of `now` there). */
let dayInBrazil: Intl.DateTimeFormat | null = null;
export function todayInBrazil(now: Date = new Date()): IsoDate {
  // Made once: building a formatter with a time zone costs about a millisecond (decision 0720).
  dayInBrazil ??= new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = dayInBrazil.formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}
