/**
 * The overview's dates (decision 0222): the next birthday and work anniversary of a person from
 * `today` (YYYY-MM-DD, America/Sao_Paulo). Someone born on 29 February celebrates on 28 February
 * in a non-leap year. Pure calendar arithmetic on ISO strings (no time zone involved).
 */
import { daysBetween } from '../platform/calendar.ts';

export { daysBetween };

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The month-day of `date` in `year` (29/02 → 28/02 outside leap years). */
export function occurrenceIn(date: string, year: number): string {
  let md = date.slice(5);
  if (md === '02-29' && !isLeap(year)) md = '02-28';
  return `${String(year).padStart(4, '0')}-${md}`;
}


/** The next occurrence of `date`'s day and month on or after `today`, and the years since `date` then. */
export function nextOccurrence(date: string, today: string): { date: string; inDays: number; years: number } {
  const year = Number(today.slice(0, 4));
  let next = occurrenceIn(date, year);
  if (next < today) next = occurrenceIn(date, year + 1);
  return { date: next, inDays: daysBetween(today, next), years: Number(next.slice(0, 4)) - Number(date.slice(0, 4)) };
}

/**
 * The people whose date (birthday or admission) comes back within `days` days from today
 * (today included), soonest first. `minYears`: anniversaries count from the first full year.
 */
export function upcoming<T extends { date: string | null }>(items: T[], today: string, days = 30, minYears = 0): Array<T & { next: string; inDays: number; years: number }> {
  const out: Array<T & { next: string; inDays: number; years: number }> = [];
  for (const item of items) {
    if (!item.date || item.date > today) continue;
    const n = nextOccurrence(item.date, today);
    if (n.inDays <= days && n.years >= minYears) out.push({ ...item, next: n.date, inDays: n.inDays, years: n.years });
  }
  return out.sort((a, b) => a.inDays - b.inDays);
}
