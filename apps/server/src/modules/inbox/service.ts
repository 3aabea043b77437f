import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { isWithinBusinessHours } from '@sede/shared/inbox/hours';
import {
  INBOX_MESSAGES as M,
  REOPEN_WINDOW_MS,
  type BusinessHours,
  type CannedReply,
  type Channel,
  type ConversationList,
  type ConversationStatus,
  type ConversationSummary,
  type InboxMessage,
  type InboxSettings,
  type MessageKind,
  type VisitorConversation,
  type VisitorMessage,
  type WidgetConfig,
  type conversationListQuerySchema,
  type conversationUpdateSchema,
  type inboxSettingsUpdateSchema,
} from '@sede/shared/inbox/schemas';
import { isUuid } from '@sede/shared/platform/api';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import { serverState } from '../../platform/module.ts';
import { notify } from '../../platform/notifications/notify.ts';
import { authSecret } from '../../platform/secret.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { getPerson } from '../parties/public.ts';
import { channelOf } from './channels.ts';

const { inboxSettings: S, inboxConversations: C, inboxMessages: MSG, inboxReads: R, inboxCannedReplies: CR, files: F } = schema;

export const CONVERSATION_ENTITY = 'inbox_conversation';
type SettingsRow = typeof S.$inferSelect;
type ConversationRow = typeof C.$inferSelect;
type Db = Pick<Tenant, 'db' | 'companyId'>;

const nameOf = (userIdColumn: unknown) =>
  sql<string | null>`(SELECT COALESCE(NULLIF(trim(concat_ws(' ', p.first_name, p.last_name)), ''), NULLIF(u.name, ''), u.email)
                 FROM "user" u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = ${userIdColumn})`;

// ——— settings and the public key ———

const newPublicKey = () => `pk_${randomBytes(18).toString('base64url')}`;

/** The company's widget settings, created on first use with a fresh unguessable public key. */
export async function settingsOf(db: DbOrTx, companyId: string): Promise<SettingsRow> {
  const [row] = await db.select().from(S).where(eq(S.companyId, companyId)).limit(1);
  if (row) return row;
  await db.insert(S).values({ companyId, publicKey: newPublicKey() }).onConflictDoNothing();
  const [created] = await db.select().from(S).where(eq(S.companyId, companyId)).limit(1);
  return created!;
}

export const toSettings = (r: SettingsRow): InboxSettings => ({
  publicKey: r.publicKey,
  allowedOrigins: r.allowedOrigins,
  color: r.color,
  title: r.title,
  greeting: r.greeting,
  awayMessage: r.awayMessage,
  businessHours: r.businessHours as BusinessHours,
  csatEnabled: r.csatEnabled,
});

export async function updateSettings(t: Tenant, input: z.output<typeof inboxSettingsUpdateSchema>): Promise<InboxSettings> {
  return t.db.transaction(async (tx) => {
    await settingsOf(tx, t.companyId);
    const [row] = await tx
      .update(S)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(S.companyId, t.companyId))
      .returning();
    await logAudit(tx, t, { action: 'inbox_settings_changed', entity: 'inbox_settings', id: t.companyId, details: { fields: Object.keys(input) } });
    return toSettings(row!);
  });
}

/** The settings a public key names (null: no such widget). */
export async function settingsByKey(db: DbOrTx, key: string): Promise<SettingsRow | null> {
  if (!/^pk_[\w-]{10,60}$/.test(key)) return null;
  const [row] = await db.select().from(S).where(eq(S.publicKey, key)).limit(1);
  return row ?? null;
}

export const widgetConfig = (r: SettingsRow, at = new Date()): WidgetConfig => ({
  title: r.title,
  color: r.color,
  greeting: r.greeting,
  online: isWithinBusinessHours(r.businessHours as BusinessHours, at),
  available: true,
  contactEmail: null,
});

/**
 * The company's data reached by what a customer sends, with no member's request (decision 0431):
 * the website widget's public link, or another channel's webhook (WhatsApp).
 */
const customerTenant = (s: Services, companyId: string, channel: string) => systemTenant(s, companyId, channel === 'chat' ? 'public-link' : 'webhook');
const widgetDb = (s: Services, companyId: string) => systemTenant(s, companyId, 'public-link').db;

// ——— the visitor's token (decision 0261) ———

const tokenKey = (s: Services) => serverState(s, 'inbox.tokenKey', () => createHmac('sha256', authSecret(s.cfg.dataDir, s.cfg.BETTER_AUTH_SECRET)).update('sede:inbox-visitor:v1').digest());
const sign = (s: Services, companyId: string, conversationId: string) => createHmac('sha256', tokenKey(s)).update(`${companyId}:${conversationId}`).digest('base64url');

/** `<conversation id>.<HMAC of company and conversation>`: reads and writes one conversation of one company, nothing else. */
export const visitorToken = (s: Services, companyId: string, conversationId: string) => `${conversationId}.${sign(s, companyId, conversationId)}`;

/** The conversation a token names in this widget's company; anything else (forged, another company's) is a 404. */
export async function conversationOfToken(s: Services, settings: SettingsRow, token: string | undefined | null): Promise<ConversationRow> {
  const [id, mac] = (token ?? '').split('.');
  if (!id || !mac || !isUuid(id)) throw notFound(M.conversationNotFound);
  const expected = Buffer.from(sign(s, settings.companyId, id));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound(M.conversationNotFound);
  const [row] = await widgetDb(s, settings.companyId).select().from(C).where(and(eq(C.id, id), eq(C.companyId, settings.companyId))).limit(1);
  if (!row) throw notFound(M.conversationNotFound);
  return row;
}

// ——— conversations ———

const preview = (body: string, fileName?: string | null) => (body || (fileName ? `Arquivo: ${fileName}` : '')).replace(/\s+/g, ' ').slice(0, 140);

async function insertMessage(tx: DbOrTx, companyId: string, conversationId: string, m: { kind: MessageKind; body: string; authorId?: string | null; fileId?: string | null }) {
  const [row] = await tx
    .insert(MSG)
    .values({ companyId, conversationId, kind: m.kind, body: m.body, authorId: m.authorId ?? null, fileId: m.fileId ?? null, createdAt: sql`clock_timestamp()` })
    .returning();
  return row!;
}

/** The automatic out-of-hours reply, at most once an hour per conversation (decision 0264). */
async function maybeAwayReply(tx: DbOrTx, settings: SettingsRow, conv: ConversationRow, now: Date) {
  if (isWithinBusinessHours(settings.businessHours as BusinessHours, now)) return;
  if (conv.lastAwayReplyAt && now.getTime() - conv.lastAwayReplyAt.getTime() < 3_600_000) return;
  await insertMessage(tx, conv.companyId, conv.id, { kind: 'auto', body: settings.awayMessage || M.outOfHours });
  await tx.update(C).set({ lastAwayReplyAt: now }).where(eq(C.id, conv.id));
}

/**
 * What comes in from a channel (decision 0263): a new conversation, or a message on one.
 * The widget calls it today; the WhatsApp webhook will, with its channel and the sender's number.
 */
export async function receiveInbound(
  s: Services,
  settings: SettingsRow,
  input: { channel: Channel; conversation?: ConversationRow; visitor?: { name?: string; email?: string; phone?: string; externalId?: string }; body: string; fileId?: string | null; fileName?: string | null },
): Promise<{ conversation: ConversationRow; messageId: string }> {
  return customerTenant(s, settings.companyId, input.channel).db.transaction(async (tx) => {
    const now = new Date();
    let conv = input.conversation;
    if (!conv) {
      [conv] = await tx
        .insert(C)
        .values({
          companyId: settings.companyId,
          channel: input.channel,
          visitorName: input.visitor?.name || null,
          visitorEmail: input.visitor?.email || null,
          visitorPhone: input.visitor?.phone || null,
          externalId: input.visitor?.externalId ?? null,
        })
        .returning();
    }
    // The customer writing to a resolved conversation reopens it (same assignee), with a line for the agents (decision 0303).
    if (conv!.status === 'resolved') await insertMessage(tx, settings.companyId, conv!.id, { kind: 'event', body: M.reopened });
    const message = await insertMessage(tx, settings.companyId, conv!.id, { kind: 'visitor', body: input.body, fileId: input.fileId });
    const [updated] = await tx
      .update(C)
      .set({
        lastMessageAt: now,
        lastMessagePreview: preview(input.body, input.fileName),
        // A customer writing again reopens the conversation (its times start over from the reopening).
        ...(conv!.status !== 'open' ? { status: 'open', resolvedAt: null, resolutionMs: null } : {}),
      })
      .where(eq(C.id, conv!.id))
      .returning();
    await maybeAwayReply(tx, settings, updated!, now);
    await announce(tx, { companyId: settings.companyId, entity: CONVERSATION_ENTITY, id: conv!.id, action: input.conversation ? 'message' : 'created' });
    return { conversation: updated!, messageId: message.id };
  });
}

/** Whether a resolved conversation is past the reopening window (decision 0303): the customer's next message starts a new one. */
export const pastReopenWindow = (conv: Pick<ConversationRow, 'status' | 'resolvedAt'>, now = Date.now()) =>
  conv.status === 'resolved' && (!conv.resolvedAt || now - conv.resolvedAt.getTime() > REOPEN_WINDOW_MS);

/**
 * The conversation a widget visitor's next message goes to (decision 0303): their own, reopened
 * by the message when it was resolved up to 7 days ago; a new one (same visitor and contact)
 * when it was resolved longer ago. `started`: the visitor needs the new conversation's token.
 */
export async function conversationToContinue(s: Services, conv: ConversationRow): Promise<{ conversation: ConversationRow; started: boolean }> {
  if (!pastReopenWindow(conv)) return { conversation: conv, started: false };
  return customerTenant(s, conv.companyId, conv.channel).db.transaction(async (tx) => {
    const [created] = await tx
      .insert(C)
      .values({
        companyId: conv.companyId,
        channel: conv.channel,
        visitorName: conv.visitorName,
        visitorEmail: conv.visitorEmail,
        visitorPhone: conv.visitorPhone,
        externalId: conv.externalId,
        personId: conv.personId,
      })
      .returning();
    await announce(tx, { companyId: conv.companyId, entity: CONVERSATION_ENTITY, id: created!.id, action: 'created' });
    return { conversation: created!, started: true };
  });
}

/**
 * A channel's customer (a WhatsApp number): their latest conversation when it is open, pending,
 * or resolved up to 7 days ago (the message reopens it, decision 0303), else a new one (one
 * conversation at a time per contact).
 */
export async function channelConversation(s: Services, companyId: string, channel: Channel, visitor: { externalId: string; name?: string; phone?: string }): Promise<ConversationRow> {
  return customerTenant(s, companyId, channel).db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`inbox:${companyId}:${channel}:${visitor.externalId}`}))`);
    const [latest] = await tx
      .select()
      .from(C)
      .where(and(eq(C.companyId, companyId), eq(C.channel, channel), eq(C.externalId, visitor.externalId)))
      .orderBy(sql`${C.status} = 'resolved'`, desc(C.lastMessageAt))
      .limit(1);
    const open = latest && !pastReopenWindow(latest) ? latest : undefined;
    if (open) {
      if (visitor.name && visitor.name !== open.visitorName) await tx.update(C).set({ visitorName: visitor.name }).where(eq(C.id, open.id));
      return open;
    }
    const [created] = await tx
      .insert(C)
      .values({ companyId, channel, visitorName: visitor.name || null, visitorPhone: visitor.phone || null, externalId: visitor.externalId })
      .returning();
    await announce(tx, { companyId, entity: CONVERSATION_ENTITY, id: created!.id, action: 'created' });
    return created!;
  });
}

/**
 * The system's own reply to the customer (a channel's confirmation, e.g. WhatsApp's opt-out):
 * stored as an automatic message and sent through the conversation's channel.
 */
export async function sendAutoReply(s: Services, conv: ConversationRow, body: string): Promise<void> {
  const message = await customerTenant(s, conv.companyId, conv.channel).db.transaction(async (tx) => {
    const row = await insertMessage(tx, conv.companyId, conv.id, { kind: 'auto', body });
    await tx.update(C).set({ lastMessageAt: row.createdAt, lastMessagePreview: preview(body) }).where(eq(C.id, conv.id));
    await announce(tx, { companyId: conv.companyId, entity: CONVERSATION_ENTITY, id: conv.id, action: 'message' });
    return row;
  });
  await channelOf(conv.channel as Channel).deliver(s, conv, { id: message.id, body, fileId: null });
}

/** When the customer last wrote in a conversation (a channel's reply window). */
export async function lastCustomerMessageAt(db: DbOrTx, companyId: string, conversationId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${MSG.createdAt})` })
    .from(MSG)
    .where(and(eq(MSG.companyId, companyId), eq(MSG.conversationId, conversationId), eq(MSG.kind, 'visitor')));
  return row?.at ? new Date(row.at) : null;
}

type FileInfo = { id: string; name: string; mime: string; size: number };

async function messagesOf(db: DbOrTx, companyId: string, conversationId: string, withNotes: boolean) {
  return db
    .select({ m: MSG, authorName: nameOf(MSG.authorId), file: { id: F.id, name: F.name, mime: F.mime, size: F.size, deletedAt: F.deletedAt } })
    .from(MSG)
    .leftJoin(F, eq(F.id, MSG.fileId))
    .where(and(eq(MSG.companyId, companyId), eq(MSG.conversationId, conversationId), withNotes ? undefined : notInArray(MSG.kind, ['note', 'event'])))
    .orderBy(asc(MSG.createdAt), asc(MSG.id))
    .limit(1000);
}

const fileOf = (f: { id: string | null; name: string | null; mime: string | null; size: number | null; deletedAt: Date | null } | null): FileInfo | null =>
  f?.id && !f.deletedAt ? { id: f.id, name: f.name!, mime: f.mime!, size: f.size! } : null;

/** The visitor's view: no notes, no agents' ids. */
export async function visitorConversation(s: Services, conv: ConversationRow): Promise<VisitorConversation> {
  const rows = await messagesOf(widgetDb(s, conv.companyId), conv.companyId, conv.id, false);
  const messages: VisitorMessage[] = rows.map((r) => ({
    id: r.m.id,
    kind: r.m.kind as VisitorMessage['kind'],
    body: r.m.body,
    authorName: r.m.kind === 'agent' ? (r.authorName?.split(' ')[0] ?? null) : null,
    file: fileOf(r.file),
    createdAt: r.m.createdAt.toISOString(),
  }));
  return { status: conv.status as ConversationStatus, csatAsked: conv.csatAskedAt !== null, csatScore: conv.csatScore, messages };
}

/** The visitor's file: only one attached to a message of its own conversation. */
export async function visitorFileId(s: Services, conv: ConversationRow, fileId: string): Promise<string> {
  const [row] = await widgetDb(s, conv.companyId)
    .select({ id: MSG.fileId })
    .from(MSG)
    .where(and(eq(MSG.conversationId, conv.id), eq(MSG.companyId, conv.companyId), eq(MSG.fileId, fileId), ne(MSG.kind, 'note')))
    .limit(1);
  if (!row?.id) throw notFound('Arquivo não encontrado.');
  return row.id;
}

export async function answerCsat(s: Services, conv: ConversationRow, score: number) {
  if (!conv.csatAskedAt) throw conflict('A avaliação ainda não foi pedida nesta conversa.', 'CSAT_NOT_ASKED');
  await widgetDb(s, conv.companyId).transaction(async (tx) => {
    await tx.update(C).set({ csatScore: score }).where(eq(C.id, conv.id));
    await announce(tx, { companyId: conv.companyId, entity: CONVERSATION_ENTITY, id: conv.id, action: 'updated' });
  });
}

function toSummary(r: { c: ConversationRow; assigneeName: string | null; unread: number }): ConversationSummary {
  return {
    id: r.c.id,
    channel: r.c.channel as Channel,
    status: r.c.status as ConversationStatus,
    visitorName: r.c.visitorName,
    visitorEmail: r.c.visitorEmail,
    visitorPhone: r.c.visitorPhone,
    personId: r.c.personId,
    assigneeId: r.c.assigneeId,
    assigneeName: r.assigneeName,
    lastMessageAt: r.c.lastMessageAt.toISOString(),
    lastMessagePreview: r.c.lastMessagePreview,
    unread: Number(r.unread),
    createdAt: r.c.createdAt.toISOString(),
    firstResponseMs: r.c.firstResponseMs,
    resolutionMs: r.c.resolutionMs,
    csatScore: r.c.csatScore,
  };
}

const unreadFor = (userId: string) =>
  sql<number>`(SELECT count(*)::int FROM inbox_messages m WHERE m.conversation_id = inbox_conversations.id AND m.kind = 'visitor'
      AND m.created_at > COALESCE((SELECT r.last_read_at FROM inbox_reads r WHERE r.conversation_id = inbox_conversations.id AND r.user_id = ${userId}), '-infinity'::timestamptz))`;

export async function listConversations(t: Tenant, q: z.output<typeof conversationListQuerySchema>): Promise<ConversationList> {
  const scope =
    q.scope === 'mine' ? eq(C.assigneeId, t.actorId) : q.scope === 'unassigned' ? isNull(C.assigneeId) : undefined;
  const rows = await t.db
    .select({ c: C, assigneeName: nameOf(C.assigneeId), unread: unreadFor(t.actorId) })
    .from(C)
    .where(and(eq(C.companyId, t.companyId), scope, q.status ? eq(C.status, q.status) : undefined))
    .orderBy(desc(C.lastMessageAt), desc(C.id))
    .limit(q.limit);
  const [counts] = await t.db
    .select({
      mine: sql<number>`count(*) FILTER (WHERE ${C.assigneeId} = ${t.actorId})::int`,
      unassigned: sql<number>`count(*) FILTER (WHERE ${C.assigneeId} IS NULL)::int`,
      all: sql<number>`count(*)::int`,
      unread: sql<number>`count(*) FILTER (WHERE ${unreadFor(t.actorId)} > 0)::int`,
    })
    .from(C)
    .where(and(eq(C.companyId, t.companyId), q.status ? eq(C.status, q.status) : undefined));
  return { conversations: rows.map(toSummary), counts: counts! };
}

export async function conversationRow(db: DbOrTx, companyId: string, id: string): Promise<ConversationRow> {
  if (!isUuid(id)) throw notFound(M.conversationNotFound);
  const [row] = await db.select().from(C).where(and(eq(C.id, id), eq(C.companyId, companyId))).limit(1);
  if (!row) throw notFound(M.conversationNotFound);
  return row;
}

export const conversationExists = async (t: Db, id: string) => isUuid(id) && (await t.db.select({ id: C.id }).from(C).where(and(eq(C.id, id), eq(C.companyId, t.companyId))).limit(1)).length > 0;

export async function getConversation(t: Tenant, id: string): Promise<{ conversation: ConversationSummary; messages: InboxMessage[] }> {
  await conversationRow(t.db, t.companyId, id);
  const [row] = await t.db
    .select({ c: C, assigneeName: nameOf(C.assigneeId), unread: unreadFor(t.actorId) })
    .from(C)
    .where(and(eq(C.id, id), eq(C.companyId, t.companyId)));
  const rows = await messagesOf(t.db, t.companyId, id, true);
  return {
    conversation: toSummary(row!),
    messages: rows.map((r) => ({ id: r.m.id, kind: r.m.kind as MessageKind, body: r.m.body, authorId: r.m.authorId, authorName: r.authorName, file: fileOf(r.file), createdAt: r.m.createdAt.toISOString() })),
  };
}

/** The agent has read the conversation up to now (their unread count drops). */
export async function markRead(t: Tenant, id: string) {
  await conversationRow(t.db, t.companyId, id);
  await t.db
    .insert(R)
    .values({ companyId: t.companyId, conversationId: id, userId: t.actorId, lastReadAt: new Date() })
    .onConflictDoUpdate({ target: [R.conversationId, R.userId], set: { lastReadAt: new Date() } });
}

/** An agent's reply (sent to the customer through the conversation's channel) or internal note (never sent). */
export async function addAgentMessage(
  s: Services,
  t: Tenant,
  id: string,
  input: { body?: string; fileId?: string; note?: boolean },
  /** `sent`: the channel already sent it (a WhatsApp template): stored only. */
  opts: { sent?: boolean } = {},
): Promise<InboxMessage> {
  if (!input.note && !opts.sent) {
    const conv = await conversationRow(t.db, t.companyId, id);
    await channelOf(conv.channel as Channel).canReply?.(s, conv);
  }
  const { message, conv } = await t.db.transaction(async (tx) => {
    const conv = await conversationRow(tx, t.companyId, id);
    let file: FileInfo | null = null;
    if (input.fileId) {
      const [f] = await tx
        .select({ id: F.id, name: F.name, mime: F.mime, size: F.size })
        .from(F)
        .where(and(eq(F.id, input.fileId), eq(F.companyId, t.companyId), eq(F.entityType, CONVERSATION_ENTITY), eq(F.entityId, id), isNull(F.deletedAt)))
        .limit(1);
      if (!f) throw badRequest('Envie o arquivo nesta conversa antes de anexá-lo.', 'FILE_NOT_IN_CONVERSATION');
      file = f;
    }
    const kind: MessageKind = input.note ? 'note' : 'agent';
    const row = await insertMessage(tx, t.companyId, id, { kind, body: input.body ?? '', authorId: t.actorId, fileId: file?.id });
    if (kind === 'agent') {
      const now = row.createdAt;
      await tx
        .update(C)
        .set({
          lastMessageAt: now,
          lastMessagePreview: preview(input.body ?? '', file?.name),
          // The first reply: the first-response time; an unassigned conversation becomes the replier's.
          ...(conv.firstResponseAt ? {} : { firstResponseAt: now, firstResponseMs: Math.max(0, now.getTime() - conv.createdAt.getTime()) }),
          ...(conv.assigneeId ? {} : { assigneeId: t.actorId }),
          ...(conv.status === 'resolved' ? { status: 'open', resolvedAt: null, resolutionMs: null } : {}),
        })
        .where(eq(C.id, id));
    }
    await tx
      .insert(R)
      .values({ companyId: t.companyId, conversationId: id, userId: t.actorId, lastReadAt: new Date() })
      .onConflictDoUpdate({ target: [R.conversationId, R.userId], set: { lastReadAt: new Date() } });
    await announce(tx, { companyId: t.companyId, entity: CONVERSATION_ENTITY, id, action: kind === 'note' ? 'note' : 'message' });
    return { message: row, conv, file };
  });
  if (message.kind === 'agent' && !opts.sent) await channelOf(conv.channel as Channel).deliver(s, conv, { id: message.id, body: message.body, fileId: message.fileId });
  const [authorName] = await t.db.select({ n: nameOf(sql`${t.actorId}`) }).from(sql`(SELECT 1) x`);
  return {
    id: message.id,
    kind: message.kind as MessageKind,
    body: message.body,
    authorId: message.authorId,
    authorName: authorName?.n ?? null,
    file: null,
    createdAt: message.createdAt.toISOString(),
  };
}

export async function updateConversation(s: Services, t: Tenant, id: string, input: z.output<typeof conversationUpdateSchema>): Promise<ConversationSummary> {
  const assigned = await t.db.transaction(async (tx) => {
    const conv = await conversationRow(tx, t.companyId, id);
    const set: Partial<typeof C.$inferInsert> = {};
    if (input.assigneeId !== undefined && input.assigneeId !== conv.assigneeId) {
      if (input.assigneeId !== null) {
        const [member] = await tx
          .select({ id: schema.companyMembers.id })
          .from(schema.companyMembers)
          .where(and(eq(schema.companyMembers.companyId, t.companyId), eq(schema.companyMembers.userId, input.assigneeId)))
          .limit(1);
        if (!member) throw badRequest(M.assigneeNotMember, 'ASSIGNEE_NOT_MEMBER');
      }
      set.assigneeId = input.assigneeId;
    }
    if (input.personId !== undefined) {
      if (input.personId !== null) await getPerson({ db: tx as unknown as Tenant['db'], companyId: t.companyId }, input.personId);
      set.personId = input.personId;
    }
    const now = new Date();
    if (input.status && input.status !== conv.status) {
      set.status = input.status;
      if (input.status === 'resolved') {
        set.resolvedAt = now;
        set.resolutionMs = Math.max(0, now.getTime() - conv.createdAt.getTime());
        const settings = await settingsOf(tx, t.companyId);
        // The satisfaction question, once per conversation (decision 0265).
        if (settings.csatEnabled && !conv.csatAskedAt && conv.channel === 'chat') {
          await insertMessage(tx, t.companyId, id, { kind: 'auto', body: M.csatQuestion });
          set.csatAskedAt = now;
        }
      } else {
        set.resolvedAt = null;
        set.resolutionMs = null;
      }
    }
    if (Object.keys(set).length) await tx.update(C).set(set).where(eq(C.id, id));
    await announce(tx, { companyId: t.companyId, entity: CONVERSATION_ENTITY, id, action: 'updated' });
    return set.assigneeId && set.assigneeId !== t.actorId ? { userId: set.assigneeId, conv } : null;
  });
  if (assigned) {
    await notify(s, {
      companyId: t.companyId,
      userIds: [assigned.userId],
      kind: 'assignment',
      title: `Conversa atribuída a você: ${assigned.conv.visitorName || assigned.conv.visitorEmail || 'Visitante do site'}`,
      body: assigned.conv.lastMessagePreview || null,
      link: `/atendimento?conversa=${id}`,
      entity: { type: CONVERSATION_ENTITY, id },
    });
  }
  return (await getConversation(t, id)).conversation;
}

export async function deleteConversation(t: Tenant, id: string) {
  await t.db.transaction(async (tx) => {
    await conversationRow(tx, t.companyId, id);
    await tx.delete(C).where(and(eq(C.id, id), eq(C.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'inbox_conversation_deleted', entity: 'inbox_conversation', id, details: {} });
    await announce(tx, { companyId: t.companyId, entity: CONVERSATION_ENTITY, id, action: 'deleted' });
  });
}

/** The AI's input: the last 30 messages, never notes. */
export async function conversationForAi(t: Tenant, id: string) {
  await conversationRow(t.db, t.companyId, id);
  const rows = await messagesOf(t.db, t.companyId, id, false);
  const [company] = await t.db.select({ name: schema.companies.name }).from(schema.companies).where(eq(schema.companies.id, t.companyId));
  return {
    companyName: company?.name ?? '',
    messages: rows.slice(-30).map((r) => ({ from: r.m.kind === 'visitor' ? ('cliente' as const) : r.m.kind === 'agent' ? ('atendente' as const) : ('sistema' as const), text: r.m.body || (r.file?.name ? `[arquivo: ${r.file.name}]` : '') })),
  };
}

// ——— canned replies ———

const toCanned = (r: typeof CR.$inferSelect): CannedReply => ({ id: r.id, shortcut: r.shortcut, body: r.body });

export async function listCanned(t: Tenant): Promise<CannedReply[]> {
  return (await t.db.select().from(CR).where(eq(CR.companyId, t.companyId)).orderBy(asc(CR.shortcut)).limit(500)).map(toCanned);
}

async function uniqueShortcut<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const code = (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw conflict(M.shortcutTaken, 'SHORTCUT_TAKEN');
    throw e;
  }
}

export const createCanned = (t: Tenant, input: { shortcut: string; body: string }) =>
  uniqueShortcut(async () => toCanned((await t.db.insert(CR).values({ companyId: t.companyId, ...input, createdBy: t.actorId }).returning())[0]!));

export async function updateCanned(t: Tenant, id: string, input: { shortcut: string; body: string }) {
  const [row] = await uniqueShortcut(() => t.db.update(CR).set(input).where(and(eq(CR.id, id), eq(CR.companyId, t.companyId))).returning());
  if (!row) throw notFound(M.cannedNotFound);
  return toCanned(row);
}

export async function deleteCanned(t: Tenant, id: string) {
  const rows = await t.db.delete(CR).where(and(eq(CR.id, id), eq(CR.companyId, t.companyId))).returning({ id: CR.id });
  if (!rows.length) throw notFound(M.cannedNotFound);
}

// ——— KPIs ———

/** Open (not resolved) conversations and the median first response of the last 30 days. */
export async function inboxKpis(t: Db): Promise<{ total: number; open: number; medianFirstResponseMs: number | null }> {
  const [row] = await t.db
    .select({
      total: sql<number>`count(*)::int`,
      open: sql<number>`count(*) FILTER (WHERE ${C.status} <> 'resolved')::int`,
      median: sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${C.firstResponseMs}) FILTER (WHERE ${C.firstResponseMs} IS NOT NULL AND ${C.createdAt} > now() - interval '30 days')`,
    })
    .from(C)
    .where(eq(C.companyId, t.companyId));
  return { total: row?.total ?? 0, open: row?.open ?? 0, medianFirstResponseMs: row?.median == null ? null : Math.round(Number(row.median)) };
}


