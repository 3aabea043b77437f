import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CalendarQuery, CalendarView } from '@sede/shared/marketing/calendar';
import { api } from '../../../lib/api-client.ts';
import { marketingKeys } from './keys.ts';

const search = (q: CalendarQuery) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) params.set(k, String(v));
  return params.toString();
};

/** GET /api/marketing/calendar: the days' pieces, mass campaigns, holidays and commercial dates. */
export const fetchCalendar = (q: CalendarQuery) => api<CalendarView>(`/marketing/calendar?${search(q)}`);
export const useCalendar = (q: CalendarQuery) => useQuery({ queryKey: marketingKeys.calendarRange(q), queryFn: () => fetchCalendar(q), placeholderData: keepPreviousData });
