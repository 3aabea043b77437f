import { and, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { MARKETING_MESSAGES as M } from '@sede/shared/marketing/constants';
import { notFound } from '../../http/errors.ts';
import type { Tenant } from '../../services.ts';

const { marketingClients: C, marketingPieces: P, marketingCampaigns: K } = schema;
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
 * The clients a member may see: null when every client of the company (a client's visibility
 * 'members' limits it to the members listed for it). Every list of the area filters by it, and
 * every read of one client's thing goes through `assertClientVisible` (404 when hidden).
 */
export async function visibleClientIds(_t: Tenant): Promise<string[] | null> {
  return null;
}

export async function assertClientVisible(t: Tenant, clientId: string): Promise<void> {
  const visible = await visibleClientIds(t);
  if (visible && !visible.includes(clientId)) throw notFound(M.clientNotFound);
}
