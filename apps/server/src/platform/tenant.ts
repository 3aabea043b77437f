import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isUuid } from '@sede/shared/platform/api';
import { withTransaction, type TxContext } from '@sede/db/transaction';
import { conflict, notFound } from '../http/errors.ts';
import type { Services, Tenant } from '../services.ts';

/**
 * Why work reaches a company's data without a request of one of its members (decision 0431):
 * a background job or schedule, a public page reached by a signed token, a provider's webhook,
 * inbound mail, the shared-editing sync, the company's own export or erasure, the platform's
 * support operators reading what a person attached to their ticket.
 */
export type SystemReason = 'job' | 'schedule' | 'public-link' | 'webhook' | 'inbound-mail' | 'sync' | 'export' | 'erasure' | 'auth-hook' | 'support';

/**
 * The tenant of work that no member's request carries. The company id must come from a row
 * the work already proved belongs to it (a job's company, a token's link), never from input.
 * `actorId` is the person the work acts for, when there is one ('' otherwise: services record no author).
 */
export function systemTenant(s: Services, companyId: string, reason: SystemReason, actorId: string | null = null): Tenant & { reason: SystemReason } {
  return { db: s.db, companyId, actorId: actorId ?? '', reason };
}

/**
 * One transaction on the tenant's database with both its Drizzle handle and the raw client
 * (pg-boss's `send({ db })`, LISTEN/NOTIFY, COPY): what modules used `s.pool` for.
 */
export function tenantTransaction<T>(tenant: Tenant, work: (tx: TxContext) => Promise<T>): Promise<T> {
  return withTransaction(tenant.db.$client, work);
}

/** Whether `id` names a row of `table` that belongs to the tenant's company (false for a non-uuid). */
export async function companyRowExists(tenant: Pick<Tenant, 'db' | 'companyId'>, table: PgTable & { id: PgColumn; companyId: PgColumn }, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await tenant.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.companyId, tenant.companyId)));
  return Boolean(row);
}

/**
 * A create request that carries its own id (the creator's URL names it before the row exists):
 * the row it already made when the same person repeats it, null when there is none yet; an id
 * taken by another company or person answers 409 (`message`, `code`).
 */
export async function earlierCreate<T extends PgTable & { id: PgColumn; companyId: PgColumn; createdBy: PgColumn }>(tenant: Tenant, table: T, id: string | undefined, message: string, code: string) {
  if (!id) return null;
  const [existing] = (await tenant.db.select().from(table as PgTable).where(eq(table.id, id))) as T['$inferSelect'][];
  if (!existing) return null;
  if (existing.companyId !== tenant.companyId || existing.createdBy !== tenant.actorId) throw conflict(message, code);
  return existing;
}

/**
 * The one row `find` reads for `id`, or a 404 with `message` (an id that is not a uuid names
 * nothing and is not looked up).
 */
export async function foundOr404<T>(id: string, message: string, find: () => PromiseLike<T[]>): Promise<T> {
  const [row] = isUuid(id) ? await find() : [];
  if (!row) throw notFound(message);
  return row;
}
