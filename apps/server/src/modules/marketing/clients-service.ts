import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { CLIENT_MESSAGES, type ClientSummary } from '@sede/shared/marketing/clients';
import { conflict, notFound } from '../../http/errors.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Tenant } from '../../services.ts';

const { marketingClients: C, organizations: O, companies: CO } = schema;
export const CLIENT_ENTITY = 'marketing_client';

/** The name a client shows: the company's own (fantasia first) or its organization's. */
export const clientName = sql<string>`coalesce(nullif(${O.nomeFantasia}, ''), ${O.razaoSocial}, nullif(${CO.fantasia}, ''), ${CO.name})`;

/** The company itself as a client, made on first use (one per company: a unique index). */
export async function ensureOwnClient(t: Tenant): Promise<string> {
  const [found] = await t.db.select({ id: C.id }).from(C).where(and(eq(C.companyId, t.companyId), isNull(C.organizationId)));
  if (found) return found.id;
  await t.db.insert(C).values({ companyId: t.companyId, createdBy: t.actorId }).onConflictDoNothing();
  const [row] = await t.db.select({ id: C.id }).from(C).where(and(eq(C.companyId, t.companyId), isNull(C.organizationId)));
  return row!.id;
}

/** The clients the team serves: the company itself first, then by name. */
export async function listClients(t: Tenant): Promise<ClientSummary[]> {
  await ensureOwnClient(t);
  const rows = await t.db
    .select({ id: C.id, organizationId: C.organizationId, name: clientName, archivedAt: C.archivedAt })
    .from(C)
    .innerJoin(CO, eq(CO.id, C.companyId))
    .leftJoin(O, eq(O.id, C.organizationId))
    .where(eq(C.companyId, t.companyId))
    .orderBy(sql`${C.organizationId} IS NOT NULL`, asc(sql`lower(${clientName})`), asc(C.id));
  return rows.map((r) => ({ id: r.id, organizationId: r.organizationId, isOwn: r.organizationId === null, name: r.name, archived: !!r.archivedAt }));
}

export async function createClient(t: Tenant, organizationId: string): Promise<ClientSummary> {
  const [org] = await t.db.select({ id: O.id }).from(O).where(and(eq(O.id, organizationId), eq(O.companyId, t.companyId), isNull(O.deletedAt)));
  if (!org) throw notFound(CLIENT_MESSAGES.organizationNotFound);
  const [row] = await t.db.insert(C).values({ companyId: t.companyId, organizationId, createdBy: t.actorId }).onConflictDoNothing().returning({ id: C.id });
  if (!row) throw conflict(CLIENT_MESSAGES.exists, 'MARKETING_CLIENT_EXISTS');
  await announce(t.db, { companyId: t.companyId, entity: CLIENT_ENTITY, id: row.id, action: 'created' });
  return (await listClients(t)).find((c) => c.id === row.id)!;
}
