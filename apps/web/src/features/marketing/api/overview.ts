import { useState } from 'react';
import { addDays, dayOfWeek, todayInBrazil } from '@sede/shared/platform/calendar';
import { usePieces } from './pieces.ts';

/** Brazil keeps UTC−3 all year (no daylight saving since 2019): a day's bounds in São Paulo. */
export const startOf = (day: string) => `${day}T00:00:00-03:00`;

/** The week (Monday to Sunday) of today in São Paulo: its seven days. */
export function thisWeek(today = todayInBrazil()): string[] {
  const monday = addDays(today, -((dayOfWeek(today) + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The month of today in São Paulo: its first day and the first of the next. */
export function thisMonth(today = todayInBrazil()): { first: string; next: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = `${y}-${String(m).padStart(2, '0')}-01`;
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { first, next };
}

/** This week's pieces (every client the member sees, or one client). */
export function useWeekPieces(clientId?: string) {
  const days = thisWeek();
  return { days, query: usePieces({ from: startOf(days[0]!), to: startOf(addDays(days[6]!, 1)), clientId }) };
}

/** This month's pieces, for the counts by status. */
export function useMonthPieces(clientId?: string) {
  const { first, next } = thisMonth();
  return usePieces({ from: startOf(first), to: startOf(next), clientId });
}

/** The next pieces from now on (up to 60 days ahead). */
export function useUpcomingPieces(clientId?: string) {
  // Fixed on mount: a range that moved with every render would be a new query each time.
  const [range] = useState(() => ({ from: new Date().toISOString(), to: startOf(addDays(todayInBrazil(), 60)) }));
  return usePieces({ ...range, clientId });
}

/** Pieces waiting for approval (status 'revisão'), newest changed first. */
export const usePendingApprovals = (clientId?: string) => usePieces({ status: 'revisao', limit: 20, clientId });
