import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { MEMBER_MESSAGES, type MemberView } from '@sede/shared/members';
import type { ActivityEntry, ActivityPage } from '@sede/shared/activity';
import type { Services, Tenant } from '../../services.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { withTransaction } from '@sede/db/transaction';
import { logActivity } from '../../platform/activity.ts';

type Actor = { viewer: Viewer; companyId: string; userAgent: string | null };

const { activityLog, apiKeys, companyMembers, profiles, user } = schema;

/** A person's name as the admin area shows it: the profile's, the account's, or the e-mail. */
const displayName = sql<string>`COALESCE(NULLIF(trim(concat_ws(' ', ${profiles.firstName}, ${profiles.lastName})), ''), NULLIF(${user.name}, ''), ${user.email})`;

export async function listMembers(tenant: Tenant, viewerId: string): Promise<MemberView[]> {
  const rows = await tenant.db
    .select({
      userId: companyMembers.userId,
      role: companyMembers.role,
      customPermissions: companyMembers.customPermissions,
      createdAt: companyMembers.createdAt,
      email: user.email,
      name: displayName,
      lastLoginAt: profiles.lastLoginAt,
    })
    .from(companyMembers)
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .leftJoin(profiles, eq(profiles.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, tenant.companyId))
    .orderBy(sql`(${companyMembers.role} = 'admin') DESC`, sql`lower(${displayName})`);
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    email: r.email,
    role: r.role,
    customPermissions: Array.isArray(r.customPermissions) ? r.customPermissions : [],
    lastLoginAt: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
    joinedAt: r.createdAt.toISOString(),
    isYou: r.userId === viewerId,
  }));
}

/**
 * Locks every membership of the company, so concurrent demotions or removals are decided one
 * after the other and can never leave the company without an admin.
 */
async function lockMembers(client: import('pg').PoolClient, companyId: string, userId: string) {
  const { rows } = await client.query<{ user_id: string; role: string; email: string }>(
    `SELECT m.user_id, m.role, u.email FROM company_members m JOIN "user" u ON u.id = m.user_id
      WHERE m.company_id = $1 ORDER BY m.user_id FOR UPDATE OF m`,
    [companyId],
  );
  const target = rows.find((r) => r.user_id === userId);
  if (!target) throw notFound(MEMBER_MESSAGES.notFound);
  const admins = rows.filter((r) => r.role === 'admin').length;
  return { target, admins };
}

export async function changeRole(
  s: Services,
  actor: Actor,
  userId: string,
  input: { role: string; customPermissions: string[] },
): Promise<void> {
  await withTransaction(s.pool, async ({ client, db }) => {
    const { target, admins } = await lockMembers(client, actor.companyId, userId);
    if (target.role === 'admin' && input.role !== 'admin' && admins <= 1) throw conflict(MEMBER_MESSAGES.lastAdmin, 'LAST_ADMIN');
    await client.query(
      `UPDATE company_members SET role = $3, custom_permissions = $4::jsonb, updated_at = now() WHERE company_id = $1 AND user_id = $2`,
      [actor.companyId, userId, input.role, JSON.stringify(input.customPermissions)],
    );
    await logActivity(db, {
      companyId: actor.companyId,
      userId: actor.viewer.user.id,
      action: 'member_role_changed',
      details: { memberId: userId, memberEmail: target.email, from: target.role, to: input.role, customPermissions: input.customPermissions },
      userAgent: actor.userAgent,
    });
  });
  // The database's NOTIFY evicts it on every instance; on this one, before we even answer.
  s.viewers.evictViewer(userId);
}

/** Removes the membership and the profile's link to the company, in one transaction. */
export async function removeMember(s: Services, actor: Actor, userId: string): Promise<void> {
  await withTransaction(s.pool, async ({ client, db }) => {
    const { target, admins } = await lockMembers(client, actor.companyId, userId);
    if (target.role === 'admin' && admins <= 1) throw conflict(MEMBER_MESSAGES.lastAdmin, 'LAST_ADMIN');
    await client.query(`DELETE FROM company_members WHERE company_id = $1 AND user_id = $2`, [actor.companyId, userId]);
    await client.query(`UPDATE profiles SET company_id = NULL, updated_at = now() WHERE id = $1 AND company_id = $2`, [userId, actor.companyId]);
    await logActivity(db, {
      companyId: actor.companyId,
      userId: actor.viewer.user.id,
      action: 'member_removed',
      details: { memberId: userId, memberEmail: target.email, role: target.role },
      userAgent: actor.userAgent,
    });
  });
  s.viewers.evictViewer(userId);
}

const TZ = 'America/Sao_Paulo';

export async function listActivity(
  tenant: Tenant,
  q: { userId?: string; action?: string; from?: string; to?: string; before?: number; limit: number },
): Promise<ActivityPage> {
  const a = activityLog;
  const rows = await tenant.db
    .select({ id: a.id, createdAt: a.createdAt, action: a.action, details: a.details, userAgent: a.userAgent, userId: a.userId, email: user.email, name: displayName, key: { id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix } })
    .from(a)
    .leftJoin(user, eq(user.id, a.userId))
    .leftJoin(profiles, eq(profiles.id, a.userId))
    .leftJoin(apiKeys, and(eq(apiKeys.id, a.apiKeyId), eq(apiKeys.companyId, a.companyId)))
    .where(
      and(
        eq(a.companyId, tenant.companyId),
        q.userId ? eq(a.userId, q.userId) : undefined,
        q.action ? eq(a.action, q.action) : undefined,
        q.from ? sql`${a.createdAt} >= (${q.from}::date)::timestamp AT TIME ZONE ${TZ}` : undefined,
        q.to ? sql`${a.createdAt} < (${q.to}::date + 1)::timestamp AT TIME ZONE ${TZ}` : undefined,
        q.before ? lt(a.id, q.before) : undefined,
      ),
    )
    .orderBy(desc(a.id))
    .limit(q.limit + 1);
  const entries: ActivityEntry[] = rows.slice(0, q.limit).map((r) => ({
    id: Number(r.id),
    createdAt: r.createdAt.toISOString(),
    action: r.action,
    user: r.userId ? { id: r.userId, name: r.name ?? '', email: r.email ?? '' } : null,
    apiKey: r.key?.id ? { id: r.key.id, name: r.key.name, prefix: r.key.prefix } : null,
    details: r.details ?? {},
    userAgent: r.userAgent,
  }));
  return { entries, nextBefore: rows.length > q.limit ? entries.at(-1)!.id : null };
}

/**
 * Makes a person a member of a company with a role, and points their profile at it, inside
 * the caller's transaction. A person already in the company keeps their membership.
 */
export async function addMembership(db: DbOrTx, m: { companyId: string; userId: string; role: string; customPermissions?: string[] }): Promise<void> {
  await db
    .insert(schema.companyMembers)
    .values({ companyId: m.companyId, userId: m.userId, role: m.role, customPermissions: m.customPermissions ?? [] })
    .onConflictDoNothing();
  await db.update(schema.profiles).set({ companyId: m.companyId, updatedAt: sql`now()` }).where(eq(schema.profiles.id, m.userId));
}
