import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { MARKETING_LIMITS as L, MARKETING_MESSAGES as M } from '@sede/shared/marketing/constants';
import type { PieceCreateInput, PieceList, PieceListFilter, PieceUpdateInput, PieceView } from '@sede/shared/marketing/pieces';
import { badRequest } from '../../http/errors.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Tenant } from '../../services.ts';
import { givenOf, orNull } from '../../platform/values.ts';
import { campaignOf, visibleClientIds, visibleClientOf, visiblePieceOf } from './access.ts';
import { clientName } from './clients-service.ts';
import { after, pageOf } from './paging.ts';
import { assertClientApprovalAllows } from './review-service.ts';

const { marketingPieces: P, marketingClients: C, marketingCampaigns: K, organizations: O, companies: CO, companyMembers: CM, user: U } = schema;
export const PIECE_ENTITY = 'marketing_piece';

const columns = {
  id: P.id,
  clientId: P.clientId,
  clientName,
  campaignId: P.campaignId,
  campaignName: K.name,
  title: P.title,
  channel: P.channel,
  format: P.format,
  status: P.status,
  scheduledAt: P.scheduledAt,
  brief: P.brief,
  copy: P.copy,
  hashtags: P.hashtags,
  assigneeId: P.assigneeId,
  assigneeName: U.name,
  publishedUrl: P.publishedUrl,
  createdAt: P.createdAt,
  updatedAt: P.updatedAt,
};
type Row = { [K in keyof typeof columns]: unknown } & { scheduledAt: Date | null; createdAt: Date; updatedAt: Date; assigneeName: string | null };
const toView = (r: Row): PieceView =>
  ({
    ...r,
    assigneeName: r.assigneeName?.trim() || null,
    scheduledAt: r.scheduledAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }) as PieceView;

const select = (t: Tenant) =>
  t.db
    .select(columns)
    .from(P)
    .innerJoin(C, eq(C.id, P.clientId))
    .innerJoin(CO, eq(CO.id, P.companyId))
    .leftJoin(O, eq(O.id, C.organizationId))
    .leftJoin(K, eq(K.id, P.campaignId))
    .leftJoin(U, eq(U.id, P.assigneeId));

export async function getPiece(t: Tenant, id: string): Promise<PieceView> {
  await visiblePieceOf(t, id);
  const [row] = await select(t).where(and(eq(P.id, id), eq(P.companyId, t.companyId)));
  return toView(row as Row);
}

/**
 * The company's pieces. With `from`/`to` (the calendar) every piece in the range by date, at
 * most `calendarRangeDays` wide; otherwise the newest changed first, a page at a time.
 */
export async function listPieces(t: Tenant, q: PieceListFilter): Promise<PieceList> {
  const where: SQL[] = [eq(P.companyId, t.companyId)];
  const visible = await visibleClientIds(t);
  if (visible) where.push(visible.length ? inArray(P.clientId, visible) : sql`false`);
  if (q.clientId) where.push(eq(P.clientId, q.clientId));
  if (q.campaignId) where.push(eq(P.campaignId, q.campaignId));
  if (q.channel.length) where.push(inArray(P.channel, q.channel));
  if (q.status.length) where.push(inArray(P.status, q.status));
  if (q.unscheduled) where.push(isNull(P.scheduledAt));
  if (q.q) where.push(or(ilike(P.title, `%${q.q.replace(/[\\%_]/g, '\\$&')}%`), ilike(P.copy, `%${q.q.replace(/[\\%_]/g, '\\$&')}%`))!);
  if (q.from || q.to) {
    if (!q.from || !q.to) throw badRequest(M.range, 'INVALID_RANGE');
    const from = new Date(q.from);
    const to = new Date(q.to);
    if (!(to > from) || to.getTime() - from.getTime() > L.calendarRangeDays * 86_400_000) throw badRequest(M.range, 'INVALID_RANGE');
    where.push(gte(P.scheduledAt, from), lt(P.scheduledAt, to));
    const rows = await select(t)
      .where(and(...where))
      .orderBy(asc(P.scheduledAt), asc(P.id))
      .limit(10_000);
    return { pieces: (rows as Row[]).map(toView), nextCursor: null };
  }
  where.push(...after(P.updatedAt, P.id, q.cursor));
  const rows = (await select(t)
    .where(and(...where))
    .orderBy(desc(P.updatedAt), desc(P.id))
    .limit(q.limit + 1)) as Row[];
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.updatedAt, r.id as string]);
  return { pieces: page.map(toView), nextCursor };
}

async function checkRefs(t: Tenant, data: { clientId?: string; campaignId?: string | null; assigneeId?: string | null }, clientId: string) {
  if (data.clientId) {
    const client = await visibleClientOf(t, data.clientId);
    if (client.archivedAt) throw badRequest(M.clientArchived, 'MARKETING_CLIENT_ARCHIVED');
  }
  if (data.campaignId) {
    const campaign = await campaignOf(t, data.campaignId);
    if (campaign.clientId !== clientId) throw badRequest(M.campaignNotFound, 'MARKETING_CAMPAIGN_CLIENT');
  }
  if (data.assigneeId) {
    const [member] = await t.db.select({ id: CM.id }).from(CM).where(and(eq(CM.companyId, t.companyId), eq(CM.userId, data.assigneeId)));
    if (!member) throw badRequest(M.assignee, 'MARKETING_ASSIGNEE');
  }
}

const needsDate = (status: string | undefined, scheduledAt: string | Date | null | undefined) => (status === 'agendado' || status === 'publicado') && !scheduledAt;

export async function createPiece(t: Tenant, data: PieceCreateInput & { format: string; status: string; hashtags: string[] }): Promise<PieceView> {
  await checkRefs(t, data, data.clientId);
  if (needsDate(data.status, data.scheduledAt)) throw badRequest(M.scheduleNeedsDate, 'MARKETING_NEEDS_DATE');
  await assertClientApprovalAllows(t, data.clientId, null, data.status);
  const [row] = await t.db
    .insert(P)
    .values({
      ...orNull(data, 'campaignId', 'brief', 'copy', 'assigneeId', 'publishedUrl'),
      companyId: t.companyId,
      clientId: data.clientId,
      title: data.title,
      channel: data.channel,
      format: data.format,
      status: data.status,
      scheduledAt: data.scheduledAt ? new Date(data.scheduledAt) : null,
      hashtags: data.hashtags,
      createdBy: t.actorId,
      updatedBy: t.actorId,
    })
    .returning({ id: P.id });
  await announce(t.db, { companyId: t.companyId, entity: PIECE_ENTITY, id: row!.id, action: 'created' });
  return getPiece(t, row!.id);
}

export async function updatePiece(t: Tenant, id: string, data: PieceUpdateInput): Promise<PieceView> {
  const piece = await visiblePieceOf(t, id);
  const clientId = data.clientId ?? piece.clientId;
  await checkRefs(t, { ...data, campaignId: data.campaignId ?? (data.clientId && data.clientId !== piece.clientId ? piece.campaignId : undefined) }, clientId);
  const status = data.status ?? piece.status;
  const scheduledAt = data.scheduledAt !== undefined ? data.scheduledAt : piece.scheduledAt;
  if (needsDate(status, scheduledAt)) throw badRequest(M.scheduleNeedsDate, 'MARKETING_NEEDS_DATE');
  await assertClientApprovalAllows(t, clientId, piece, data.status);
  const set: Partial<typeof P.$inferInsert> = {
    ...givenOf(data, 'clientId', 'campaignId', 'title', 'channel', 'format', 'status', 'brief', 'copy', 'hashtags', 'assigneeId', 'publishedUrl'),
    updatedBy: t.actorId,
    updatedAt: new Date(),
  };
  if (data.scheduledAt !== undefined) set.scheduledAt = data.scheduledAt ? new Date(data.scheduledAt) : null;
  await t.db.update(P).set(set).where(and(eq(P.id, id), eq(P.companyId, t.companyId)));
  await announce(t.db, { companyId: t.companyId, entity: PIECE_ENTITY, id, action: 'updated' });
  return getPiece(t, id);
}

export async function deletePiece(t: Tenant, id: string): Promise<void> {
  await visiblePieceOf(t, id);
  await t.db.delete(P).where(and(eq(P.id, id), eq(P.companyId, t.companyId)));
  await announce(t.db, { companyId: t.companyId, entity: PIECE_ENTITY, id, action: 'deleted' });
}
