import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { CAMPAIGN_MESSAGES as M, type CampaignCreateInput, type CampaignDetail, type CampaignFinishInput, type CampaignList, type CampaignListFilter, type CampaignUpdateInput, type CampaignView } from '@sede/shared/marketing/campaigns';
import type { MarketingChannel } from '@sede/shared/marketing/constants';
import { badRequest, conflict } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Tenant } from '../../services.ts';
import { givenOf, orNull } from '../../platform/values.ts';
import { visibleCampaignOf, visibleClientIds, visibleClientOf } from './access.ts';
import { clientName } from './clients-service.ts';
import { after, pageOf } from './paging.ts';

const { marketingCampaigns: K, marketingClients: C, marketingPieces: P, organizations: O, companies: CO } = schema;
export const CAMPAIGN_ENTITY = 'marketing_campaign';

const columns = {
  id: K.id,
  clientId: K.clientId,
  clientName,
  name: K.name,
  goal: K.goal,
  startsOn: K.startsOn,
  endsOn: K.endsOn,
  budgetCents: K.budgetCents,
  status: K.status,
  reach: K.reach,
  clicks: K.clicks,
  leads: K.leads,
  spendCents: K.spendCents,
  summary: K.summary,
  finishedAt: K.finishedAt,
  createdAt: K.createdAt,
  updatedAt: K.updatedAt,
  // A page holds at most 100 campaigns; each count is one index range of (company, campaign).
  pieces: sql<number>`(select count(*)::int from ${P} where ${P.companyId} = ${K.companyId} and ${P.campaignId} = ${K.id})`,
  published: sql<number>`(select count(*)::int from ${P} where ${P.companyId} = ${K.companyId} and ${P.campaignId} = ${K.id} and ${P.status} = 'publicado')`,
};
type Row = { [k in keyof typeof columns]: unknown } & { finishedAt: Date | null; createdAt: Date; updatedAt: Date };
const toView = (r: Row): CampaignView =>
  ({ ...r, finishedAt: r.finishedAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }) as CampaignView;

const select = (t: Tenant) => t.db.select(columns).from(K).innerJoin(C, eq(C.id, K.clientId)).innerJoin(CO, eq(CO.id, K.companyId)).leftJoin(O, eq(O.id, C.organizationId));

export async function getCampaign(t: Tenant, id: string): Promise<CampaignDetail> {
  await visibleCampaignOf(t, id);
  const [row] = await select(t).where(and(eq(K.id, id), eq(K.companyId, t.companyId)));
  const pieces = await t.db
    .select({ id: P.id, title: P.title, channel: P.channel, status: P.status, scheduledAt: P.scheduledAt, publishedUrl: P.publishedUrl })
    .from(P)
    .where(and(eq(P.companyId, t.companyId), eq(P.campaignId, id)))
    .orderBy(sql`${P.scheduledAt} asc nulls last`, asc(P.id))
    .limit(500);
  const byChannel = new Map<string, number>();
  for (const p of pieces) byChannel.set(p.channel, (byChannel.get(p.channel) ?? 0) + 1);
  return {
    ...toView(row as Row),
    piecesList: pieces.map((p) => ({ ...p, scheduledAt: p.scheduledAt?.toISOString() ?? null })) as CampaignDetail['piecesList'],
    byChannel: [...byChannel].map(([channel, n]) => ({ channel: channel as MarketingChannel, pieces: n })).sort((a, b) => b.pieces - a.pieces),
  };
}

/**
 * The company's campaigns, a page at a time: the finished ones (status 'concluida' alone, the
 * finished projects) by when they were concluded, any other list by when they were created.
 */
export async function listCampaigns(t: Tenant, q: CampaignListFilter): Promise<CampaignList> {
  const finishedList = q.status.length === 1 && q.status[0] === 'concluida';
  const key = finishedList ? K.finishedAt : K.createdAt;
  const where: SQL[] = [eq(K.companyId, t.companyId)];
  const visible = await visibleClientIds(t);
  if (visible) where.push(visible.length ? inArray(K.clientId, visible) : sql`false`);
  if (q.clientId) where.push(eq(K.clientId, q.clientId));
  if (q.status.length) where.push(inArray(K.status, q.status));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, '\\$&')}%`;
    where.push(
      or(
        sql`to_tsvector('portuguese', ${K.name} || ' ' || coalesce(${K.goal}, '') || ' ' || coalesce(${K.summary}, '')) @@ websearch_to_tsquery('portuguese', ${q.q})`,
        sql`${K.name} ilike ${like}`,
        sql`${clientName} ilike ${like}`,
      )!,
    );
  }
  where.push(...after(key, K.id, q.cursor));
  const rows = (await select(t)
    .where(and(...where))
    .orderBy(desc(key), desc(K.id))
    .limit(q.limit + 1)) as Row[];
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [finishedList ? r.finishedAt : r.createdAt, r.id as string]);
  return { campaigns: page.map(toView), nextCursor };
}

async function checkClient(t: Tenant, clientId: string) {
  const client = await visibleClientOf(t, clientId);
  if (client.archivedAt) throw badRequest('Esta empresa cliente está arquivada. Reative-a nas opções para criar campanhas.', 'MARKETING_CLIENT_ARCHIVED');
}

export async function createCampaign(t: Tenant, data: CampaignCreateInput & { status: string }): Promise<CampaignDetail> {
  await checkClient(t, data.clientId);
  const optional = orNull(data, 'goal', 'startsOn', 'endsOn', 'budgetCents', 'reach', 'clicks', 'leads', 'spendCents', 'summary');
  const [row] = await t.db
    .insert(K)
    .values({ companyId: t.companyId, clientId: data.clientId, name: data.name, status: data.status, ...optional, createdBy: t.actorId })
    .returning({ id: K.id });
  await announce(t.db, { companyId: t.companyId, entity: CAMPAIGN_ENTITY, id: row!.id, action: 'created' });
  return getCampaign(t, row!.id);
}

export async function updateCampaign(t: Tenant, id: string, data: CampaignUpdateInput): Promise<CampaignDetail> {
  const current = await visibleCampaignOf(t, id);
  if (current.status === 'concluida') throw conflict(M.finished, 'MARKETING_CAMPAIGN_FINISHED');
  if (data.clientId && data.clientId !== current.clientId) {
    await checkClient(t, data.clientId);
    const [piece] = await t.db.select({ id: P.id }).from(P).where(and(eq(P.companyId, t.companyId), eq(P.campaignId, id))).limit(1);
    if (piece) throw conflict(M.clientChange, 'MARKETING_CAMPAIGN_CLIENT');
  }
  const startsOn = data.startsOn !== undefined ? data.startsOn : current.startsOn;
  const endsOn = data.endsOn !== undefined ? data.endsOn : current.endsOn;
  if (startsOn && endsOn && endsOn < startsOn) throw badRequest(M.dates);
  const set = { ...givenOf(data, 'clientId', 'name', 'goal', 'startsOn', 'endsOn', 'budgetCents', 'status', 'reach', 'clicks', 'leads', 'spendCents', 'summary'), updatedAt: new Date() };
  return saveCampaign(t, id, set);
}

/** Writes a change of the campaign, announces it and answers the campaign as it is now. */
async function saveCampaign(t: Tenant, id: string, set: Partial<typeof K.$inferInsert>): Promise<CampaignDetail> {
  await t.db.update(K).set(set).where(and(eq(K.id, id), eq(K.companyId, t.companyId)));
  await announce(t.db, { companyId: t.companyId, entity: CAMPAIGN_ENTITY, id, action: 'updated' });
  return getCampaign(t, id);
}

/** Concludes a campaign with its results: it moves to the finished projects. */
export async function finishCampaign(t: Tenant, id: string, data: CampaignFinishInput): Promise<CampaignDetail> {
  const current = await visibleCampaignOf(t, id);
  if (current.status === 'concluida') throw conflict(M.finished, 'MARKETING_CAMPAIGN_FINISHED');
  const set = { ...givenOf(data, 'reach', 'clicks', 'leads', 'spendCents', 'summary'), status: 'concluida', finishedAt: new Date(), updatedAt: new Date() };
  return saveCampaign(t, id, set);
}

/** Reopens a finished campaign (back to 'ativa'), to correct its results. */
export async function reopenCampaign(t: Tenant, id: string): Promise<CampaignDetail> {
  await visibleCampaignOf(t, id);
  return saveCampaign(t, id, { status: 'ativa', finishedAt: null, updatedAt: new Date() });
}

/** Deleting a campaign keeps its pieces (they lose the campaign). */
export async function deleteCampaign(t: Tenant, id: string): Promise<void> {
  const current = await visibleCampaignOf(t, id);
  await t.db.transaction(async (tx) => {
    await tx.delete(K).where(and(eq(K.id, id), eq(K.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'marketing_campaign_deleted', entity: CAMPAIGN_ENTITY, id, details: { label: current.name } });
  });
  await announce(t.db, { companyId: t.companyId, entity: CAMPAIGN_ENTITY, id, action: 'deleted' });
}
