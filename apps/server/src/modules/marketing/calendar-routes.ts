import type { Hono } from 'hono';
import { calendarQuerySchema, calendarViewSchema } from '@sede/shared/marketing/calendar';
import { contract } from '../../http/contract.ts';
import type { CompanyEnv } from '../../services.ts';
import { calendarOf } from './calendar-service.ts';

/** /api/marketing/calendar: the calendar's days with pieces, mass campaigns and dates (decision 0325). */
export function calendarRoutes(r: Hono<CompanyEnv>) {
  r.get('/calendar', contract({ summary: 'Ver o calendário de marketing', query: calendarQuerySchema, response: calendarViewSchema }), async (c) =>
    c.json(await calendarOf(c.get('tenant'), c.req.valid('query'))),
  );
}
