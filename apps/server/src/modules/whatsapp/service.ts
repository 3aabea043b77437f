import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import type { FileKind } from '@sede/shared/platform/files';
import { HEADER_FORMAT_LABELS, HEADER_FORMATS, type HeaderFormat, WHATSAPP_MESSAGES as M, type WhatsappSettings, type WhatsappTemplate, type WhatsappTestResult, type whatsappSettingsUpdateSchema } from '@sede/shared/whatsapp/schemas';
import type { z } from 'zod';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { systemTenant, tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { decryptSecret, encryptSecret } from '../../platform/secret-box.ts';
import { readEntityFile, storeExternalFile } from '../files/public.ts';
import { isOptOutKeyword, OPT_OUT_CONFIRMATION } from '@sede/shared/whatsapp/opt-out';
import { serverState } from '../../platform/module.ts';
import { channelConversation, CONVERSATION_ENTITY, lastCustomerMessageAt, receiveInbound, sendAutoReply, settingsOf, type InboxChannel } from '../inbox/public.ts';
import { suppress } from '../parties/public.ts';
import { downloadMedia, graph } from './graph.ts';

const { whatsappAccounts: A, whatsappMessages: W } = schema;
type AccountRow = typeof A.$inferSelect;
type ConversationRow = typeof schema.inboxConversations.$inferSelect;

/** The customer-service window (decision 0292): free-form replies up to 24 h after the customer's last message. */
export const WINDOW_MS = 24 * 3_600_000;
/** Approved templates are cached this long (decision 0293). */
export const TEMPLATES_TTL_MS = 10 * 60_000;

// ——— the account ———

export async function accountOf(db: DbOrTx, companyId: string): Promise<AccountRow> {
  const [row] = await db.select().from(A).where(eq(A.companyId, companyId)).limit(1);
  if (row) return row;
  await db
    .insert(A)
    .values({ companyId, webhookKey: `wh_${randomBytes(18).toString('base64url')}`, verifyToken: randomBytes(24).toString('base64url') })
    .onConflictDoNothing();
  const [created] = await db.select().from(A).where(eq(A.companyId, companyId)).limit(1);
  return created!;
}

const isConfigured = (a: AccountRow) => !!(a.phoneNumberId && a.wabaId && a.accessTokenEnc && a.appSecretEnc);

export const toSettings = (a: AccountRow): WhatsappSettings => ({
  configured: isConfigured(a),
  phoneNumberId: a.phoneNumberId,
  wabaId: a.wabaId,
  hasAccessToken: !!a.accessTokenEnc,
  hasAppSecret: !!a.appSecretEnc,
  verifyToken: a.verifyToken,
  webhookPath: `/api/whatsapp/webhook/${a.webhookKey}`,
});

export async function updateAccount(s: Services, t: Tenant, input: z.output<typeof whatsappSettingsUpdateSchema>): Promise<WhatsappSettings> {
  return t.db.transaction(async (tx) => {
    await accountOf(tx, t.companyId);
    const [row] = await tx
      .update(A)
      .set({
        phoneNumberId: input.phoneNumberId,
        wabaId: input.wabaId,
        ...(input.accessToken ? { accessTokenEnc: encryptSecret(s, input.accessToken) } : {}),
        ...(input.appSecret ? { appSecretEnc: encryptSecret(s, input.appSecret) } : {}),
        // Another number's templates are not this one's.
        templates: null,
        templatesFetchedAt: null,
        updatedBy: t.actorId,
        updatedAt: new Date(),
      })
      .where(eq(A.companyId, t.companyId))
      .returning();
    await logAudit(tx, t, { action: 'whatsapp_settings_changed', entity: 'whatsapp_account', id: t.companyId, details: { fields: Object.keys(input).filter((k) => input[k as keyof typeof input]) } });
    return toSettings(row!);
  });
}

/** Whether the company can send through the Cloud API. */
export const whatsappReady = async (s: Services, companyId: string) => isConfigured(await accountOf(s.db, companyId));

/** A Brazilian phone as WhatsApp's number: digits, with 55 before a DDD + number (decision 0294); null when it is not one. */
export function waNumber(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length === 10 || digits.length === 11) return `55${digits}`;
  return digits.length >= 12 && digits.length <= 15 ? digits : null;
}

export async function configured(s: Services, companyId: string): Promise<AccountRow & { token: string }> {
  const a = await accountOf(s.db, companyId);
  if (!isConfigured(a)) throw conflict(M.notConfigured, 'WHATSAPP_NOT_CONFIGURED');
  return { ...a, token: decryptSecret(s, a.accessTokenEnc!) };
}

/** 'Testar': the phone number as the Cloud API sees it. */
export async function testAccount(s: Services, t: Tenant): Promise<WhatsappTestResult> {
  const a = await configured(s, t.companyId);
  const n = await graph<{ display_phone_number?: string; verified_name?: string; quality_rating?: string }>(s, a.token, encodeURIComponent(a.phoneNumberId));
  return { ok: true as const, displayPhoneNumber: n.display_phone_number ?? null, verifiedName: n.verified_name ?? null, qualityRating: n.quality_rating ?? null };
}

// ——— templates ———

type GraphTemplate = {
  name: string;
  language: string;
  status: string;
  components?: Array<{ type: string; format?: string; text?: string; buttons?: Array<{ type: string; text?: string; url?: string }> }>;
};

const countVariables = (text: string) => new Set([...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1])).size;

/** One approved template as the platform keeps it: the body, the header and the URL buttons that take a value (decisions 0293, 0302). */
export function templateOf(tpl: GraphTemplate): WhatsappTemplate {
  const body = tpl.components?.find((c) => c.type === 'BODY')?.text ?? '';
  const h = tpl.components?.find((c) => c.type === 'HEADER');
  const format = h?.format?.toLowerCase() as HeaderFormat | undefined;
  const header = h && format && (HEADER_FORMATS as readonly string[]).includes(format) ? { format, text: h.text ?? '', variables: format === 'text' ? countVariables(h.text ?? '') : 0 } : null;
  const buttons = (tpl.components?.find((c) => c.type === 'BUTTONS')?.buttons ?? [])
    .map((b, index) => ({ index, type: b.type, text: b.text ?? '', url: b.url ?? '' }))
    .filter((b) => b.type === 'URL' && /\{\{1\}\}/.test(b.url))
    .map(({ index, text, url }) => ({ index, text, url }));
  return { name: tpl.name, language: tpl.language, body, variables: countVariables(body), header, buttons };
}

/** A cached template from before headers and buttons were kept reads as having none. */
const normalized = (t: Partial<WhatsappTemplate> & { name: string; language: string; body: string; variables: number }): WhatsappTemplate => ({ ...t, header: t.header ?? null, buttons: t.buttons ?? [] });

export async function listTemplates(s: Services, t: Tenant, refresh = false): Promise<WhatsappTemplate[]> {
  const a = await configured(s, t.companyId);
  if (!refresh && a.templates && a.templatesFetchedAt && Date.now() - a.templatesFetchedAt.getTime() < TEMPLATES_TTL_MS) return a.templates.map(normalized);
  const out: WhatsappTemplate[] = [];
  let path: string | null = `${encodeURIComponent(a.wabaId)}/message_templates?status=APPROVED&limit=100`;
  for (let page = 0; path && page < 10; page++) {
    const res: { data: GraphTemplate[]; paging?: { cursors?: { after?: string }; next?: string } } = await graph(s, a.token, path);
    for (const tpl of res.data ?? []) {
      if (tpl.status !== 'APPROVED') continue;
      out.push(templateOf(tpl));
    }
    const after = res.paging?.next ? res.paging.cursors?.after : undefined;
    path = after ? `${encodeURIComponent(a.wabaId)}/message_templates?status=APPROVED&limit=100&after=${encodeURIComponent(after)}` : null;
  }
  await t.db.update(A).set({ templates: out, templatesFetchedAt: new Date() }).where(eq(A.companyId, t.companyId));
  return out;
}

export const renderTemplate = (body: string, variables: string[]) => body.replace(/\{\{(\d+)\}\}/g, (all, n: string) => variables[Number(n) - 1] ?? all);

/** The text an agent's template message keeps in the conversation: the header (text, or the media's link), the body, the buttons' links. */
export function renderedTemplateText(tpl: WhatsappTemplate, p: { variables: string[]; header: { format: HeaderFormat; value: string } | null; buttons: Array<{ index: number; value: string }> }): string {
  const parts: string[] = [];
  if (tpl.header?.format === 'text') parts.push(renderTemplate(tpl.header.text, [p.header?.value ?? '']));
  else if (tpl.header && p.header?.value) parts.push(`[${HEADER_FORMAT_LABELS[tpl.header.format]}] ${p.header.value}`);
  parts.push(renderTemplate(tpl.body, p.variables));
  for (const b of tpl.buttons) parts.push(`[${b.text}] ${b.url.replace('{{1}}', p.buttons.find((x) => x.index === b.index)?.value ?? '')}`);
  return parts.filter((x) => x.trim()).join('\n\n');
}

/** A template's parameters when sent: body values, the header (text, or a media by link or by an id uploaded to Meta) and URL buttons' suffixes. */
export type TemplateSend = {
  template: string;
  language: string;
  variables: string[];
  header?: { format: HeaderFormat; value?: string; mediaId?: string; filename?: string } | null;
  buttons?: Array<{ index: number; value: string }>;
};

/** Meta's `components` of a template message (decision 0302): header, body, then one per URL button with its index as a string. */
export function templateComponents(tpl: TemplateSend): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const h = tpl.header;
  if (h?.format === 'text' && h.value) out.push({ type: 'header', parameters: [{ type: 'text', text: h.value }] });
  else if (h && h.format !== 'text' && (h.mediaId || h.value)) {
    const media: Record<string, string> = h.mediaId ? { id: h.mediaId } : { link: h.value! };
    if (h.format === 'document' && h.filename) media.filename = h.filename;
    out.push({ type: 'header', parameters: [{ type: h.format, [h.format]: media }] });
  }
  if (tpl.variables.length) out.push({ type: 'body', parameters: tpl.variables.map((text) => ({ type: 'text', text })) });
  for (const b of [...(tpl.buttons ?? [])].sort((x, y) => x.index - y.index)) out.push({ type: 'button', sub_type: 'url', index: String(b.index), parameters: [{ type: 'text', text: b.value }] });
  return out;
}

/** Uploads a file of the platform to the Cloud API's media; its id. */
export async function uploadMedia(s: Services, a: { token: string; phoneNumberId: string }, file: { bytes: Buffer | Uint8Array; mime: string; name: string }): Promise<string> {
  const form = new FormData();
  form.set('messaging_product', 'whatsapp');
  form.set('type', file.mime);
  form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.name);
  return (await graph<{ id: string }>(s, a.token, `${encodeURIComponent(a.phoneNumberId)}/media`, { method: 'POST', form })).id;
}

/** Sends an approved template to a number; Meta's message id. */
export async function sendTemplate(s: Services, t: Pick<Tenant, 'db' | 'companyId'>, to: string, tpl: TemplateSend, link: { conversationId?: string; campaignRecipientId?: string } = {}): Promise<string> {
  const a = await configured(s, t.companyId);
  const components = templateComponents(tpl);
  const res = await graph<{ messages?: Array<{ id: string }> }>(s, a.token, `${encodeURIComponent(a.phoneNumberId)}/messages`, {
    method: 'POST',
    json: {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'template',
      template: { name: tpl.template, language: { code: tpl.language }, ...(components.length ? { components } : {}) },
    },
  });
  const wamid = res.messages?.[0]?.id;
  if (!wamid) throw new AppError(409, 'WHATSAPP_API_ERROR', M.graphFailed('resposta sem id de mensagem'));
  await t.db
    .insert(W)
    .values({ companyId: t.companyId, waMessageId: wamid, direction: 'out', status: 'accepted', conversationId: link.conversationId ?? null, campaignRecipientId: link.campaignRecipientId ?? null })
    .onConflictDoNothing();
  return wamid;
}

// ——— the inbox channel (decision 0263) ———

const mediaType = (mime: string): 'image' | 'audio' | 'document' => (mime.startsWith('image/') ? 'image' : mime.startsWith('audio/') ? 'audio' : 'document');

export const whatsappChannel: InboxChannel = {
  key: 'whatsapp',
  canReply: async (s, conv) => {
    await configured(s, conv.companyId);
    const last = await lastCustomerMessageAt(s.db, conv.companyId, conv.id);
    if (!last || Date.now() - last.getTime() > WINDOW_MS) throw conflict(M.windowClosed, 'WHATSAPP_WINDOW_CLOSED');
  },
  deliver: async (s, conv, message) => {
    const a = await configured(s, conv.companyId);
    const to = conv.externalId ?? '';
    let payload: Record<string, unknown>;
    if (message.fileId) {
      const file = await readEntityFile(s, { db: s.db, companyId: conv.companyId, actorId: '' }, message.fileId, CONVERSATION_ENTITY, conv.id);
      if (!file) throw notFound('Arquivo não encontrado.');
      const type = mediaType(file.mime);
      const content: Record<string, string> = { id: await uploadMedia(s, a, file) };
      if (type !== 'audio' && message.body) content.caption = message.body;
      if (type === 'document') content.filename = file.name;
      payload = { type, [type]: content };
    } else payload = { type: 'text', text: { body: message.body, preview_url: false } };
    const res = await graph<{ messages?: Array<{ id: string }> }>(s, a.token, `${encodeURIComponent(a.phoneNumberId)}/messages`, {
      method: 'POST',
      json: { messaging_product: 'whatsapp', recipient_type: 'individual', to, ...payload },
    });
    const wamid = res.messages?.[0]?.id;
    if (wamid) await s.db.insert(W).values({ companyId: conv.companyId, waMessageId: wamid, direction: 'out', status: 'accepted', conversationId: conv.id, inboxMessageId: message.id }).onConflictDoNothing();
  },
};

// ——— the webhook (decision 0291) ———

/** The account a webhook's key names: the key is all Meta's call has, read before any tenant exists. */
export async function accountByKey(s: Services, key: string): Promise<AccountRow | null> {
  if (!/^wh_[\w-]{10,60}$/.test(key)) return null;
  const [row] = await s.db.select().from(A).where(eq(A.webhookKey, key)).limit(1);
  return row ?? null;
}

/** X-Hub-Signature-256: "sha256=" + HMAC-SHA256 of the raw body with the app secret, compared in constant time. */
export function signatureValid(s: Services, a: AccountRow, raw: Buffer, header: string | undefined): boolean {
  if (!a.appSecretEnc || !header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', decryptSecret(s, a.appSecretEnc)).update(raw).digest('hex'));
  const given = Buffer.from(header.slice(7).toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type InboundMessage = {
  id: string;
  from: string;
  type: string;
  text?: { body?: string };
  image?: { id: string; caption?: string; mime_type?: string };
  audio?: { id: string; mime_type?: string };
  document?: { id: string; caption?: string; filename?: string; mime_type?: string };
};
type Status = { id: string; status: string; errors?: Array<{ title?: string; message?: string }> };
type Payload = {
  entry?: Array<{
    changes?: Array<{
      field?: string;
      value?: { metadata?: { phone_number_id?: string }; contacts?: Array<{ wa_id?: string; profile?: { name?: string } }>; messages?: InboundMessage[]; statuses?: Status[] };
    }>;
  }>;
};

const RANK: Record<string, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 4 };
const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a', 'application/pdf': 'pdf' };

/**
 * The forms one WhatsApp number takes (decision 0301): Meta's wa_id of a Brazilian mobile may
 * lack the ninth digit the contact's phone has (55 11 9xxxx-xxxx vs 55 11 xxxx-xxxx), and the
 * other way round; both are the same customer.
 */
export function waVariants(n: string): string[] {
  if (/^55\d{2}9\d{8}$/.test(n)) return [n, `${n.slice(0, 4)}${n.slice(5)}`];
  if (/^55\d{2}[6-9]\d{7}$/.test(n)) return [n, `${n.slice(0, 4)}9${n.slice(4)}`];
  return [n];
}

/** A customer's message arrived from these numbers; 'opt_out' when it was an opt-out keyword (decisions 0300, 0301). The campaigns register one. */
export type InboundHook = (s: Services, companyId: string, numbers: string[], kind: 'reply' | 'opt_out') => Promise<void>;
const inboundHooks = (s: Services) => serverState(s, 'whatsapp.inboundHooks', () => [] as InboundHook[]);
export const onInbound = (s: Services, hook: InboundHook) => void inboundHooks(s).push(hook);

/**
 * 'SAIR' (decision 0301): every live person of the company with this number (and the
 * conversation's linked person) gets `whatsapp_opt_out`, and the number goes on the company's
 * suppression list with reason 'opt_out', as the e-mail unsubscribe does. Idempotent.
 */
async function optOut(s: Services, t: Tenant, numbers: string[], personId: string | null) {
  const companyId = t.companyId;
  await tenantTransaction(t, async ({ client, db }) => {
    await client.query(
      `UPDATE people SET whatsapp_opt_out = true, updated_at = now()
        WHERE company_id = $1 AND deleted_at IS NULL AND NOT whatsapp_opt_out
          AND (id = $3 OR EXISTS (SELECT 1 FROM unnest(phones) ph WHERE (CASE WHEN length(ph) IN (10, 11) THEN '55' || ph ELSE ph END) = ANY($2::text[])))`,
      [companyId, numbers, personId],
    );
    await suppress(s, db, companyId, numbers.map((phone) => ({ phone })), 'opt_out');
  });
}

/** Campaign recipients' statuses from Meta's (decision 0293); the campaigns module registers it. */
export type RecipientStatusHook = (s: Services, companyId: string, recipientId: string, status: 'sent' | 'delivered' | 'read' | 'failed', error: string | null) => Promise<void>;
let recipientHook: RecipientStatusHook | null = null;
export const onRecipientStatus = (hook: RecipientStatusHook) => {
  recipientHook = hook;
};

async function inbound(s: Services, t: Tenant, a: AccountRow, m: InboundMessage, name: string | undefined) {
  // Meta retries: the same message id is stored once (decision 0291).
  const [claimed] = await t.db.insert(W).values({ companyId: a.companyId, waMessageId: m.id, direction: 'in', status: 'received' }).onConflictDoNothing().returning({ id: W.id });
  if (!claimed) return;
  try {
    const conv = await channelConversation(s, a.companyId, 'whatsapp', { externalId: m.from, name, phone: `+${m.from}` });
    const media = m.type === 'image' ? m.image : m.type === 'audio' ? m.audio : m.type === 'document' ? m.document : undefined;
    let body = m.type === 'text' ? (m.text?.body ?? '') : media ? ((media as { caption?: string }).caption ?? '') : `[Mensagem do tipo "${m.type}" não suportada aqui: veja no WhatsApp.]`;
    let file: { id: string; name: string } | null = null;
    if (media?.id) {
      try {
        const token = decryptSecret(s, a.accessTokenEnc!);
        const got = await downloadMedia(s, token, media.id);
        const mime = got.mime.split(';')[0]!.trim();
        const kind: FileKind = m.type === 'image' ? 'image' : m.type === 'audio' ? 'audio' : 'document';
        const name = m.document?.filename || `whatsapp-${m.id.replace(/[^\w-]/g, '').slice(-16)}.${EXT[mime] ?? mime.split('/')[1] ?? 'bin'}`;
        file = await storeExternalFile(s, t, { entityType: CONVERSATION_ENTITY, entityId: conv.id, kind, name, body: got.body, declaredLength: got.length });
      } catch (e) {
        // A media the platform refuses (type, size) or cannot fetch: the message still arrives, saying so.
        body = `${body ? `${body}\n` : ''}[Anexo não recebido: ${(e as Error).message}]`;
      }
    }
    const numbers = waVariants(m.from);
    const stop = m.type === 'text' && isOptOutKeyword(body);
    // Both idempotent, before the message is stored: a failure here lets Meta's retry do them again.
    if (stop) await optOut(s, t, numbers, conv.personId);
    for (const hook of inboundHooks(s)) await hook(s, a.companyId, numbers, stop ? 'opt_out' : 'reply');
    const settings = await settingsOf(t.db, a.companyId);
    const { messageId, conversation } = await receiveInbound(s, settings, { channel: 'whatsapp', conversation: conv, body: body.slice(0, 5000), fileId: file?.id ?? null, fileName: file?.name ?? null });
    await t.db.update(W).set({ conversationId: conv.id, inboxMessageId: messageId }).where(eq(W.id, claimed.id));
    // The confirmation, inside the window the customer's message just opened; its failure keeps the opt-out.
    if (stop) await sendAutoReply(s, conversation, OPT_OUT_CONFIRMATION).catch((e) => console.error('[whatsapp] opt-out confirmation:', (e as Error).message));
  } catch (e) {
    // Not stored: Meta's retry gets another chance.
    await t.db.delete(W).where(eq(W.id, claimed.id));
    throw e;
  }
}

async function status(s: Services, t: Tenant, a: AccountRow, st: Status) {
  const [row] = await t.db.select().from(W).where(and(eq(W.companyId, a.companyId), eq(W.waMessageId, st.id))).limit(1);
  if (!row || (RANK[st.status] ?? -1) <= (RANK[row.status] ?? -1)) return;
  const error = st.status === 'failed' ? (st.errors?.[0]?.message ?? st.errors?.[0]?.title ?? 'Falha no envio.').slice(0, 300) : null;
  await t.db.update(W).set({ status: st.status, error, updatedAt: new Date() }).where(eq(W.id, row.id));
  if (row.campaignRecipientId && recipientHook && ['sent', 'delivered', 'read', 'failed'].includes(st.status)) {
    await recipientHook(s, a.companyId, row.campaignRecipientId, st.status as 'sent', error);
  }
}

/** A verified webhook post: only changes for this company's own number are read. */
export async function handleWebhook(s: Services, a: AccountRow, payload: Payload) {
  const t = systemTenant(s, a.companyId, 'webhook');
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      const v = change.value;
      if (change.field !== 'messages' || !v || v.metadata?.phone_number_id !== a.phoneNumberId) continue;
      const names = new Map((v.contacts ?? []).map((c) => [c.wa_id ?? '', c.profile?.name]));
      for (const m of v.messages ?? []) if (m?.id && m.from && /^\d{6,20}$/.test(m.from)) await inbound(s, t, a, m, names.get(m.from) ?? undefined);
      for (const st of v.statuses ?? []) if (st?.id && st.status) await status(s, t, a, st);
    }
  }
}

export type { ConversationRow };
