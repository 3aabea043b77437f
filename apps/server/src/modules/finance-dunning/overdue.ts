import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { DUNNING_MESSAGES as M, type DunningChannel, type DunningHistory, type DunningStatus, OVERDUE_LIMIT, type OverdueList } from '@sede/shared/finance/dunning';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { conflict, notFound } from '../../http/errors.ts';
import type { Services, Tenant } from '../../services.ts';
import { pick } from '../../platform/values.ts';

const { finEntries: E, finDunningMessages: DM, finDunningPauses: PZ, organizations: O, people: P } = schema;

const pauseOf = sql<string | null>`(select ${PZ.id} from ${PZ} where ${PZ.companyId} = ${E.companyId} and (${PZ.organizationId} = ${E.organizationId} or ${PZ.personId} = ${E.personId}) limit 1)`;

/**
 * Inadimplência: the company's open receivables past their due date, the oldest first, with days
 * late, the customer, what is open and the last reminder sent; count and total of all of them.
 */
export async function overdueList(s: Services, tenant: Tenant): Promise<OverdueList> {
  const today = todayInBrazil(new Date(s.clock.now()));
  const where = and(eq(E.companyId, tenant.companyId), eq(E.kind, 'receivable'), eq(E.status, 'open'), sql`${E.amountCents} > ${E.paidCents}`, sql`${E.dueDate} < ${today}::date`);
  const [rows, [totals]] = await Promise.all([
    tenant.db
      .select({
        id: E.id,
        description: E.description,
        dueDate: E.dueDate,
        openCents: sql<number>`(${E.amountCents} - ${E.paidCents})::float8`,
        organizationId: E.organizationId,
        personId: E.personId,
        razaoSocial: O.razaoSocial,
        nomeFantasia: O.nomeFantasia,
        personName: P.name,
        pauseId: pauseOf,
        lastReminderAt: sql<string | null>`(select max(${DM.sentAt}) from ${DM} where ${DM.entryId} = ${E.id} and ${DM.status} = 'sent')`,
      })
      .from(E)
      .leftJoin(O, eq(O.id, E.organizationId))
      .leftJoin(P, eq(P.id, E.personId))
      .where(where)
      .orderBy(asc(E.dueDate), asc(E.id))
      .limit(OVERDUE_LIMIT),
    tenant.db
      .select({ count: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${E.amountCents} - ${E.paidCents}), 0)::float8` })
      .from(E)
      .where(where),
  ]);
  const dayMs = 86_400_000;
  return {
    items: rows.map((r) => ({
      entryId: r.id,
      description: r.description,
      dueDate: r.dueDate,
      daysLate: Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${r.dueDate}T00:00:00Z`)) / dayMs),
      openCents: Number(r.openCents),
      customer: r.organizationId
        ? { type: 'organization' as const, id: r.organizationId, name: r.nomeFantasia?.trim() || r.razaoSocial || '' }
        : r.personId
          ? { type: 'person' as const, id: r.personId, name: r.personName ?? '' }
          : null,
      pauseId: r.pauseId,
      lastReminderAt: r.lastReminderAt ? new Date(r.lastReminderAt).toISOString() : null,
    })),
    count: totals?.count ?? 0,
    totalCents: Number(totals?.total ?? 0),
  };
}

/** What the rule sent for a receivable, the newest first, and whether its customer is paused. */
export async function entryHistory(tenant: Tenant, entryId: string): Promise<DunningHistory> {
  const [entry] = await tenant.db
    .select({ kind: E.kind, pauseId: pauseOf })
    .from(E)
    .where(and(eq(E.companyId, tenant.companyId), eq(E.id, entryId)));
  if (!entry) throw notFound(M.entryNotFound);
  if (entry.kind !== 'receivable') throw conflict(M.notReceivable, 'NOT_RECEIVABLE');
  const rows = await tenant.db
    .select()
    .from(DM)
    .where(and(eq(DM.companyId, tenant.companyId), eq(DM.entryId, entryId)))
    .orderBy(desc(DM.createdAt), desc(DM.step), asc(DM.channel));
  return {
    paused: !!entry.pauseId,
    items: rows.map((r) => ({
      ...pick(r, 'id', 'step', 'reason'),
      channel: r.channel as DunningChannel,
      status: r.status as DunningStatus,
      to: r.recipient,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    })),
  };
}
