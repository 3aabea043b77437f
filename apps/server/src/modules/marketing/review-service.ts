import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { REVIEW_LIMITS as RL, REVIEW_MESSAGES as RM, type ApprovalLinkCreated, type ApprovalLinkStatus, type ApprovalLinkView, type ApprovalView, type DecisionInput, type CreativeCovers, creativeCopySchema, type PieceReview, type VersionView } from '@sede/shared/marketing/review';
import type { PieceStatus } from '@sede/shared/marketing/constants';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../../platform/activity.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import { notify } from '../../platform/notifications/notify.ts';
import type { Services, Tenant } from '../../services.ts';
import { isUuid, visibleClientIds, visiblePieceOf } from './access.ts';

const { marketingPieces: P, marketingClients: C, marketingPieceVersions: V, marketingPieceApprovals: A, marketingApprovalLinks: LK, files: F, user: U } = schema;

/** The live entity of a piece (the pieces service's); decisions and versions announce it too. */
export const REVIEW_PIECE_ENTITY = 'marketing_piece';
/** Files of a creative hang on the piece; each version lists the ones it shows (decision 0330). */
export const PIECE_FILE_ENTITY = 'marketing_piece';
export const APPROVAL_LINK_AUDIT_ENTITY = 'marketing_approval_link';

type VersionRow = typeof V.$inferSelect;
type PieceRow = typeof P.$inferSelect;

/** The piece's page, from a notification or a link. */
export const piecePath = (id: string) => `/marketing/criativos?peca=${id}`;

export async function latestVersion(db: DbOrTx, companyId: string, pieceId: string): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(V)
    .where(and(eq(V.companyId, companyId), eq(V.pieceId, pieceId)))
    .orderBy(desc(V.number))
    .limit(1);
  return row ?? null;
}

/**
 * The latest version when it has something to approve: its text or a file still attached
 * (decision 0391). Null for a piece without a version, or whose latest version lost its content.
 */
export async function approvableVersion(db: DbOrTx, companyId: string, pieceId: string): Promise<VersionRow | null> {
  const latest = await latestVersion(db, companyId, pieceId);
  if (!latest) return null;
  if (latest.copy.trim()) return latest;
  if (!latest.fileIds.length) return null;
  const [live] = await db
    .select({ id: F.id })
    .from(F)
    .where(and(eq(F.companyId, companyId), eq(F.entityType, PIECE_FILE_ENTITY), eq(F.entityId, pieceId), inArray(F.id, latest.fileIds), isNull(F.deletedAt)))
    .limit(1);
  return live ? latest : null;
}

/** Whether the client's last decision on the piece's latest version is an approval. */
export async function clientApprovedLatest(db: DbOrTx, companyId: string, pieceId: string): Promise<boolean> {
  const latest = await latestVersion(db, companyId, pieceId);
  const [last] = await db
    .select({ decision: A.decision })
    .from(A)
    .where(and(eq(A.companyId, companyId), eq(A.pieceId, pieceId), eq(A.source, 'cliente'), latest ? eq(A.versionId, latest.id) : isNull(A.versionNumber)))
    .orderBy(desc(A.createdAt), desc(A.id))
    .limit(1);
  return last?.decision === 'aprovado';
}

const needsClient = (status: string) => status === 'aprovado' || status === 'agendado';

/**
 * The client-approval rule (decision 0332): when the piece's client approves pieces, it reaches
 * 'aprovado' or 'agendado' only after the client approved its latest version. 409 otherwise.
 * `piece` null: a new piece (no approval can exist yet).
 */
export async function assertClientApprovalAllows(t: Pick<Tenant, 'db' | 'companyId'>, clientId: string, piece: Pick<PieceRow, 'id' | 'status'> | null, nextStatus: string | undefined): Promise<void> {
  if (!nextStatus || !needsClient(nextStatus) || (piece && needsClient(piece.status))) return;
  const [client] = await t.db.select({ clientApproval: C.clientApproval }).from(C).where(and(eq(C.id, clientId), eq(C.companyId, t.companyId)));
  if (!client?.clientApproval) return;
  if (piece && (await clientApprovedLatest(t.db, t.companyId, piece.id))) return;
  throw conflict(RM.clientApprovalRequired, 'MARKETING_CLIENT_APPROVAL_REQUIRED');
}

async function visiblePiece(t: Tenant, id: string) {
  const piece = await visiblePieceOf(t, id);
  return piece;
}

async function versionViews(t: Tenant, rows: VersionRow[]): Promise<VersionView[]> {
  const ids = [...new Set(rows.flatMap((r) => r.fileIds))];
  const files = ids.length
    ? await t.db
        .select({ id: F.id, name: F.name, kind: F.kind, mime: F.mime, thumbnailKey: F.thumbnailKey, deletedAt: F.deletedAt })
        .from(F)
        .where(and(eq(F.companyId, t.companyId), inArray(F.id, ids)))
    : [];
  const byId = new Map(files.map((f) => [f.id, f]));
  const authors = [...new Set(rows.map((r) => r.createdBy).filter((x): x is string => !!x))];
  const names = authors.length ? await t.db.select({ id: U.id, name: U.name }).from(U).where(inArray(U.id, authors)) : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name?.trim() || null]));
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    copy: r.copy,
    hashtags: r.hashtags,
    files: r.fileIds.flatMap((id) => {
      const f = byId.get(id);
      return f ? [{ id: f.id, name: f.name, kind: f.kind, mime: f.mime, hasThumbnail: !!f.thumbnailKey && !f.deletedAt, deleted: !!f.deletedAt }] : [];
    }),
    note: r.note,
    source: r.source as VersionView['source'],
    restoredFrom: r.restoredFrom,
    createdBy: r.createdBy,
    createdByName: r.createdBy ? (nameOf.get(r.createdBy) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export const linkStatus = (l: Pick<typeof LK.$inferSelect, 'revokedAt' | 'decidedAt' | 'expiresAt'>, now = Date.now()): ApprovalLinkStatus =>
  l.decidedAt ? 'respondido' : l.revokedAt ? 'revogado' : l.expiresAt.getTime() <= now ? 'expirado' : 'ativo';

/** Versions (newest first), decisions (newest first), approval links and the client-approval flags. */
export async function getReview(t: Tenant, pieceId: string): Promise<PieceReview> {
  const piece = await visiblePiece(t, pieceId);
  const versions = await t.db
    .select()
    .from(V)
    .where(and(eq(V.companyId, t.companyId), eq(V.pieceId, piece.id)))
    .orderBy(desc(V.number));
  const approvals = await t.db.select({ a: A, memberName: U.name }).from(A).leftJoin(U, eq(U.id, A.actorId))
    .where(and(eq(A.companyId, t.companyId), eq(A.pieceId, piece.id))).orderBy(desc(A.createdAt), desc(A.id));
  const links = await t.db.select({ l: LK, by: U.name }).from(LK).leftJoin(U, eq(U.id, LK.createdBy))
    .where(and(eq(LK.companyId, t.companyId), eq(LK.pieceId, piece.id))).orderBy(desc(LK.createdAt), desc(LK.id));
  const [client] = await t.db.select({ clientApproval: C.clientApproval }).from(C).where(eq(C.id, piece.clientId));
  return {
    versions: await versionViews(t, versions),
    approvals: approvals.map(
      ({ a, memberName }): ApprovalView => ({
        id: a.id,
        decision: a.decision as ApprovalView['decision'],
        comment: a.comment,
        source: a.source as ApprovalView['source'],
        reviewerName: a.source === 'cliente' ? a.reviewerName : memberName?.trim() || null,
        versionNumber: a.versionNumber,
        createdAt: a.createdAt.toISOString(),
      }),
    ),
    links: links.map(({ l, by }) => linkView(l, by)),
    clientApproval: !!client?.clientApproval,
    clientApproved: await clientApprovedLatest(t.db, t.companyId, piece.id),
    aiCopy: savedCopy(piece.aiCopy, piece.aiCopyAt),
  };
}

/** The kept AI proposal, if it still reads as one (the schema may have moved on since). */
function savedCopy(raw: unknown, at: Date | null): PieceReview['aiCopy'] {
  const parsed = creativeCopySchema.safeParse(raw);
  return parsed.success && at ? { copy: parsed.data, at: at.toISOString() } : null;
}

const linkView = (l: typeof LK.$inferSelect, by: string | null): ApprovalLinkView => ({
  id: l.id,
  status: linkStatus(l),
  expiresAt: l.expiresAt.toISOString(),
  createdAt: l.createdAt.toISOString(),
  createdByName: by?.trim() || null,
});

/**
 * A new version (decision 0330): numbered after the last, with files of the piece only; the
 * piece's current text becomes the version's. A version of an approved or scheduled piece sends
 * it back to review: an approval is of a version.
 */
export async function createVersion(
  t: Tenant,
  pieceId: string,
  input: { copy: string; hashtags: string[]; fileIds: string[]; note: string | null; source: VersionView['source']; restoredFrom?: number | null },
): Promise<VersionView> {
  const piece = await visiblePiece(t, pieceId);
  const fileIds = [...new Set(input.fileIds)];
  if (fileIds.length) {
    const found = await t.db
      .select({ id: F.id })
      .from(F)
      .where(and(eq(F.companyId, t.companyId), eq(F.entityType, PIECE_FILE_ENTITY), eq(F.entityId, piece.id), inArray(F.id, fileIds), isNull(F.deletedAt)));
    if (found.length !== fileIds.length) throw badRequest(RM.fileNotInPiece, 'MARKETING_VERSION_FILES');
  }
  const row = await t.db.transaction(async (tx) => {
    // One writer per piece at a time: the numbers stay 1, 2, 3…
    const [locked] = await tx
      .select({ status: P.status })
      .from(P)
      .where(and(eq(P.id, piece.id), eq(P.companyId, t.companyId)))
      .for('update');
    if (!locked) throw notFound(RM.versionNotFound);
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${V.number}), 0) + 1` })
      .from(V)
      .where(and(eq(V.companyId, t.companyId), eq(V.pieceId, piece.id)))) as [{ next: number }];
    const [inserted] = await tx
      .insert(V)
      .values({
        companyId: t.companyId,
        pieceId: piece.id,
        number: Number(next),
        copy: input.copy,
        hashtags: input.hashtags,
        fileIds,
        note: input.note,
        source: input.source,
        restoredFrom: input.restoredFrom ?? null,
        createdBy: t.actorId,
      })
      .returning();
    const status: PieceStatus | undefined = locked.status === 'aprovado' || locked.status === 'agendado' ? 'revisao' : undefined;
    await tx
      .update(P)
      .set({ copy: input.copy || null, hashtags: input.hashtags, updatedBy: t.actorId, updatedAt: new Date(), ...(status ? { status } : {}) })
      .where(and(eq(P.id, piece.id), eq(P.companyId, t.companyId)));
    await announce(tx, { companyId: t.companyId, entity: REVIEW_PIECE_ENTITY, id: piece.id, action: 'updated' });
    return inserted!;
  });
  return (await versionViews(t, [row]))[0]!;
}

/** Restoring: a new version with an old one's text, hashtags and files (those still attached). */
export async function restoreVersion(t: Tenant, pieceId: string, versionId: string): Promise<VersionView> {
  const piece = await visiblePiece(t, pieceId);
  if (!isUuid(versionId)) throw notFound(RM.versionNotFound);
  const [old] = await t.db
    .select()
    .from(V)
    .where(and(eq(V.id, versionId), eq(V.companyId, t.companyId), eq(V.pieceId, piece.id)));
  if (!old) throw notFound(RM.versionNotFound);
  const live = old.fileIds.length
    ? (await t.db.select({ id: F.id }).from(F).where(and(eq(F.companyId, t.companyId), inArray(F.id, old.fileIds), isNull(F.deletedAt)))).map((f) => f.id)
    : [];
  return createVersion(t, piece.id, { copy: old.copy, hashtags: old.hashtags, fileIds: old.fileIds.filter((id) => live.includes(id)), note: null, source: 'restauracao', restoredFrom: old.number });
}

/** Who hears about a decision: the piece's assignee and creator (and the link's sender), never the one who decided. */
function audience(piece: PieceRow, extra: Array<string | null>, except: string | null) {
  return [piece.assigneeId, piece.createdBy, ...extra].filter((id): id is string => !!id && id !== except);
}

async function tellTeam(s: Services, piece: PieceRow, userIds: string[], decision: 'aprovado' | 'alteracoes', who: string) {
  if (!userIds.length) return;
  await notify(s, {
    companyId: piece.companyId,
    userIds,
    kind: 'alert',
    title: decision === 'aprovado' ? `Peça aprovada: ${piece.title}` : `Alterações pedidas: ${piece.title}`,
    body: decision === 'aprovado' ? `${who} aprovou a peça.` : `${who} pediu alterações na peça.`,
    link: piecePath(piece.id),
    entity: { type: PIECE_FILE_ENTITY, id: piece.id },
  });
}

/** The status a decision leads to (decision 0332); null keeps it. */
function statusAfter(current: string, decision: 'aprovado' | 'alteracoes', clientStillNeeded: boolean): PieceStatus | null {
  if (current === 'publicado') return null;
  if (decision === 'alteracoes') return 'producao';
  if (current === 'aprovado' || current === 'agendado') return null;
  return clientStillNeeded ? 'revisao' : 'aprovado';
}

/**
 * A member's decision: approve (→ 'aprovado', or 'revisao' while the client's approval is still
 * needed) or ask for changes (→ 'producao'), with a comment; the assignee and creator are told.
 */
export async function decideInternal(s: Services, t: Tenant, pieceId: string, input: DecisionInput & { comment: string | null }) {
  const piece = await visiblePiece(t, pieceId);
  if (piece.status === 'publicado') throw conflict(RM.published, 'MARKETING_PIECE_PUBLISHED');
  const decision = input.decision as 'aprovado' | 'alteracoes';
  const result = await t.db.transaction(async (tx) => {
    const latest = await latestVersion(tx, t.companyId, piece.id);
    const [client] = await tx.select({ clientApproval: C.clientApproval }).from(C).where(eq(C.id, piece.clientId));
    const clientStillNeeded = !!client?.clientApproval && !(await clientApprovedLatest(tx, t.companyId, piece.id));
    const [approval] = await tx
      .insert(A)
      .values({ companyId: t.companyId, pieceId: piece.id, versionId: latest?.id ?? null, versionNumber: latest?.number ?? null, decision, comment: input.comment, source: 'interno', actorId: t.actorId })
      .returning();
    const status = statusAfter(piece.status, decision, clientStillNeeded);
    if (status && status !== piece.status) {
      await tx.update(P).set({ status, updatedBy: t.actorId, updatedAt: new Date() }).where(and(eq(P.id, piece.id), eq(P.companyId, t.companyId)));
    }
    await announce(tx, { companyId: t.companyId, entity: REVIEW_PIECE_ENTITY, id: piece.id, action: 'updated' });
    return { approvalId: approval!.id, status: status ?? piece.status, waitingForClient: decision === 'aprovado' && clientStillNeeded };
  });
  const [me] = await t.db.select({ name: U.name }).from(U).where(eq(U.id, t.actorId));
  await tellTeam(s, piece, audience(piece, [], t.actorId), decision, me?.name?.trim() || 'Um membro da equipe');
  return result;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes in base64url: 43 characters. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new approval link (decision 0331): the token is answered once, only its hash is kept. */
export async function createApprovalLink(s: Services, t: Tenant, pieceId: string): Promise<ApprovalLinkCreated> {
  const piece = await visiblePiece(t, pieceId);
  if (piece.status === 'publicado') throw conflict(RM.published, 'MARKETING_PIECE_PUBLISHED');
  // A link asks the client to approve a version: without one that shows something, there is nothing to send.
  if (!(await approvableVersion(t.db, t.companyId, piece.id))) throw conflict(RM.nothingToSend, 'MARKETING_NOTHING_TO_APPROVE');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + RL.linkDays * 86_400_000);
  const row = await t.db.transaction(async (tx) => {
    const [link] = await tx.insert(LK).values({ companyId: t.companyId, pieceId: piece.id, tokenHash: hashToken(token), expiresAt, createdBy: t.actorId }).returning();
    // The piece goes out of the company: recorded like a sending (decision 0128), without the token.
    await logAudit(tx, t, { action: 'marketing_approval_link_sent', entity: APPROVAL_LINK_AUDIT_ENTITY, id: link!.id, details: { piece: piece.id, expiresAt: expiresAt.toISOString() } });
    if (piece.status === 'ideia' || piece.status === 'producao') {
      await tx.update(P).set({ status: 'revisao', updatedBy: t.actorId, updatedAt: new Date() }).where(and(eq(P.id, piece.id), eq(P.companyId, t.companyId)));
    }
    await announce(tx, { companyId: t.companyId, entity: REVIEW_PIECE_ENTITY, id: piece.id, action: 'updated' });
    return link!;
  });
  const [me] = await t.db.select({ name: U.name }).from(U).where(eq(U.id, t.actorId));
  return { link: linkView(row, me?.name ?? null), url: `${s.cfg.appUrl}/aprovacao/${token}` };
}

/** Revoking: the link stops working at once (its page says so). */
export async function revokeApprovalLink(t: Tenant, pieceId: string, linkId: string): Promise<void> {
  const piece = await visiblePiece(t, pieceId);
  if (!isUuid(linkId)) throw notFound(RM.linkNotFound);
  await t.db.transaction(async (tx) => {
    const [row] = await tx
      .update(LK)
      .set({ revokedAt: sql`coalesce(${LK.revokedAt}, now())` })
      .where(and(eq(LK.id, linkId), eq(LK.companyId, t.companyId), eq(LK.pieceId, piece.id)))
      .returning({ id: LK.id });
    if (!row) throw notFound(RM.linkNotFound);
    await logAudit(tx, t, { action: 'marketing_approval_link_revoked', entity: APPROVAL_LINK_AUDIT_ENTITY, id: linkId, details: { piece: piece.id, revoked: true } });
    await announce(tx, { companyId: t.companyId, entity: REVIEW_PIECE_ENTITY, id: piece.id, action: 'updated' });
  });
}

// ---------- The public link (no account): the company comes from the token only. ----------

export type LinkRow = typeof LK.$inferSelect;

/** The link a token names: 404 when malformed or unknown (forged), 410 when expired or revoked. */
export async function linkOfToken(db: DbOrTx, token: string): Promise<LinkRow> {
  if (!TOKEN_SHAPE.test(token)) throw notFound(RM.linkInvalid);
  const [row] = await db.select().from(LK).where(eq(LK.tokenHash, hashToken(token)));
  if (!row) throw notFound(RM.linkInvalid);
  if (row.revokedAt) throw new AppError(410, 'APPROVAL_LINK_REVOKED', RM.linkRevoked);
  // A decided link still shows its decision until it expires.
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError(410, 'APPROVAL_LINK_EXPIRED', RM.linkExpired);
  return row;
}

/**
 * The client's decision through the link (decision 0332): once per link, recorded with the time
 * and the name they typed (no address is kept); the piece's status follows; the team is told and
 * sees it live.
 */
export async function decideByClient(s: Services, t: Tenant, token: string, input: { decision: 'aprovado' | 'alteracoes'; comment: string | null; name: string }) {
  const outcome = await t.db.transaction(async (tx) => {
    const link = await linkOfToken(tx, token);
    if (link.companyId !== t.companyId) throw notFound(RM.linkInvalid);
    const [locked] = await tx.select().from(LK).where(eq(LK.id, link.id)).for('update');
    if (!locked || locked.decidedAt) throw conflict(RM.linkDecided, 'APPROVAL_LINK_DECIDED');
    const [piece] = await tx.select().from(P).where(and(eq(P.id, link.pieceId), eq(P.companyId, link.companyId))).for('update');
    if (!piece) throw notFound(RM.linkInvalid);
    const latest = await approvableVersion(tx, link.companyId, piece.id);
    if (!latest) throw conflict(RM.nothingToApprove, 'MARKETING_NOTHING_TO_APPROVE');
    await tx.insert(A).values({
      companyId: link.companyId,
      pieceId: piece.id,
      versionId: latest.id,
      versionNumber: latest.number,
      decision: input.decision,
      comment: input.comment,
      source: 'cliente',
      reviewerName: input.name,
      linkId: link.id,
    });
    await tx.update(LK).set({ decidedAt: new Date() }).where(eq(LK.id, link.id));
    const status = statusAfter(piece.status, input.decision, false);
    if (status && status !== piece.status) await tx.update(P).set({ status, updatedAt: new Date() }).where(eq(P.id, piece.id));
    // The client has no account: the line has no person (and no address: decision 0332).
    await logActivity(tx, { companyId: link.companyId, userId: null, action: input.decision === 'aprovado' ? 'marketing_piece_approved_by_client' : 'marketing_changes_requested_by_client', details: { entity: APPROVAL_LINK_AUDIT_ENTITY, id: link.id, piece: piece.id, decision: input.decision, by: 'cliente' } });
    await announce(tx, { companyId: link.companyId, entity: REVIEW_PIECE_ENTITY, id: piece.id, action: 'updated' });
    return { piece, link, status: status ?? piece.status };
  });
  await tellTeam(s, outcome.piece, audience(outcome.piece, [outcome.link.createdBy], null), input.decision, `${input.name} (cliente)`);
  return { status: outcome.status };
}

/** A PostgreSQL array literal of uuids (validated before). */
const pgArray = (ids: string[]) => `{${ids.filter(isUuid).join(',')}}`;

/** The cards' covers: per piece, the first live file of its latest version (one query). */
export async function creativeCovers(t: Tenant, ids: string[]): Promise<CreativeCovers> {
  const visible = await visibleClientIds(t);
  if (visible && !visible.length) return { covers: {} };
  const { rows } = await t.db.execute<{ piece_id: string; file_id: string; kind: string; has_thumbnail: boolean }>(sql`
    SELECT DISTINCT ON (v.piece_id) v.piece_id, f.id AS file_id, f.kind, f.thumbnail_key IS NOT NULL AS has_thumbnail
      FROM ${P} p
      JOIN LATERAL (SELECT * FROM ${V} v WHERE v.company_id = p.company_id AND v.piece_id = p.id ORDER BY v.number DESC LIMIT 1) v ON true
      JOIN LATERAL unnest(v.file_ids) WITH ORDINALITY AS u(file_id, ord) ON true
      JOIN ${F} f ON f.id = u.file_id AND f.company_id = p.company_id AND f.deleted_at IS NULL
     WHERE p.company_id = ${t.companyId} AND p.id = ANY(${pgArray(ids)}::uuid[])
       ${visible ? sql`AND p.client_id = ANY(${pgArray(visible)}::uuid[])` : sql``}
     ORDER BY v.piece_id, u.ord`);
  return { covers: Object.fromEntries(rows.map((r) => [r.piece_id, { fileId: r.file_id, kind: r.kind, hasThumbnail: r.has_thumbnail }])) };
}
