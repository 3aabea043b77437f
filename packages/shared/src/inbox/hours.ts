import type { BusinessHours } from './schemas.ts';

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const fmt = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The weekday (0 = Sunday) and HH:MM of an instant in America/Sao_Paulo. */
export function saoPauloClock(at: Date): { weekday: number; time: string } {
  const parts = Object.fromEntries(fmt.formatToParts(at).map((p) => [p.type, p.value]));
  return { weekday: WEEKDAYS[parts.weekday!]!, time: `${parts.hour}:${parts.minute}` };
}

/**
 * Whether the company is attending at `at` (decision 0264): one of its weekday ranges holds the
 * local time in America/Sao_Paulo (start inclusive, end exclusive). No range at all = always open.
 */
export function isWithinBusinessHours(hours: BusinessHours, at: Date = new Date()): boolean {
  if (!hours.length) return true;
  const { weekday, time } = saoPauloClock(at);
  return hours.some((r) => r.weekday === weekday && r.start <= time && time < r.end);
}

export const WEEKDAY_LABELS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;
