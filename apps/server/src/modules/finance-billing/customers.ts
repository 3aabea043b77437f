import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { BILLING_MESSAGES as M, type BilledVsReceived, type CustomerMoney } from '@sede/shared/finance/billing';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { AppError, notFound } from '../../http/errors.ts';
import type { Tenant } from '../../services.ts';
import { getOrganization, getPerson } from '../parties/public.ts';

const E = schema.finEntries;
const P = schema.finPayments;
const GROSS = sql<number>`(${P.amountCents} + ${P.interestCents} + ${P.fineCents} - ${P.discountCents})`;

/**
 * The customer's record in money (decision 0547): what the organization or person owes (open
 * receivables, and of those what is overdue), what they paid in the last 12 months (payments of
 * their receivables, with interest and fines, less discounts), and their latest 10 receivables.
 */
export async function customerMoney(tenant: Tenant, kind: 'organization' | 'person', id: string): Promise<CustomerMoney> {
  await (kind === 'organization' ? getOrganization(tenant, id) : getPerson(tenant, id)).catch((e: unknown) => {
    throw e instanceof AppError && e.status === 404 ? notFound(M.partyNotFound) : e;
  });
  const party = kind === 'organization' ? eq(E.organizationId, id) : eq(E.personId, id);
  const mine = and(eq(E.companyId, tenant.companyId), eq(E.kind, 'receivable'), party);
  const today = todayInBrazil();
  const since = addDays(today, -365);
  const [owed] = await tenant.db
    .select({
      open: sql<string>`coalesce(sum(${E.amountCents} - ${E.paidCents}) filter (where ${E.status} = 'open'), 0)`,
      overdue: sql<string>`coalesce(sum(${E.amountCents} - ${E.paidCents}) filter (where ${E.status} = 'open' and ${E.dueDate} < ${today}), 0)`,
    })
    .from(E)
    .where(mine);
  const [paid] = await tenant.db
    .select({ total: sql<string>`coalesce(sum(${GROSS}), 0)` })
    .from(P)
    .innerJoin(E, eq(E.id, P.entryId))
    .where(and(eq(P.companyId, tenant.companyId), mine, sql`${P.paidDate} > ${since}`));
  const rows = await tenant.db.select().from(E).where(and(mine, ne(E.status, 'cancelled'))).orderBy(desc(E.dueDate), desc(E.createdAt)).limit(10);
  return {
    openCents: Number(owed?.open ?? 0),
    overdueCents: Number(owed?.overdue ?? 0),
    paidLast12MonthsCents: Number(paid?.total ?? 0),
    entries: rows.map((e) => ({ id: e.id, description: e.description, amountCents: e.amountCents, paidCents: e.paidCents, status: e.status, dueDate: e.dueDate, settledDate: e.settledDate })),
  };
}

const monthOf = (iso: string) => iso.slice(0, 7);
function lastMonths(today: string, n: number): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (n - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/**
 * Comercial's received vs billed (decision 0548): per month of the last `months`, what was billed
 * (receivables not cancelled, by competence) and what came in (payments of receivables, by date).
 */
export async function billedVsReceived(tenant: Tenant, months: number): Promise<BilledVsReceived> {
  const list = lastMonths(todayInBrazil(), months);
  const from = `${list[0]}-01`;
  const billed = await tenant.db
    .select({ month: sql<string>`to_char(${E.competenceDate}, 'YYYY-MM')`, total: sql<string>`sum(${E.amountCents})` })
    .from(E)
    .where(and(eq(E.companyId, tenant.companyId), eq(E.kind, 'receivable'), ne(E.status, 'cancelled'), sql`${E.competenceDate} >= ${from}`))
    .groupBy(sql`1`);
  const received = await tenant.db
    .select({ month: sql<string>`to_char(${P.paidDate}, 'YYYY-MM')`, total: sql<string>`sum(${GROSS})` })
    .from(P)
    .innerJoin(E, eq(E.id, P.entryId))
    .where(and(eq(P.companyId, tenant.companyId), eq(E.kind, 'receivable'), sql`${P.paidDate} >= ${from}`))
    .groupBy(sql`1`);
  const b = new Map(billed.map((r) => [monthOf(r.month), Number(r.total)]));
  const r = new Map(received.map((x) => [monthOf(x.month), Number(x.total)]));
  return { months: list.map((month) => ({ month, billedCents: b.get(month) ?? 0, receivedCents: r.get(month) ?? 0 })) };
}
