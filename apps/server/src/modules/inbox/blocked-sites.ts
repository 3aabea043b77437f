import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { INBOX_MESSAGES as M, type BlockedSite, type WidgetConfig } from '@sede/shared/inbox/schemas';
import { conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';

const B = schema.inboxBlockedOrigins;
const S = schema.inboxSettings;

/** Live entity of the notices on /atendimento. */
export const BLOCKED_SITE_ENTITY = 'inbox_blocked_site';
/** Sites kept per company: anyone can send any Origin header, so the list stops growing here. */
export const MAX_BLOCKED_SITES = 50;

/** An Origin header as a site (scheme, host and port), or null when it is not one. */
export function siteOf(origin: string): string | null {
  if (origin.length > 200) return null;
  try {
    const u = new URL(origin);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin !== 'null' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * A site outside 'Sites autorizados' loaded the widget (decision 0401): one row per site, its
 * last time refreshed at most once a minute (not a write per page view); a new site is announced
 * so an open /atendimento shows the notice at once.
 */
export async function recordBlockedSite(s: Services, companyId: string, origin: string): Promise<void> {
  const site = siteOf(origin);
  if (!site) return;
  const t = systemTenant(s, companyId, 'public-link');
  const { rows } = await t.db.execute<{ id: string; inserted: boolean }>(sql`
    INSERT INTO inbox_blocked_origins (company_id, origin)
      SELECT ${companyId}::uuid, ${site} WHERE (SELECT count(*) FROM inbox_blocked_origins WHERE company_id = ${companyId}::uuid) < ${MAX_BLOCKED_SITES}
    ON CONFLICT (company_id, origin) DO UPDATE SET attempts = inbox_blocked_origins.attempts + 1, last_seen_at = now()
      WHERE inbox_blocked_origins.last_seen_at < now() - interval '1 minute'
    RETURNING id, (xmax = 0) AS inserted`);
  if (rows[0]?.inserted) await announce(t.db, { companyId, entity: BLOCKED_SITE_ENTITY, id: rows[0].id, action: 'created' });
}

/** What the widget shows on such a site: the chat's look, unavailable, and the company's e-mail. */
export async function unavailableConfig(db: DbOrTx, settings: typeof S.$inferSelect): Promise<WidgetConfig> {
  const [company] = await db.select({ email: schema.companies.email }).from(schema.companies).where(eq(schema.companies.id, settings.companyId));
  return { title: settings.title, color: settings.color, greeting: '', online: false, available: false, contactEmail: company?.email ?? null };
}

/** The notices to show: sites not dismissed and still outside the list. */
export async function listBlockedSites(t: Tenant): Promise<BlockedSite[]> {
  const [settings] = await t.db.select({ allowed: S.allowedOrigins }).from(S).where(eq(S.companyId, t.companyId));
  const rows = await t.db
    .select()
    .from(B)
    .where(and(eq(B.companyId, t.companyId), isNull(B.dismissedAt)))
    .orderBy(desc(B.lastSeenAt))
    .limit(MAX_BLOCKED_SITES);
  const allowed = new Set(settings?.allowed ?? []);
  return rows.filter((r) => !allowed.has(r.origin)).map((r) => ({ id: r.id, origin: r.origin, firstSeenAt: r.firstSeenAt.toISOString(), lastSeenAt: r.lastSeenAt.toISOString() }));
}

async function blockedRow(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db.select().from(B).where(and(eq(B.companyId, companyId), eq(B.id, id))).for('update');
  if (!row) throw notFound(M.blockedSiteNotFound);
  return row;
}

/** 'Não é nosso': the notice goes away; the site stays refused. */
export async function dismissBlockedSite(t: Tenant, id: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    await blockedRow(tx, t.companyId, id);
    await tx.update(B).set({ dismissedAt: new Date() }).where(and(eq(B.companyId, t.companyId), eq(B.id, id)));
    await announce(tx, { companyId: t.companyId, entity: BLOCKED_SITE_ENTITY, id, action: 'updated' });
  });
}

/** 'Autorizar este site': added to 'Sites autorizados' (at most 20) and the notice goes away. */
export async function allowBlockedSite(t: Tenant, id: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    const row = await blockedRow(tx, t.companyId, id);
    const [settings] = await tx.select({ allowed: S.allowedOrigins }).from(S).where(eq(S.companyId, t.companyId)).for('update');
    const allowed = settings?.allowed ?? [];
    if (!allowed.includes(row.origin)) {
      if (allowed.length >= 20) throw conflict(M.tooManySites, 'TOO_MANY_SITES');
      await tx
        .update(S)
        .set({ allowedOrigins: sql`array_append(${S.allowedOrigins}, ${row.origin})`, updatedAt: new Date() })
        .where(eq(S.companyId, t.companyId));
    }
    await tx.delete(B).where(and(eq(B.companyId, t.companyId), eq(B.id, id)));
    await logAudit(tx, t, { action: 'inbox_settings_changed', entity: 'inbox_settings', id: t.companyId, details: { fields: ['allowedOrigins'] } });
    await announce(tx, { companyId: t.companyId, entity: BLOCKED_SITE_ENTITY, id, action: 'deleted' });
  });
}
