import { randomUUID } from 'node:crypto';
import { withTransaction } from '@sede/db/transaction';
import { normalizeEmail } from '@sede/shared/email';
import { announce } from '../../platform/live/announce.ts';
import { defineJob, startJob } from '../../platform/jobs/run.ts';
import { serverState } from '../../platform/module.ts';
import { notify } from '../../platform/notifications/notify.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { whatsappReady } from '../whatsapp/public.ts';
import { type Claimed, deliver, delivery, exclusions, type SendingCampaign, sentMarker, setRecipientStatus, UNCERTAIN_MESSAGE } from './deliver.ts';
import { canSend, MAX_CONNECTIONS, transportFor } from './sender.ts';

export const SEND_JOB = 'campaigns.send';
export const LIVE_CAMPAIGN = 'campaign';

/** The sender's lease (decision 0253): renewed every LEASE_MS / 4; a dead worker's is taken over after it. */
export const LEASE_MS = Number(process.env.CAMPAIGN_LEASE_MS) || 10_000;
const WATCHDOG_MS = Math.max(500, Math.min(2000, LEASE_MS / 4));
const CLAIM_BATCH = 10;
/** Parallel lanes (each with its own SMTP connection of the pool). */
const LANES = MAX_CONNECTIONS;


type Campaign = SendingCampaign;

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

/** Takes the campaign's lease for this run (the start lease's job, or an expired lease): null when another worker has it, or it is no longer sending. */
async function takeLease(s: Services, input: { campaignId: string; token: string }, owner: string): Promise<Campaign | null> {
  const { rows } = await s.pool.query<Campaign>(
    `UPDATE campaigns SET lease_owner = $3, lease_until = now() + make_interval(secs => $4)
      WHERE id = $1 AND status = 'sending' AND (lease_owner = $2 OR lease_until IS NULL OR lease_until < now())
      RETURNING id, company_id, created_by, subject, html, text, links, name, channel, whatsapp_template`,
    [input.campaignId, input.token, owner, LEASE_MS / 1000],
  );
  return rows[0] ?? null;
}

/** Keeps the lease; a lost lease or a status other than 'sending' (paused, canceled) stops the lanes. */
function keepLease(s: Services, campaignId: string, owner: string, worker: Worker): NodeJS.Timeout {
  return setInterval(async () => {
    try {
      const r = await s.pool.query<{ status: string }>(`UPDATE campaigns SET lease_until = now() + make_interval(secs => $3) WHERE id = $1 AND lease_owner = $2 RETURNING status`, [
        campaignId,
        owner,
        LEASE_MS / 1000,
      ]);
      if (r.rows[0]?.status !== 'sending') worker.stop = true;
    } catch {
      worker.stop = true;
    }
  }, LEASE_MS / 4);
}

/** The next CLAIM_BATCH queued recipients, 'sending' under a lease and committed; null when the campaign's lease is no longer ours. */
const claimBatch = (s: Services, campaignId: string, owner: string): Promise<Claimed[] | null> =>
  withTransaction(s.pool, async ({ client }) => {
    const { rows: c } = await client.query<{ ok: boolean }>(
      `SELECT status = 'sending' AND lease_owner = $2 AND lease_until > now() AS ok FROM campaigns WHERE id = $1 FOR SHARE`,
      [campaignId, owner],
    );
    if (!c[0]?.ok) return null;
    const { rows: r } = await client.query<Claimed>(
      `UPDATE campaign_recipients r SET status = 'sending', lease_until = now() + make_interval(secs => $3), attempts = r.attempts + 1
        WHERE r.id IN (SELECT id FROM campaign_recipients WHERE campaign_id = $1 AND status = 'queued' ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING r.id, r.email, r.person_id, r.attempts`,
      [campaignId, CLAIM_BATCH, LEASE_MS / 1000],
    );
    return r;
  });

/** Waits for the next slot of the company's rate (messages per second), shared by the lanes. */
function rateSlots(ratePerSecond: number) {
  const interval = 1000 / Math.max(1, ratePerSecond);
  let nextSlot = Date.now();
  return async () => {
    const at = Math.max(nextSlot, Date.now());
    nextSlot = at + interval;
    const wait = at - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  };
}

/** The job's progress and the campaign's live 'progress' (at most every 500 ms unless forced). */
function progressReport(s: Services, campaign: Campaign, progress: Progress) {
  let lastAnnounce = 0;
  return async (force = false) => {
    if (!force && Date.now() - lastAnnounce < 500) return;
    lastAnnounce = Date.now();
    const { rows: t } = await s.pool.query<{ total: number; done: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status NOT IN ('queued', 'sending'))::int AS done FROM campaign_recipients WHERE campaign_id = $1`,
      [campaign.id],
    );
    progress({ stage: 'Enviando', done: t[0]!.done, total: t[0]!.total });
    await announce(s.pool, { companyId: campaign.company_id, entity: LIVE_CAMPAIGN, id: campaign.id, action: 'progress' });
  };
}

type Run = {
  s: Services;
  tenant: Tenant;
  campaign: Campaign;
  owner: string;
  worker: Worker;
  delivery: ReturnType<typeof delivery>;
  slot: () => Promise<void>;
  report: (force?: boolean) => Promise<void>;
  sent: number;
};

/** One lane: claims batches and sends them one by one at the company's rate until the queue is empty or the run stops. */
async function lane(run: Run) {
  const { s, worker } = run;
  while (!worker.stop) {
    const batch = await claimBatch(s, run.campaign.id, run.owner);
    if (!batch) {
      worker.stop = true;
      return;
    }
    if (!batch.length) return;
    const { skip, facts } = await exclusions(s, run.tenant, batch, run.campaign.channel === 'whatsapp');
    for (const [i, r] of batch.entries()) {
      if (!worker.stop) {
        const why = skip.get(r.id);
        if (why) {
          await setRecipientStatus(s, r.id, 'skipped', { error: why });
          continue;
        }
        await run.slot();
      }
      // Checked again after the rate's wait: a pause during it sends nothing more, and the rest
      // of the batch goes back to the queue in one statement.
      if (worker.stop) {
        const rest = batch.slice(i).map((x) => x.id);
        await s.pool.query(`UPDATE campaign_recipients SET status = 'queued', lease_until = NULL, attempts = attempts - 1 WHERE id = ANY($1::uuid[]) AND status = 'sending'`, [rest]);
        break;
      }
      if (await deliver(run.delivery, r, facts)) run.sent++;
      await run.report();
    }
  }
}

/** A run that did not finish the campaign (paused, canceled, taken over) releases its lease; resumed meanwhile, it starts again now. */
async function releaseLease(s: Services, campaignId: string, owner: string) {
  const { rows: released } = await s.pool.query<{ status: string }>(
    `UPDATE campaigns SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2 AND status <> 'sending' RETURNING status`,
    [campaignId, owner],
  );
  // Resumed while these lanes were stopping for a pause: start again now rather than after the lease.
  const shuttingDown = watchdogState(s).stopped;
  if (!released.length && !shuttingDown) {
    const { rowCount } = await s.pool.query(
      `UPDATE campaigns SET lease_owner = NULL, lease_until = NULL
        WHERE id = $1 AND lease_owner = $2 AND status = 'sending' AND EXISTS (SELECT 1 FROM campaign_recipients WHERE campaign_id = $1 AND status = 'queued')`,
      [campaignId, owner],
    );
    if (rowCount) await kickCampaign(s, campaignId, 'sending');
  }
}

type Progress = (p: { stage?: string; done?: number; total?: number | null }) => void;

/**
 * Sends a campaign: takes the lease, then MAX_CONNECTIONS lanes each claim CLAIM_BATCH queued
 * recipients (status 'sending' with a lease, committed), send each through the pooled transport
 * at the company's rate, and mark each 'sent' as soon as the SMTP server accepted it.
 */
export async function runCampaign(s: Services, input: { campaignId: string; token: string }, progress: Progress): Promise<{ sent: number }> {
  const owner = `worker:${randomUUID()}`;
  const campaign = await takeLease(s, input, owner);
  if (!campaign) return { sent: 0 }; // another worker has it, or it was paused/canceled/finished
  const tenant = systemTenant(s, campaign.company_id, 'job');
  const worker: Worker = { stop: false, campaignId: campaign.id };
  const workers = workersOf(s);
  workers.add(worker);

  const ct = await transportFor(s, tenant);
  const report = progressReport(s, campaign, progress);
  const renew = keepLease(s, campaign.id, owner, worker);
  const marker = sentMarker(s);
  const run: Run = { s, tenant, campaign, owner, worker, delivery: delivery(s, tenant, campaign, ct, marker.mark), slot: rateSlots(ct.ratePerSecond), report, sent: 0 };
  try {
    const whatsapp = campaign.channel === 'whatsapp';
    if (whatsapp ? !campaign.whatsapp_template || !(await whatsappReady(s, campaign.company_id)) : !canSend(s, ct)) {
      await s.pool.query(`UPDATE campaigns SET status = 'paused', lease_owner = NULL, lease_until = NULL WHERE id = $1`, [campaign.id]);
      return { sent: 0 };
    }
    await report(true);
    await Promise.all(Array.from({ length: LANES }, () => lane(run)));
  } finally {
    clearInterval(renew);
    await marker.stop();
    workers.delete(worker);
  }
  await report(true);
  if (!(await finishIfDone(s, campaign.id, owner))) await releaseLease(s, campaign.id, owner);
  return { sent: run.sent };
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
