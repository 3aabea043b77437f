import { createHash } from 'node:crypto';
import cronParser from 'cron-parser';
import type PgBoss from 'pg-boss';

/**
 * Recurring jobs without pg-boss's timekeeper (decision 0779). pg-boss 10 asks cron-parser, every
 * 30 s and on the main thread, for each schedule's previous run in its time zone: luxon steps back
 * minute by minute, 130–300 ms for our twenty schedules on a busy machine, a pause every request
 * in flight waited through. Here each minute asks only "does this minute match?": the minute's
 * fields in the schedule's zone (one Intl call per zone) against the cron's parsed fields.
 *
 * Every process sends a due job under one id per queue and minute (pg-boss inserts a job id once), so
 * several instances, or clocks a little apart, still send it once; a minute the process was not running
 * is not made up for, as with pg-boss's scheduler.
 */

type Fields = { minute: Set<number>; hour: Set<number>; dayOfMonth: Set<number>; month: Set<number>; dayOfWeek: Set<number>; anyDay: 'month' | 'week' | 'both' | 'none' };
export type MinuteParts = { minute: number; hour: number; dayOfMonth: number; month: number; dayOfWeek: number };
type Schedule = { queue: string; cron: string; tz: string; fields: Fields };

/** A cron of five fields (numbers, ranges, lists, steps, names); L, W and # are refused. */
export function parseCron(cron: string): Fields {
  const withoutNames = cron.replace(/\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|sun|mon|tue|wed|thu|fri|sat)\b/gi, '0');
  if (cron.trim().split(/\s+/).length !== 5 || /[LW#?]/i.test(withoutNames)) throw new Error(`schedule: unsupported cron "${cron}" (five fields, no L, W, # or ?)`);
  const f = cronParser.parseExpression(cron).fields;
  const days = f.dayOfMonth as number[];
  const weekdays = new Set((f.dayOfWeek as number[]).map((d) => d % 7));
  const everyDayOfMonth = days.length === 31;
  const everyWeekday = weekdays.size === 7;
  return {
    minute: new Set(f.minute as number[]),
    hour: new Set(f.hour as number[]),
    dayOfMonth: new Set(days),
    month: new Set(f.month as number[]),
    dayOfWeek: weekdays,
    anyDay: everyDayOfMonth && everyWeekday ? 'both' : everyDayOfMonth ? 'month' : everyWeekday ? 'week' : 'none',
  };
}

/** Cron's rule for the days: both day fields restricted, either one matching is enough. */
export function cronMatches(f: Fields, p: MinuteParts): boolean {
  if (!f.minute.has(p.minute) || !f.hour.has(p.hour) || !f.month.has(p.month)) return false;
  const byMonth = f.dayOfMonth.has(p.dayOfMonth);
  const byWeek = f.dayOfWeek.has(p.dayOfWeek);
  switch (f.anyDay) {
    case 'both':
      return true;
    case 'month':
      return byWeek;
    case 'week':
      return byMonth;
    default:
      return byMonth || byWeek;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall-clock minute of `at` in `tz`. */
export function minuteIn(at: Date, tz: string): MinuteParts {
  let format = formats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' });
    formats.set(tz, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
  return { minute: Number(parts.minute), hour: Number(parts.hour), dayOfMonth: Number(parts.day), month: Number(parts.month), dayOfWeek: WEEKDAYS.indexOf(parts.weekday!) };
}

type Scheduler = { schedules: Map<string, Schedule>; lastMinute: number; timer: NodeJS.Timeout | null };
const schedulers = new WeakMap<PgBoss, Scheduler>();

/** The job id of a queue's scheduled minute: a UUID (version 8) from their hash. */
export function scheduledJobId(queue: string, minute: number): string {
  const h = createHash('sha256').update(`${queue}|${minute}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x80;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** The jobs of `minute` (ms since the epoch, a minute's start) sent, once per queue and minute across instances. */
export async function sendDue(boss: PgBoss, minute: number): Promise<string[]> {
  const due = [...(schedulers.get(boss)?.schedules.values() ?? [])].filter((x) => cronMatches(x.fields, minuteIn(new Date(minute), x.tz)));
  await Promise.all(
    due.map((x) => boss.send(x.queue, {}, { id: scheduledJobId(x.queue, minute) }).catch((e: Error) => console.error(`[jobs] schedule of ${x.queue}:`, e.message))),
  );
  return due.map((x) => x.queue);
}

function tick(boss: PgBoss, sch: Scheduler) {
  const now = Date.now();
  const minute = Math.floor(now / 60_000) * 60_000;
  if (minute !== sch.lastMinute) {
    sch.lastMinute = minute;
    void sendDue(boss, minute);
  }
  // A second into the next minute: a timer that fires a little early still lands in it.
  sch.timer = setTimeout(() => tick(boss, sch), minute + 61_000 - now);
  sch.timer.unref();
}

/** `queue` gets a job at each minute `cron` names in `tz` (the queue must exist). */
export function scheduleJob(boss: PgBoss, queue: string, cron: string, tz: string): void {
  const fields = parseCron(cron);
  minuteIn(new Date(), tz); // an unknown zone throws here, at start, not a minute later
  let sch = schedulers.get(boss);
  if (!sch) {
    const created: Scheduler = { schedules: new Map(), lastMinute: Math.floor(Date.now() / 60_000) * 60_000, timer: null };
    schedulers.set(boss, created);
    boss.once('stopped', () => created.timer && clearTimeout(created.timer));
    tick(boss, created);
    sch = created;
  }
  sch.schedules.set(queue, { queue, cron, tz, fields });
}

/** The queues scheduled on `boss`, with their cron and zone. */
export const schedulesOf = (boss: PgBoss) => [...(schedulers.get(boss)?.schedules.values() ?? [])].map(({ queue, cron, tz }) => ({ queue, cron, tz }));
