import type { Hono } from 'hono';
import { calendarQuerySchema } from '@sede/shared/marketing/calendar';
import { parseWith } from '../../http/errors.ts';
import type { CompanyEnv } from '../../services.ts';
import { calendarOf } from './calendar-service.ts';

/** /api/marketing/calendar: the calendar's days with pieces, mass campaigns and dates (decision 0325). */
export function calendarRoutes(r: Hono<CompanyEnv>) {
  r.get('/calendar', async (c) => c.json(await calendarOf(c.get('tenant'), parseWith(calendarQuerySchema, c.req.query()))));
}
