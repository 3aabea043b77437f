import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { BRAZIL_OFFSET, calendarDatesBetween, type CalendarFilter, type CalendarPiece, type CalendarView } from '@sede/shared/marketing/calendar';
import { addDays } from '@sede/shared/platform/calendar';
import type { Tenant } from '../../services.ts';
import { campaignsInRange } from '../campaigns/public.ts';
import { visibleClientIds, visibleClientOf } from './access.ts';
import { clientName } from './clients-service.ts';

const { marketingPieces: P, marketingClients: C, organizations: O, companies: CO } = schema;

/** At most this many pieces in one answer (a month of a very busy agency fits many times over). */
export const CALENDAR_MAX_PIECES = 5_000;

/**
 * The calendar's days `from`…`to` (America/Sao_Paulo, both included; decision 0325): the pieces
 * with a date in them, the company's mass campaigns scheduled or sent then (read-only), and the
 * holidays and commercial dates. Filtered by clients (each must be the tenant's and visible:
 * 404 otherwise), channels and statuses.
 */
export async function calendarOf(t: Tenant, q: CalendarFilter): Promise<CalendarView> {
  const start = new Date(`${q.from}T00:00:00${BRAZIL_OFFSET}`);
  const end = new Date(`${addDays(q.to, 1)}T00:00:00${BRAZIL_OFFSET}`);
  let includesOwn = !q.clientId.length;
  for (const id of q.clientId) {
    const client = await visibleClientOf(t, id);
    if (client.organizationId === null) includesOwn = true;
  }
  const where: SQL[] = [eq(P.companyId, t.companyId), gte(P.scheduledAt, start), lt(P.scheduledAt, end)];
  const visible = await visibleClientIds(t);
  if (visible) where.push(visible.length ? inArray(P.clientId, visible) : sql`false`);
  if (q.clientId.length) where.push(inArray(P.clientId, q.clientId));
  if (q.channel.length) where.push(inArray(P.channel, q.channel));
  if (q.status.length) where.push(inArray(P.status, q.status));
  // One table, one index range scan (marketing_pieces_company_scheduled_at_id_idx); the
  // instant as text, so 2,000 rows cost no Date parsing.
  const piecesQuery = t.db
    .select({
      id: P.id,
      clientId: P.clientId,
      title: P.title,
      channel: P.channel,
      format: P.format,
      status: P.status,
      scheduledAt: sql<string>`to_char(${P.scheduledAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(P)
    .where(and(...where))
    .orderBy(asc(P.scheduledAt), asc(P.id))
    .limit(CALENDAR_MAX_PIECES);
  // Mass campaigns belong to the company itself: shown unless the filter leaves it out.
  const channels = q.channel.length ? (['email', 'whatsapp'] as const).filter((c) => q.channel.includes(c)) : undefined;
  const namesQuery = t.db.select({ id: C.id, name: clientName }).from(C).innerJoin(CO, eq(CO.id, C.companyId)).leftJoin(O, eq(O.id, C.organizationId)).where(eq(C.companyId, t.companyId));
  const [rows, campaigns, names] = await Promise.all([piecesQuery, includesOwn ? campaignsInRange(t, start, end, channels) : Promise.resolve([]), namesQuery]);
  const pieces = rows as CalendarPiece[];
  const used = new Set(pieces.map((p) => p.clientId));
  const clients = names.filter((c) => used.has(c.id));
  return {
    from: q.from,
    to: q.to,
    clients,
    pieces,
    campaigns: campaigns.map((k) => ({ ...k, scheduledAt: k.scheduledAt.toISOString() })),
    dates: calendarDatesBetween(q.from, q.to),
  };
}
