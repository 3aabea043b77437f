import { and, desc, eq, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { tenantTransaction } from '../../platform/tenant.ts';
import { extractLinks } from '@sede/shared/campaigns/render';
import { CAMPAIGN_MESSAGES as M, type AudiencePreview, type campaignCreateSchema, type CampaignCounts, type CampaignReport, type CampaignStatus, type campaignUpdateSchema, type CampaignView, displayStatus, type ExclusionReason, type MessagePreview, type recipientsQuerySchema, type RecipientPage } from '@sede/shared/campaigns/schemas';
import { isUuid } from '@sede/shared/platform/parties';
import type { z } from 'zod';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Services, Tenant } from '../../services.ts';
import { audienceWhere } from '../crm-contacts/public.ts';
import { suppressionHash } from '../parties/public.ts';
import { listTemplates as whatsappTemplatesOf, waNumber, whatsappReady } from '../whatsapp/public.ts';
import { templateParamsProblem } from '@sede/shared/whatsapp/schemas';
import { composeMessage, mergeValues, peopleFacts } from './compose.ts';
import { canSend, transportFor } from './sender.ts';
import { enqueueRecipients, kickCampaign, LIVE_CAMPAIGN, stopCampaignLanes } from './send.ts';
import { listedHashes, listedPhones } from './suppressed-phones.ts';

const C = schema.campaigns;
const R = schema.campaignRecipients;
const P = schema.people;
type Row = typeof C.$inferSelect;

const EMPTY_COUNTS: CampaignCounts = { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, bounced: 0, uncertain: 0, skipped: 0, canceled: 0, opened: 0, clicked: 0, replied: 0, unsubscribed: 0 };

async function countsOf(t: Tenant, ids: string[]): Promise<Map<string, CampaignCounts>> {
  if (!ids.length) return new Map();
  const { rows } = await t.db.execute<{ campaign_id: string; status: string; n: number; opened: number; clicked: number; replied: number; unsubscribed: number }>(sql`
    SELECT campaign_id, status, count(*)::int AS n, count(opened_at)::int AS opened, count(clicked_at)::int AS clicked, count(replied_at)::int AS replied, count(unsubscribed_at)::int AS unsubscribed
      FROM campaign_recipients WHERE company_id = ${t.companyId} AND campaign_id = ANY(${sql.param(ids)}::uuid[]) GROUP BY campaign_id, status`);
  const out = new Map<string, CampaignCounts>();
  for (const r of rows) {
    const c = out.get(r.campaign_id) ?? { ...EMPTY_COUNTS };
    c.total += r.n;
    (c as Record<string, number>)[r.status] = ((c as Record<string, number>)[r.status] ?? 0) + r.n;
    c.opened += r.opened;
    c.clicked += r.clicked;
    c.replied += r.replied;
    c.unsubscribed += r.unsubscribed;
    out.set(r.campaign_id, c);
  }
  return out;
}

async function audienceName(t: Tenant, r: Row): Promise<string | null> {
  if (r.listId) {
    const [l] = await t.db.select({ name: schema.crmLists.name }).from(schema.crmLists).where(eq(schema.crmLists.id, r.listId));
    return l?.name ?? null;
  }
  if (r.segmentId) {
    const [g] = await t.db.select({ name: schema.crmSegments.name }).from(schema.crmSegments).where(eq(schema.crmSegments.id, r.segmentId));
    return g?.name ?? null;
  }
  return null;
}

const toView = (r: Row, counts: CampaignCounts, audience: string | null): CampaignView => ({
  id: r.id,
  name: r.name,
  channel: r.channel as CampaignView['channel'],
  listId: r.listId,
  segmentId: r.segmentId,
  audienceName: audience,
  subject: r.subject,
  html: r.html,
  text: r.text,
  whatsappTemplate: r.whatsappTemplate ? { ...r.whatsappTemplate, header: r.whatsappTemplate.header ?? null, buttons: r.whatsappTemplate.buttons ?? [] } : null,
  status: r.status as CampaignStatus,
  scheduledAt: r.scheduledAt?.toISOString() ?? null,
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
  counts,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function campaignRow(t: { db: DbOrTx; companyId: string }, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound(M.notFound);
  const [row] = await t.db.select().from(C).where(and(eq(C.id, id), eq(C.companyId, t.companyId)));
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function listCampaigns(t: Tenant): Promise<CampaignView[]> {
  const rows = await t.db.select().from(C).where(eq(C.companyId, t.companyId)).orderBy(desc(C.createdAt), desc(C.id)).limit(200);
  const counts = await countsOf(t, rows.map((r) => r.id));
  const out: CampaignView[] = [];
  for (const r of rows) out.push(toView(r, counts.get(r.id) ?? EMPTY_COUNTS, await audienceName(t, r)));
  return out;
}

export async function getCampaign(t: Tenant, id: string): Promise<CampaignView> {
  const row = await campaignRow(t, id);
  return toView(row, (await countsOf(t, [row.id])).get(row.id) ?? EMPTY_COUNTS, await audienceName(t, row));
}

/** A list or segment of the company (its 404 otherwise). */
async function checkAudience(t: Tenant, v: { listId?: string | null; segmentId?: string | null }) {
  if (v.listId) await audienceWhere(t, { listId: v.listId });
  if (v.segmentId) await audienceWhere(t, { segmentId: v.segmentId });
}

export async function createCampaign(t: Tenant, input: z.output<typeof campaignCreateSchema>): Promise<CampaignView> {
  await checkAudience(t, input);
  const [row] = await t.db
    .insert(C)
    .values({
      companyId: t.companyId,
      name: input.name,
      channel: input.channel,
      listId: input.listId,
      segmentId: input.segmentId,
      subject: input.subject,
      html: input.html,
      text: input.text,
      whatsappTemplate: input.whatsappTemplate,
      createdBy: t.actorId,
    })
    .returning();
  return getCampaign(t, row!.id);
}

const EDITABLE = new Set(['draft', 'scheduled']);

export async function updateCampaign(t: Tenant, id: string, input: z.output<typeof campaignUpdateSchema>): Promise<CampaignView> {
  const row = await campaignRow(t, id);
  if (!EDITABLE.has(row.status)) throw conflict(M.notEditable, 'CAMPAIGN_NOT_EDITABLE');
  const next = { ...input };
  if (input.listId) next.segmentId = null;
  if (input.segmentId) next.listId = null;
  await checkAudience(t, next);
  await t.db.update(C).set({ ...next, updatedAt: new Date() }).where(and(eq(C.id, row.id), eq(C.companyId, t.companyId)));
  return getCampaign(t, id);
}

export async function deleteCampaign(t: Tenant, id: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    const row = await campaignRow({ db: tx, companyId: t.companyId }, id);
    if (row.status === 'sending') throw conflict(M.deleteSending, 'CAMPAIGN_SENDING');
    await tx.delete(C).where(and(eq(C.id, row.id), eq(C.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'campaign_deleted', entity: 'campaign', id: row.id, details: { label: row.name } });
  });
}

type AudienceRow = { id: string; name: string; email: string | null; legalBasis: string | null; emailOptOut: boolean; emailBounced: boolean; suppressed: boolean };

/**
 * Everyone of the list or segment, with the reason each one is excluded (or null). A WhatsApp
 * campaign's address (in `email`) is the first phone as a WhatsApp number (decision 0294).
 */
async function audienceOf(s: Services, t: Tenant, row: Row): Promise<Array<AudienceRow & { reason: ExclusionReason | null }>> {
  if (!row.listId && !row.segmentId) throw badRequest(M.audienceRequired, 'AUDIENCE_REQUIRED');
  const { where } = await audienceWhere(t, row.listId ? { listId: row.listId } : { segmentId: row.segmentId! });
  if (row.channel === 'whatsapp') {
    const people = await t.db
      .select({ id: P.id, name: P.name, phone: sql<string | null>`${P.phones}[1]`, legalBasis: P.legalBasis, whatsappOptOut: P.whatsappOptOut, suppressed: P.suppressed })
      .from(P)
      .where(where)
      .orderBy(P.id)
      .limit(200_000);
    // A number that answered 'SAIR' is on the suppression list even for a person created later (decision 0301).
    const listedNumbers = await listedPhones(s, t, people.map((p) => waNumber(p.phone)).filter((n): n is string => !!n));
    return people.map((p) => {
      const number = waNumber(p.phone);
      const reason: ExclusionReason | null = !number ? 'noPhone' : !p.legalBasis ? 'noLegalBasis' : p.whatsappOptOut || listedNumbers.has(number) ? 'optedOut' : p.suppressed ? 'suppressed' : null;
      return { id: p.id, name: p.name, email: number, legalBasis: p.legalBasis, emailOptOut: p.whatsappOptOut, emailBounced: false, suppressed: p.suppressed, reason };
    });
  }
  const people = await t.db
    .select({ id: P.id, name: P.name, email: sql<string | null>`${P.emails}[1]`, legalBasis: P.legalBasis, emailOptOut: P.emailOptOut, emailBounced: P.emailBounced, suppressed: P.suppressed })
    .from(P)
    .where(where)
    .orderBy(P.id)
    .limit(200_000);
  const withEmail = people.filter((p) => p.email);
  const hashes = withEmail.map((p) => suppressionHash(s, t.companyId, { email: p.email! }).hash);
  const listed = await listedHashes(t, hashes);
  const hashOf = new Map(withEmail.map((p, i) => [p.id, hashes[i]!]));
  return people.map((p) => ({
    ...p,
    reason: !p.email ? 'noEmail' : !p.legalBasis ? 'noLegalBasis' : p.emailOptOut ? 'optedOut' : p.emailBounced ? 'bounced' : p.suppressed || listed.has(hashOf.get(p.id)!) ? 'suppressed' : null,
  }));
}

export async function audiencePreview(s: Services, t: Tenant, id: string): Promise<AudiencePreview> {
  const row = await campaignRow(t, id);
  const all = await audienceOf(s, t, row);
  const excluded: Record<ExclusionReason, number> = { noEmail: 0, noPhone: 0, noLegalBasis: 0, optedOut: 0, bounced: 0, suppressed: 0 };
  for (const p of all) if (p.reason) excluded[p.reason]++;
  const eligible = all.filter((p) => !p.reason);
  return { total: all.length, eligible: eligible.length, excluded, sample: eligible.slice(0, 50).map((p) => ({ personId: p.id, name: p.name, email: p.email })) };
}

/** The message as one contact of the audience (or a sample contact) would get it. */
export async function previewMessage(s: Services, t: Tenant, id: string, personId?: string): Promise<MessagePreview> {
  const row = await campaignRow(t, id);
  let person = null;
  let email: string | null = null;
  if (personId) {
    const facts = (await peopleFacts(t.db, t.companyId, [personId])).get(personId);
    if (!facts || facts.deletedAt) throw notFound('Contato não encontrado.');
    person = facts;
    email = facts.emails[0] ?? null;
  }
  const m = composeMessage(s, { ...row, links: extractLinks(row.html) }, mergeValues(person ?? { name: 'Maria Silva', position: 'Diretora', organization: 'Empresa Exemplo Ltda' }, email ?? 'maria@exemplo.com.br'), null);
  return { personId: personId ?? null, to: email, subject: m.subject, html: m.html, text: m.text };
}

function requireContent(row: Row) {
  if (row.channel === 'whatsapp') {
    if (!row.whatsappTemplate?.name) throw badRequest(M.templateRequired, 'TEMPLATE_REQUIRED');
    return;
  }
  if (!row.subject.trim()) throw badRequest(M.subjectRequired, 'SUBJECT_REQUIRED');
  if (!row.html.trim()) throw badRequest(M.bodyRequired, 'BODY_REQUIRED');
}

/** A test of the campaign to the member's own e-mail, as a contact (or the sample) would see it. */
export async function testSend(s: Services, t: Tenant, id: string, to: string, personId: string | null): Promise<{ message: string }> {
  const row = await campaignRow(t, id);
  if (row.channel === 'whatsapp') throw badRequest('O envio de teste é só para campanhas de e-mail.', 'TEST_EMAIL_ONLY');
  requireContent(row);
  const p = await previewMessage(s, t, id, personId ?? undefined);
  const ct = await transportFor(s, t);
  if (!canSend(s, ct)) throw conflict('O envio de e-mails não está configurado: informe um SMTP próprio em Remetente.', 'NO_SMTP');
  try {
    if (ct.transport) await ct.transport.sendMail({ from: ct.from, to, replyTo: ct.replyTo ?? undefined, subject: `[Teste] ${p.subject}`, html: p.html, text: p.text });
    else await s.mailer.send({ to, subject: `[Teste] ${p.subject}`, html: p.html, text: p.text });
  } catch (e) {
    throw new AppError(409, 'SMTP_FAILED', M.smtpFailed((e as Error).message.slice(0, 200)));
  }
  return { message: `Teste enviado para ${to}.` };
}

/** 'YYYY-MM-DDTHH:MM' in America/Sao_Paulo (UTC−3 all year since 2019; decision 0256). */
export const saoPauloToDate = (local: string) => new Date(`${local}:00-03:00`);

/** Send now or schedule: the audience is frozen into queued recipients, the links into the campaign. */
export async function sendCampaign(s: Services, t: Tenant, id: string, scheduledAt: string | null): Promise<CampaignView> {
  const row = await campaignRow(t, id);
  if (!EDITABLE.has(row.status)) throw conflict(M.notSendable, 'CAMPAIGN_NOT_SENDABLE');
  requireContent(row);
  const when = scheduledAt ? saoPauloToDate(scheduledAt) : null;
  if (when && (Number.isNaN(when.getTime()) || when.getTime() <= Date.now())) throw badRequest(M.schedulePast, 'SCHEDULE_PAST');
  if (row.channel === 'whatsapp') {
    if (!(await whatsappReady(s, t.companyId))) throw conflict('O WhatsApp não está configurado: um administrador o configura em Atendimento › WhatsApp.', 'WHATSAPP_NOT_CONFIGURED');
    // The template's header and URL buttons need their values too (decision 0302); checked against the approved template when it is listed.
    const tpl = (await whatsappTemplatesOf(s, t).catch(() => [])).find((x) => x.name === row.whatsappTemplate!.name && x.language === row.whatsappTemplate!.language);
    const problem = tpl && templateParamsProblem(tpl, { variables: row.whatsappTemplate!.variables, header: row.whatsappTemplate!.header ?? null, buttons: row.whatsappTemplate!.buttons ?? [] });
    if (problem) throw badRequest(problem, 'TEMPLATE_VARIABLES');
  } else if (!canSend(s, await transportFor(s, t))) throw conflict('O envio de e-mails não está configurado: informe um SMTP próprio em Remetente.', 'NO_SMTP');
  const eligible = (await audienceOf(s, t, row)).filter((p) => !p.reason);
  if (!eligible.length) throw conflict(M.audienceEmpty, 'AUDIENCE_EMPTY');
  await tenantTransaction(t, async ({ client, db }) => {
    const { rowCount } = await client.query(
      `UPDATE campaigns SET status = 'scheduled', scheduled_at = $3, links = $4::jsonb, updated_at = now() WHERE id = $1 AND company_id = $2 AND status IN ('draft', 'scheduled')`,
      [row.id, t.companyId, when ?? new Date(), JSON.stringify(extractLinks(row.html))],
    );
    if (!rowCount) throw conflict(M.notSendable, 'CAMPAIGN_NOT_SENDABLE');
    await client.query(`DELETE FROM campaign_recipients WHERE campaign_id = $1 AND status = 'queued'`, [row.id]);
    await enqueueRecipients(client as never, t.companyId, row.id, eligible.map((p) => ({ personId: p.id, email: p.email! })));
    await logAudit(db, t, { action: when ? 'campaign_scheduled' : 'campaign_sent', entity: 'campaign', id: row.id, details: { label: row.name, recipients: eligible.length, scheduled: !!when } });
    await announce(client, { companyId: t.companyId, entity: LIVE_CAMPAIGN, id: row.id, action: 'updated' });
  });
  if (!when) await kickCampaign(s, row.id, 'scheduled');
  return getCampaign(t, id);
}

export async function pauseCampaign(s: Services, t: Tenant, id: string): Promise<CampaignView> {
  const row = await campaignRow(t, id);
  const { rowCount } = await t.db.execute(sql`UPDATE campaigns SET status = 'paused', updated_at = now() WHERE id = ${row.id} AND company_id = ${t.companyId} AND status IN ('sending', 'scheduled')`);
  if (!rowCount) throw conflict(M.notPausable, 'CAMPAIGN_NOT_PAUSABLE');
  stopCampaignLanes(s, row.id);
  await announce(t.db, { companyId: t.companyId, entity: LIVE_CAMPAIGN, id: row.id, action: 'updated' });
  return getCampaign(t, id);
}

export async function resumeCampaign(s: Services, t: Tenant, id: string): Promise<CampaignView> {
  const row = await campaignRow(t, id);
  // Resumed now: 'sending' without a lease, so the next kick (now, or the watchdog) starts a worker.
  const { rowCount } = await t.db.execute(sql`
    UPDATE campaigns SET status = 'sending', lease_owner = NULL, lease_until = NULL, updated_at = now() WHERE id = ${row.id} AND company_id = ${t.companyId} AND status = 'paused'
       AND (lease_until IS NULL OR lease_until < now() OR lease_owner IS NULL)`);
  if (!rowCount) {
    // A worker still holds the lease while stopping: back to 'sending' under it (it keeps going).
    const again = await t.db.execute(sql`UPDATE campaigns SET status = 'sending', updated_at = now() WHERE id = ${row.id} AND company_id = ${t.companyId} AND status = 'paused'`);
    if (!again.rowCount) throw conflict(M.notResumable, 'CAMPAIGN_NOT_RESUMABLE');
  } else await kickCampaign(s, row.id, 'sending');
  return getCampaign(t, id);
}

export async function cancelCampaign(s: Services, t: Tenant, id: string): Promise<CampaignView> {
  const row = await campaignRow(t, id);
  await tenantTransaction(t, async ({ client }) => {
    const { rowCount } = await client.query(`UPDATE campaigns SET status = 'canceled', finished_at = now(), updated_at = now() WHERE id = $1 AND company_id = $2 AND status IN ('scheduled', 'sending', 'paused')`, [
      row.id,
      t.companyId,
    ]);
    if (!rowCount) throw conflict(M.notCancelable, 'CAMPAIGN_NOT_CANCELABLE');
    await client.query(`UPDATE campaign_recipients SET status = 'canceled' WHERE campaign_id = $1 AND status = 'queued'`, [row.id]);
    await announce(client, { companyId: t.companyId, entity: LIVE_CAMPAIGN, id: row.id, action: 'updated' });
  });
  stopCampaignLanes(s, row.id);
  return getCampaign(t, id);
}

export async function listRecipients(t: Tenant, id: string, q: z.output<typeof recipientsQuerySchema>): Promise<RecipientPage> {
  const row = await campaignRow(t, id);
  const filter =
    q.status === 'opened'
      ? sql`${R.openedAt} IS NOT NULL`
      : q.status === 'clicked'
        ? sql`${R.clickedAt} IS NOT NULL`
        : q.status === 'replied'
          ? sql`${R.repliedAt} IS NOT NULL`
          : q.status === 'unsubscribed' ? sql`${R.unsubscribedAt} IS NOT NULL` : q.status ? eq(R.status, q.status) : undefined;
  const rows = await t.db
    .select({ r: R, name: P.name })
    .from(R)
    .leftJoin(P, eq(P.id, R.personId))
    .where(and(eq(R.companyId, t.companyId), eq(R.campaignId, row.id), filter, q.after ? sql`${R.id} > ${q.after}` : undefined))
    .orderBy(R.id)
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return {
    items: page.map(({ r, name }) => ({
      id: r.id,
      personId: r.personId,
      name,
      email: r.email,
      status: displayStatus(r),
      error: r.error,
      sentAt: r.sentAt?.toISOString() ?? null,
      openedAt: r.openedAt?.toISOString() ?? null,
      clickedAt: r.clickedAt?.toISOString() ?? null,
      repliedAt: r.repliedAt?.toISOString() ?? null,
    })),
    next: rows.length > q.limit ? page.at(-1)!.r.id : null,
  };
}

export async function campaignReport(t: Tenant, id: string): Promise<CampaignReport> {
  const row = await campaignRow(t, id);
  const counts = (await countsOf(t, [row.id])).get(row.id) ?? EMPTY_COUNTS;
  const mine = sql`campaign_id = ${row.id} AND company_id = ${t.companyId}`;
  // Timestamps come back as PostgreSQL's text through db.execute: read as dates below.
  const { rows } = await t.db.execute<{ at: string; sent: number; opened: number; clicked: number; replied: number }>(sql`
    WITH ev AS (
       SELECT date_trunc('hour', sent_at) AS at, 1 AS sent, 0 AS opened, 0 AS clicked, 0 AS replied FROM campaign_recipients WHERE ${mine} AND sent_at IS NOT NULL
       UNION ALL SELECT date_trunc('hour', opened_at), 0, 1, 0, 0 FROM campaign_recipients WHERE ${mine} AND opened_at IS NOT NULL
       UNION ALL SELECT date_trunc('hour', clicked_at), 0, 0, 1, 0 FROM campaign_recipients WHERE ${mine} AND clicked_at IS NOT NULL
       UNION ALL SELECT date_trunc('hour', replied_at), 0, 0, 0, 1 FROM campaign_recipients WHERE ${mine} AND replied_at IS NOT NULL)
     SELECT at, sum(sent)::int AS sent, sum(opened)::int AS opened, sum(clicked)::int AS clicked, sum(replied)::int AS replied FROM ev GROUP BY at ORDER BY at LIMIT 2000`);
  return { counts, series: rows.map((r) => ({ at: new Date(r.at).toISOString(), sent: r.sent, opened: r.opened, clicked: r.clicked, replied: r.replied })) };
}

/** /comercial's tile (sent, opened, replies; decision 0163): the last 30 days of every channel. */
export async function campaignsTileKpi(t: Tenant) {
  const { rows } = await t.db.execute<{ sent: number; opened: number; replied: number }>(sql`
    SELECT count(*)::int AS sent, count(opened_at)::int AS opened, count(replied_at)::int AS replied FROM campaign_recipients
     WHERE company_id = ${t.companyId} AND sent_at > now() - interval '30 days'`);
  const r = rows[0]!;
  if (!r.sent) return null;
  const rate = Math.round((r.opened / r.sent) * 100);
  const n = (v: number) => v.toLocaleString('pt-BR');
  return { label: 'Campanhas em 30 dias', value: `${n(r.sent)} enviados · ${rate}% abertos · ${n(r.replied)} ${r.replied === 1 ? 'resposta' : 'respostas'}` };
}
