import { randomUUID } from 'node:crypto';
import { withTransaction } from '@sede/db/transaction';
import { normalizeEmail } from '@sede/shared/email';
import { announce } from '../../platform/live/announce.ts';
import { defineJob, startJob } from '../../platform/jobs/run.ts';
import { serverState } from '../../platform/module.ts';
import { notify } from '../../platform/notifications/notify.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { suppressionHash } from '../parties/public.ts';
import { renderTemplate as renderMerge } from '@sede/shared/campaigns/render';
import { sendTemplate, whatsappReady } from '../whatsapp/public.ts';
import { composeMessage, mailDomain, mergeValues, peopleFacts, replyAddress, type PersonFacts } from './compose.ts';
import { recipientToken } from './crypto.ts';
import { canSend, MAX_CONNECTIONS, transportFor } from './sender.ts';
import { listedHashes, listedPhones } from './suppressed-phones.ts';

export const SEND_JOB = 'campaigns.send';
export const LIVE_CAMPAIGN = 'campaign';

/** The sender's lease (decision 0253): renewed every LEASE_MS / 4; a dead worker's is taken over after it. */
export const LEASE_MS = Number(process.env.CAMPAIGN_LEASE_MS) || 10_000;
const WATCHDOG_MS = Math.max(500, Math.min(2000, LEASE_MS / 4));
const CLAIM_BATCH = 10;
/** Parallel lanes (each with its own SMTP connection of the pool). */
const LANES = MAX_CONNECTIONS;
const MAX_ATTEMPTS = 3;

export const UNCERTAIN_MESSAGE = 'O envio foi interrompido no meio; para não enviar duas vezes, esta mensagem não foi reenviada.';

type Campaign = {
  id: string;
  company_id: string;
  created_by: string | null;
  subject: string;
  html: string;
  text: string | null;
  links: string[];
  name: string;
  channel: string;
  whatsapp_template: {
    name: string;
    language: string;
    variables: string[];
    header?: { format: 'text' | 'image' | 'video' | 'document'; value: string } | null;
    buttons?: Array<{ index: number; value: string }>;
  } | null;
};

/**
 * Hands a campaign to a worker: status 'sending' (from scheduled, or a sending one whose lease
 * expired) and a start lease naming the job, in one statement, so two instances never both start it.
 */
export async function kickCampaign(s: Services, campaignId: string, from: 'scheduled' | 'sending' | 'any' = 'any'): Promise<boolean> {
  const token = `start:${randomUUID()}`;
  const { rows } = await s.pool.query<{ id: string; company_id: string; created_by: string | null }>(
    `UPDATE campaigns SET status = 'sending', started_at = coalesce(started_at, now()), lease_owner = $2, lease_until = now() + make_interval(secs => $3), updated_at = now()
      WHERE id = $1
        AND ((status = 'scheduled' AND scheduled_at <= now() AND $4 IN ('scheduled', 'any'))
          OR (status = 'sending' AND (lease_until IS NULL OR lease_until < now()) AND $4 IN ('sending', 'any')))
      RETURNING id, company_id, created_by`,
    [campaignId, token, (LEASE_MS * 3) / 1000, from],
  );
  const c = rows[0];
  if (!c) return false;
  const tenant: Tenant = { db: s.db, companyId: c.company_id, actorId: c.created_by ?? '' };
  await startJob(s, tenant, SEND_JOB, { campaignId: c.id, token });
  await announce(s.pool, { companyId: c.company_id, entity: LIVE_CAMPAIGN, id: c.id, action: 'updated' });
  return true;
}

/** Scheduled campaigns whose time came and sending ones whose worker died. */
async function watchdog(s: Services) {
  const { rows } = await s.pool.query<{ id: string; status: string }>(
    `SELECT id, status FROM campaigns WHERE (status = 'scheduled' AND scheduled_at <= now()) OR (status = 'sending' AND (lease_until IS NULL OR lease_until < now())) LIMIT 50`,
  );
  for (const r of rows) await kickCampaign(s, r.id, r.status === 'scheduled' ? 'scheduled' : 'sending').catch((e) => console.error('[campaigns] watchdog:', (e as Error).message));
  // Claims left by a dead worker: never resent blindly (decision 0253).
  const { rows: uncertain } = await s.pool.query<{ campaign_id: string; company_id: string }>(
    `UPDATE campaign_recipients SET status = 'uncertain', error = $1, lease_until = NULL WHERE status = 'sending' AND lease_until < now() RETURNING campaign_id, company_id`,
    [UNCERTAIN_MESSAGE],
  );
  const seen = new Set<string>();
  for (const u of uncertain) {
    if (seen.has(u.campaign_id)) continue;
    seen.add(u.campaign_id);
    await finishIfDone(s, u.campaign_id, null);
  }
}

export async function startCampaignWorker(s: Services) {
  await defineJob<{ campaignId: string; token: string }, { sent: number }>(s, SEND_JOB, (ctx) => runCampaign(s, ctx.input, ctx.progress), { retryLimit: 2, expireInMinutes: 240 });
  const state = watchdogState(s);
  state.stopped = false;
  const tick = async () => {
    if (state.running || state.stopped) return;
    state.running = true;
    try {
      await watchdog(s);
    } catch (e) {
      if (!state.stopped) console.error('[campaigns] watchdog:', (e as Error).message);
    } finally {
      state.running = false;
    }
  };
  state.timer = setInterval(() => void tick(), WATCHDOG_MS);
  state.timer.unref();
}

type Worker = { stop: boolean; campaignId: string };
const workersOf = (s: Services) => serverState(s, 'campaigns.workers', () => new Set<Worker>());
const watchdogState = (s: Services) =>
  serverState(s, 'campaigns.watchdog', () => ({ timer: null as NodeJS.Timeout | null, running: false, stopped: false }));

export async function stopCampaignWorker(s: Services) {
  const state = watchdogState(s);
  state.stopped = true;
  if (state.timer) clearInterval(state.timer);
  for (const w of workersOf(s)) w.stop = true;
}

/**
 * A campaign paused or canceled here stops this process's lanes before their next message;
 * another instance's lanes see it at their next lease renewal (decision 0253).
 */
export function stopCampaignLanes(s: Services, campaignId: string) {
  for (const w of workersOf(s)) if (w.campaignId === campaignId) w.stop = true;
}

/** The campaign is done when nothing is queued or being sent: 'sent', the lease released, its creator told. */
async function finishIfDone(s: Services, campaignId: string, owner: string | null): Promise<boolean> {
  const done = await withTransaction(s.pool, async ({ client }) => {
    const { rows } = await client.query<Campaign & { status: string }>(
      `UPDATE campaigns c SET status = 'sent', finished_at = now(), lease_owner = NULL, lease_until = NULL, updated_at = now()
        WHERE c.id = $1 AND c.status = 'sending' AND ($2::text IS NULL OR c.lease_owner = $2)
          AND NOT EXISTS (SELECT 1 FROM campaign_recipients r WHERE r.campaign_id = c.id AND r.status IN ('queued', 'sending'))
        RETURNING c.id, c.company_id, c.created_by, c.name`,
      [campaignId, owner],
    );
    const c = rows[0];
    if (c) await announce(client, { companyId: c.company_id, entity: LIVE_CAMPAIGN, id: c.id, action: 'updated' });
    return c;
  });
  if (done?.created_by) {
    await notify(s, { companyId: done.company_id, userIds: [done.created_by], kind: 'alert', title: `Campanha enviada: ${done.name}`, link: `/campanhas-massa?campanha=${done.id}` }).catch(() => {});
  }
  return !!done;
}

type Claimed = { id: string; email: string; person_id: string | null; attempts: number };

/**
 * Sends a campaign: takes the lease, then MAX_CONNECTIONS lanes each claim CLAIM_BATCH queued
 * recipients (status 'sending' with a lease, committed), send each through the pooled transport
 * at the company's rate, and mark each 'sent' as soon as the SMTP server accepted it.
 */
export async function runCampaign(s: Services, input: { campaignId: string; token: string }, progress: (p: { stage?: string; done?: number; total?: number | null }) => void): Promise<{ sent: number }> {
  const owner = `worker:${randomUUID()}`;
  const { rows } = await s.pool.query<Campaign>(
    `UPDATE campaigns SET lease_owner = $3, lease_until = now() + make_interval(secs => $4)
      WHERE id = $1 AND status = 'sending' AND (lease_owner = $2 OR lease_until IS NULL OR lease_until < now())
      RETURNING id, company_id, created_by, subject, html, text, links, name, channel, whatsapp_template`,
    [input.campaignId, input.token, owner, LEASE_MS / 1000],
  );
  const campaign = rows[0];
  if (!campaign) return { sent: 0 }; // another worker has it, or it was paused/canceled/finished
  const companyId = campaign.company_id;
  const tenant = systemTenant(s, companyId, 'job');
  const worker: Worker = { stop: false, campaignId: campaign.id };
  const workers = workersOf(s);
  workers.add(worker);

  const whatsapp = campaign.channel === 'whatsapp';
  const ct = await transportFor(s, tenant);
  const interval = 1000 / Math.max(1, ct.ratePerSecond);
  let nextSlot = Date.now();
  const slot = async () => {
    const at = Math.max(nextSlot, Date.now());
    nextSlot = at + interval;
    const wait = at - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  };

  const totals = async () => {
    const { rows: t } = await s.pool.query<{ total: number; done: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status NOT IN ('queued', 'sending'))::int AS done FROM campaign_recipients WHERE campaign_id = $1`,
      [campaign.id],
    );
    return t[0]!;
  };
  let lastAnnounce = 0;
  let sent = 0;
  const report = async (force = false) => {
    if (!force && Date.now() - lastAnnounce < 500) return;
    lastAnnounce = Date.now();
    const t = await totals();
    progress({ stage: 'Enviando', done: t.done, total: t.total });
    await announce(s.pool, { companyId, entity: LIVE_CAMPAIGN, id: campaign.id, action: 'progress' });
  };

  // Keeps the lease; a lost lease or a status other than 'sending' (paused, canceled) stops the lanes.
  const renew = setInterval(async () => {
    try {
      const r = await s.pool.query<{ status: string }>(`UPDATE campaigns SET lease_until = now() + make_interval(secs => $3) WHERE id = $1 AND lease_owner = $2 RETURNING status`, [
        campaign.id,
        owner,
        LEASE_MS / 1000,
      ]);
      if (r.rows[0]?.status !== 'sending') worker.stop = true;
    } catch {
      worker.stop = true;
    }
  }, LEASE_MS / 4);

  const claim = async (): Promise<Claimed[] | null> =>
    withTransaction(s.pool, async ({ client }) => {
      const { rows: c } = await client.query<{ ok: boolean }>(
        `SELECT status = 'sending' AND lease_owner = $2 AND lease_until > now() AS ok FROM campaigns WHERE id = $1 FOR SHARE`,
        [campaign.id, owner],
      );
      if (!c[0]?.ok) return null;
      const { rows: r } = await client.query<Claimed>(
        `UPDATE campaign_recipients r SET status = 'sending', lease_until = now() + make_interval(secs => $3), attempts = r.attempts + 1
          WHERE r.id IN (SELECT id FROM campaign_recipients WHERE campaign_id = $1 AND status = 'queued' ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
          RETURNING r.id, r.email, r.person_id, r.attempts`,
        [campaign.id, CLAIM_BATCH, LEASE_MS / 1000],
      );
      return r;
    });

  const setStatus = (id: string, status: string, fields: { error?: string | null; messageId?: string | null } = {}) =>
    s.pool.query(
      `UPDATE campaign_recipients SET status = $2, error = $3, message_id = coalesce($4, message_id), lease_until = NULL,
              sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE sent_at END
        WHERE id = $1 AND status IN ('sending', 'uncertain')`,
      [id, status, fields.error ?? null, fields.messageId ?? null],
    );

  // Accepted messages are marked 'sent' in one statement every few milliseconds (a crash before
  // the write leaves them 'sending': 'incerto', never resent; decision 0253).
  let sentBuffer: Array<[string, string]> = [];
  let flushing: Promise<unknown> = Promise.resolve();
  const flushSent = () => {
    if (!sentBuffer.length) return flushing;
    const batch = sentBuffer;
    sentBuffer = [];
    flushing = flushing.then(() =>
      s.pool
        .query(
          `UPDATE campaign_recipients r SET status = 'sent', sent_at = now(), message_id = x.mid, lease_until = NULL, error = NULL
             FROM unnest($1::uuid[], $2::text[]) AS x(id, mid) WHERE r.id = x.id AND r.status IN ('sending', 'uncertain')`,
          [batch.map((b) => b[0]), batch.map((b) => b[1])],
        )
        .catch((e) => console.error('[campaigns] marking sent failed:', (e as Error).message)),
    );
    return flushing;
  };
  const flushTimer = setInterval(() => void flushSent(), 50);
  const markSent = (id: string, messageId: string) => {
    sentBuffer.push([id, messageId]);
    if (sentBuffer.length >= 100) void flushSent();
  };

  /** Compliance at send time (decision 0255): the person's flags now and the suppression hashes. */
  const excluded = async (batch: Claimed[]): Promise<Map<string, string>> => {
    const facts = await peopleFacts(s.db, companyId, batch.map((b) => b.person_id).filter((x): x is string => !!x));
    if (whatsapp) {
      // WhatsApp (decision 0294): the person's flags now; the e-mail suppression hashes do not apply to a number.
      const out = new Map<string, string>();
      const listed = await listedPhones(s, tenant, batch.map((b) => b.email));
      for (const b of batch) {
        const p = b.person_id ? facts.get(b.person_id) : undefined;
        const reason = !p || p.deletedAt ? 'Contato excluído.' : !p.legalBasis ? 'Sem base legal.' : p.whatsappOptOut || listed.has(b.email) ? 'Descadastrado do WhatsApp.' : p.suppressed ? 'Na lista de supressão.' : null;
        if (reason) out.set(b.id, reason);
      }
      (out as Map<string, string> & { facts?: Map<string, PersonFacts> }).facts = facts;
      return out;
    }
    const hashes = batch.map((b) => suppressionHash(s, companyId, { email: b.email }).hash);
    const listedSet = await listedHashes(tenant, hashes);
    const out = new Map<string, string>();
    batch.forEach((b, i) => {
      const p = b.person_id ? facts.get(b.person_id) : undefined;
      const reason = !p || p.deletedAt ? 'Contato excluído.' : !p.legalBasis ? 'Sem base legal.' : p.emailOptOut ? 'Descadastrado.' : p.emailBounced ? 'E-mail devolvido antes.' : p.suppressed || listedSet.has(hashes[i]!) ? 'Na lista de supressão.' : null;
      if (reason) out.set(b.id, reason);
    });
    (out as Map<string, string> & { facts?: Map<string, PersonFacts> }).facts = facts;
    return out;
  };

  const content = { id: campaign.id, subject: campaign.subject, html: campaign.html, text: campaign.text, links: campaign.links ?? [] };
  const domain = mailDomain(s);

  /** A WhatsApp template (decision 0294): Meta refused → 'failed'; no answer → 'uncertain' (it may have gone out). */
  const sendTemplateTo = async (r: Claimed, p: PersonFacts | null) => {
    const tpl = campaign.whatsapp_template!;
    const values = mergeValues(p, p?.emails[0] ?? null);
    try {
      const merged = (v: string) => renderMerge(v, values, 'text').trim() || '-';
      // The header's {{1}} and URL buttons' suffixes take merge fields too; a media header's link goes as it is (decision 0302).
      const header = tpl.header ? { format: tpl.header.format, value: tpl.header.format === 'text' ? merged(tpl.header.value) : tpl.header.value } : null;
      const buttons = (tpl.buttons ?? []).map((b) => ({ index: b.index, value: merged(b.value) }));
      const wamid = await sendTemplate(s, tenant, r.email, { template: tpl.name, language: tpl.language, variables: tpl.variables.map(merged), header, buttons }, { campaignRecipientId: r.id });
      markSent(r.id, wamid);
      sent++;
    } catch (e) {
      const err = e as Error & { code?: string };
      if (err.code === 'WHATSAPP_API_ERROR' || err.code === 'WHATSAPP_NOT_CONFIGURED') await setStatus(r.id, 'failed', { error: err.message.slice(0, 300) });
      else await setStatus(r.id, 'uncertain', { error: `${UNCERTAIN_MESSAGE} (${err.message.slice(0, 200)})` });
    }
  };

  const sendOne = async (r: Claimed, facts: Map<string, PersonFacts>) => {
    const p = r.person_id ? (facts.get(r.person_id) ?? null) : null;
    if (whatsapp) return sendTemplateTo(r, p);
    const m = composeMessage(s, content, mergeValues(p, r.email), r.id);
    const messageId = `<${r.id}@${domain}>`;
    try {
      if (ct.transport) {
        await ct.transport.sendMail({
          from: ct.from,
          to: r.email,
          // The recipient's own reply address (decision 0300), else the company's reply-to.
          replyTo: replyAddress(s, r.id) ?? ct.replyTo ?? undefined,
          subject: m.subject,
          html: m.html,
          text: m.text,
          messageId,
          headers: m.headers,
          // base64 is encoded natively; quoted-printable in JavaScript costs more CPU per message.
          textEncoding: 'base64',
          envelope: { from: `bounce+${recipientToken(s, r.id)}@${domain}`, to: r.email },
        });
      } else await s.mailer.send({ to: r.email, subject: m.subject, html: m.html, text: m.text });
      markSent(r.id, messageId);
      sent++;
    } catch (e) {
      const err = e as Error & { responseCode?: number; command?: string; code?: string };
      const reason = err.message.slice(0, 300);
      if (err.responseCode && err.responseCode >= 500) await setStatus(r.id, 'failed', { error: reason });
      else if (err.command === 'DATA' || err.command === 'API' || (!err.command && !['ECONNECTION', 'ETIMEDOUT', 'EDNS', 'ESOCKET'].includes(err.code ?? ''))) {
        // The message may have reached the server: not retried (decision 0253).
        await setStatus(r.id, 'uncertain', { error: `${UNCERTAIN_MESSAGE} (${reason})` });
      } else if (r.attempts < MAX_ATTEMPTS) await setStatus(r.id, 'queued', { error: reason });
      else await setStatus(r.id, 'failed', { error: reason });
    }
  };

  const lane = async () => {
    while (!worker.stop) {
      const batch = await claim();
      if (!batch) {
        worker.stop = true;
        return;
      }
      if (!batch.length) return;
      const skip = await excluded(batch);
      const facts = (skip as Map<string, string> & { facts?: Map<string, PersonFacts> }).facts ?? new Map();
      for (const [i, r] of batch.entries()) {
        if (!worker.stop) {
          const why = skip.get(r.id);
          if (why) {
            await setStatus(r.id, 'skipped', { error: why });
            continue;
          }
          await slot();
        }
        // Checked again after the rate's wait: a pause during it sends nothing more, and the rest
        // of the batch goes back to the queue in one statement.
        if (worker.stop) {
          const rest = batch.slice(i).map((x) => x.id);
          await s.pool.query(`UPDATE campaign_recipients SET status = 'queued', lease_until = NULL, attempts = attempts - 1 WHERE id = ANY($1::uuid[]) AND status = 'sending'`, [rest]);
          break;
        }
        await sendOne(r, facts);
        await report();
      }
    }
  };

  try {
    if (whatsapp ? !campaign.whatsapp_template || !(await whatsappReady(s, companyId)) : !canSend(s, ct)) {
      await s.pool.query(`UPDATE campaigns SET status = 'paused', lease_owner = NULL, lease_until = NULL WHERE id = $1`, [campaign.id]);
      return { sent: 0 };
    }
    await report(true);
    await Promise.all(Array.from({ length: LANES }, () => lane()));
  } finally {
    clearInterval(renew);
    clearInterval(flushTimer);
    await flushSent();
    workers.delete(worker);
  }
  await report(true);
  if (!(await finishIfDone(s, campaign.id, owner))) {
    // Paused, canceled or taken over: release the lease if still ours.
    const { rows: released } = await s.pool.query<{ status: string }>(
      `UPDATE campaigns SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2 AND status <> 'sending' RETURNING status`,
      [campaign.id, owner],
    );
    // Resumed while these lanes were stopping for a pause: start again now rather than after the lease.
    const shuttingDown = watchdogState(s).stopped;
    if (!released.length && !shuttingDown) {
      const { rowCount } = await s.pool.query(
        `UPDATE campaigns SET lease_owner = NULL, lease_until = NULL
          WHERE id = $1 AND lease_owner = $2 AND status = 'sending' AND EXISTS (SELECT 1 FROM campaign_recipients WHERE campaign_id = $1 AND status = 'queued')`,
        [campaign.id, owner],
      );
      if (rowCount) await kickCampaign(s, campaign.id, 'sending');
    }
  }
  return { sent };
}

/** The audience's eligible people → queued recipients (idempotent per person). */
export async function enqueueRecipients(client: { query: (q: string, p: unknown[]) => Promise<{ rowCount: number | null }> }, _companyId: string, campaignId: string, rows: Array<{ personId: string; email: string }>) {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await client.query(
      `INSERT INTO campaign_recipients (company_id, campaign_id, person_id, email)
       SELECT c.company_id, c.id, x.person_id, x.email FROM campaigns c, unnest($2::uuid[], $3::text[]) AS x(person_id, email) WHERE c.id = $1
       ON CONFLICT DO NOTHING`,
      [campaignId, chunk.map((r) => r.personId), chunk.map((r) => normalizeEmail(r.email))],
    );
  }
}
