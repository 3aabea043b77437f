import { and, eq, sql } from 'drizzle-orm';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { schema } from '@sede/db/client';
import { MARKETING_MESSAGES as M } from '@sede/shared/marketing/constants';
import { notFound } from '../../http/errors.ts';
import type { Tenant } from '../../services.ts';

const { marketingClients: C, marketingPieces: P, marketingCampaigns: K, marketingClientMembers: CMM, companyMembers: CM } = schema;
export const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** One of the tenant's marketing clients; another company's, or a malformed id, is 404. */
export async function clientOf(t: Pick<Tenant, 'db' | 'companyId'>, id: string) {
  if (!isUuid(id)) throw notFound(M.clientNotFound);
  const [row] = await t.db.select().from(C).where(and(eq(C.id, id), eq(C.companyId, t.companyId)));
  if (!row) throw notFound(M.clientNotFound);
  return row;
}

/** One of the tenant's pieces (404 otherwise). */
export async function pieceOf(t: Pick<Tenant, 'db' | 'companyId'>, id: string) {
  if (!isUuid(id)) throw notFound(M.pieceNotFound);
  const [row] = await t.db.select().from(P).where(and(eq(P.id, id), eq(P.companyId, t.companyId)));
  if (!row) throw notFound(M.pieceNotFound);
  return row;
}

/** One of the tenant's marketing campaigns (404 otherwise). */
export async function campaignOf(t: Pick<Tenant, 'db' | 'companyId'>, id: string) {
  if (!isUuid(id)) throw notFound(M.campaignNotFound);
  const [row] = await t.db.select().from(K).where(and(eq(K.id, id), eq(K.companyId, t.companyId)));
  if (!row) throw notFound(M.campaignNotFound);
  return row;
}

/**
 * The clients a member may see (decision 0321): null when every client of the company. A client
 * whose visibility is 'members' is seen only by the members listed for it; admins always see
 * every client. Every list of the area filters by it, and every read of one client's thing goes
 * through `assertClientVisible` (404 when hidden, as another company's id).
 */
export async function visibleClientIds(t: Tenant): Promise<string[] | null> {
  const { rows } = await t.db.execute<{ role: string | null; custom: unknown; restricted: boolean; visible: string[] }>(sql`
    select
      (select role from ${CM} where ${CM.companyId} = ${t.companyId} and ${CM.userId} = ${t.actorId}) as role,
      exists (select 1 from ${C} where ${C.companyId} = ${t.companyId} and ${C.visibility} = 'members') as restricted,
      array(
        select ${C.id}::text from ${C}
        where ${C.companyId} = ${t.companyId}
          and (${C.visibility} <> 'members' or exists (select 1 from ${CMM} where ${CMM.clientId} = ${C.id} and ${CMM.userId} = ${t.actorId}))
      ) as visible`);
  const row = rows[0];
  if (!row?.restricted) return null;
  if (row.role && can(grantsFor({ role: row.role }), 'admin.read')) return null;
  return row.visible;
}

export async function assertClientVisible(t: Tenant, clientId: string): Promise<void> {
  const visible = await visibleClientIds(t);
  if (visible && !visible.includes(clientId)) throw notFound(M.clientNotFound);
}

/** One of the tenant's marketing clients that the member may see (404 otherwise). */
export async function visibleClientOf(t: Tenant, id: string) {
  const client = await clientOf(t, id);
  await assertClientVisible(t, client.id);
  return client;
}

/** One of the tenant's pieces whose client the member may see (404 otherwise). */
export async function visiblePieceOf(t: Tenant, id: string) {
  const piece = await pieceOf(t, id);
  await assertClientVisible(t, piece.clientId);
  return piece;
}

/** One of the tenant's campaigns whose client the member may see (404 otherwise). */
export async function visibleCampaignOf(t: Tenant, id: string) {
  const campaign = await campaignOf(t, id);
  await assertClientVisible(t, campaign.clientId);
  return campaign;
}
