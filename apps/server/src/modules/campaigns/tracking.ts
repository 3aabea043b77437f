import { sql } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES as M } from '@sede/shared/campaigns/schemas';
import { notFound } from '../../http/errors.ts';
import { announce } from '../../platform/live/announce.ts';
import { systemTenant, tenantTransaction } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import { suppress } from '../parties/public.ts';
import { recipientFromToken } from './crypto.ts';
import { LIVE_CAMPAIGN } from './send.ts';

type Found = { id: string; company_id: string; campaign_id: string; email: string; person_id: string | null; status: string; unsubscribed_at: Date | null; links: string[]; company_name: string };

/**
 * The recipient a token names (a forged, altered or deleted one: 404), with the name its e-mails came from (the sender's).
 * The token is all a link has: its recipient is read before its company's tenant exists.
 */
export async function recipientOf(s: Services, token: string): Promise<Found> {
  const id = recipientFromToken(s, token);
  if (!id) throw notFound(M.tokenInvalid);
  const { rows } = await s.pool.query<Found>(
    `SELECT r.id, r.company_id, r.campaign_id, r.email, r.person_id, r.status, r.unsubscribed_at, c.links,
            COALESCE(NULLIF(snd.from_name, ''), co.name) AS company_name
       FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id JOIN companies co ON co.id = r.company_id
       LEFT JOIN campaign_senders snd ON snd.company_id = r.company_id
       WHERE r.id = $1`,
    [id],
  );
  if (!rows[0]) throw notFound(M.tokenInvalid);
  return rows[0];
}

export async function recordOpen(s: Services, token: string): Promise<void> {
  const r = await recipientOf(s, token).catch(() => null);
  if (!r) return;
  const { db } = systemTenant(s, r.company_id, 'public-link');
  const { rowCount } = await db.execute(
    sql`UPDATE campaign_recipients SET opened_at = now() WHERE id = ${r.id} AND company_id = ${r.company_id} AND opened_at IS NULL AND status IN ('sent', 'uncertain')`,
  );
  if (rowCount) await announce(db, { companyId: r.company_id, entity: LIVE_CAMPAIGN, id: r.campaign_id, action: 'progress' });
}

/** The campaign's own link number `index` (never a URL from the request: no open redirect). */
export async function recordClick(s: Services, token: string, index: number): Promise<string> {
  const r = await recipientOf(s, token);
  const url = Number.isInteger(index) ? r.links[index] : undefined;
  if (!url) throw notFound(M.tokenInvalid);
  const { db } = systemTenant(s, r.company_id, 'public-link');
  const { rowCount } = await db.execute(
    sql`UPDATE campaign_recipients SET clicked_at = coalesce(clicked_at, now()), opened_at = coalesce(opened_at, now()) WHERE id = ${r.id} AND company_id = ${r.company_id} AND clicked_at IS NULL`,
  );
  if (rowCount) await announce(db, { companyId: r.company_id, entity: LIVE_CAMPAIGN, id: r.campaign_id, action: 'progress' });
  return url;
}

/** What the unsubscribe page shows (nothing changes on a GET). */
export async function unsubscribeInfo(s: Services, token: string) {
  const r = await recipientOf(s, token);
  const [local, domain] = r.email.split('@');
  const masked = `${local!.slice(0, 2)}${'•'.repeat(Math.max(1, local!.length - 2))}@${domain}`;
  return { company: r.company_name, email: masked, unsubscribed: !!r.unsubscribed_at };
}

/**
 * Unsubscribes at once (the page's button, the mail client's RFC 8058 one-click POST, the mailto):
 * the recipient marked, the person's e-mail opt-out set, the address on the suppression list.
 */
export async function unsubscribe(s: Services, token: string) {
  const r = await recipientOf(s, token);
  await tenantTransaction(systemTenant(s, r.company_id, 'public-link'), async ({ client, db }) => {
    await client.query(`UPDATE campaign_recipients SET unsubscribed_at = coalesce(unsubscribed_at, now()) WHERE id = $1`, [r.id]);
    if (r.person_id) await client.query(`UPDATE people SET email_opt_out = true, updated_at = now() WHERE id = $1 AND company_id = $2`, [r.person_id, r.company_id]);
    await suppress(s, db, r.company_id, [{ email: r.email }], 'opt_out');
    await announce(client, { companyId: r.company_id, entity: LIVE_CAMPAIGN, id: r.campaign_id, action: 'progress' });
  });
  return { company: r.company_name, unsubscribed: true as const };
}

/** A hard bounce: 'devolvido', the person's e-mail marked bounced, the address suppressed (reason 'bounce'). */
export async function hardBounce(s: Services, token: string, reason: string) {
  const r = await recipientOf(s, token);
  await tenantTransaction(systemTenant(s, r.company_id, 'inbound-mail'), async ({ client, db }) => {
    await client.query(`UPDATE campaign_recipients SET status = 'bounced', bounced_at = now(), error = $2 WHERE id = $1`, [r.id, reason.slice(0, 300)]);
    if (r.person_id) await client.query(`UPDATE people SET email_bounced = true, updated_at = now() WHERE id = $1 AND company_id = $2`, [r.person_id, r.company_id]);
    await suppress(s, db, r.company_id, [{ email: r.email }], 'bounce');
    await announce(client, { companyId: r.company_id, entity: LIVE_CAMPAIGN, id: r.campaign_id, action: 'progress' });
  });
}
