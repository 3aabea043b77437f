/**
 * The project dashboard's series (decision 0273), computed the same way wherever they
 * are needed: the burn-up (tasks created and done, cumulative, per day) and the cycle time (from
 * the first move out of the first column, or the creation, to done).
 */

export type TaskTimes = { createdAt: string | Date; startedAt?: string | Date | null; doneAt: string | Date | null };

const DAY = 86_400_000;
/** The calendar day (America/Sao_Paulo) of an instant, `YYYY-MM-DD`. */
export const dayOf = (at: string | Date) => new Date(at).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const addDay = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/**
 * Cumulative created and done per day, from the first task's day to `today` (at most `maxDays`
 * days: older ones are folded into the first point).
 */
export function burnUpSeries(tasks: readonly TaskTimes[], today: string, maxDays = 90): Array<{ date: string; created: number; done: number }> {
  if (!tasks.length) return [];
  const created = new Map<string, number>();
  const done = new Map<string, number>();
  let first = today;
  for (const t of tasks) {
    const c = dayOf(t.createdAt);
    created.set(c, (created.get(c) ?? 0) + 1);
    if (c < first) first = c;
    if (t.doneAt) {
      const d = dayOf(t.doneAt);
      done.set(d, (done.get(d) ?? 0) + 1);
    }
  }
  const windowStart = addDay(today, -(maxDays - 1));
  // biome-ignore lint/complexity/useMathMinMax: these are YYYY-MM-DD strings, compared as text
  const start = first < windowStart ? windowStart : first;
  let c = 0;
  let d = 0;
  for (const [day, n] of created) if (day < start) c += n;
  for (const [day, n] of done) if (day < start) d += n;
  const out: Array<{ date: string; created: number; done: number }> = [];
  for (let day = start; day <= today; day = addDay(day, 1)) {
    c += created.get(day) ?? 0;
    d += done.get(day) ?? 0;
    out.push({ date: day, created: c, done: d });
  }
  return out;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Cycle time of the done tasks, in days (one decimal): average, median and 85th percentile. */
export function cycleTime(tasks: readonly TaskTimes[]): { count: number; averageDays: number | null; medianDays: number | null; p85Days: number | null } {
  const days = tasks
    .filter((t) => t.doneAt)
    .map((t) => Math.max(0, (new Date(t.doneAt as string).getTime() - new Date(t.startedAt ?? t.createdAt).getTime()) / DAY))
    .sort((a, b) => a - b);
  if (!days.length) return { count: 0, averageDays: null, medianDays: null, p85Days: null };
  const at = (q: number) => {
    const i = (days.length - 1) * q;
    const lo = Math.floor(i);
    const hi = Math.ceil(i);
    return days[lo]! + (days[hi]! - days[lo]!) * (i - lo);
  };
  return { count: days.length, averageDays: round1(days.reduce((a, b) => a + b, 0) / days.length), medianDays: round1(at(0.5)), p85Days: round1(at(0.85)) };
}

/** Progress 0–100 from done over total (0 without tasks). */
export const progressOf = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);
