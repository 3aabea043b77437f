import { eq, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { MEMBER_MESSAGES, type MemberView } from '@sede/shared/members';
import type { ActivityEntry, ActivityPage } from '@sede/shared/activity';
import type { Services } from '../../services.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { withTransaction } from '@sede/db/transaction';
import { logActivity } from '../../platform/activity.ts';

type Actor = { viewer: Viewer; companyId: string; userAgent: string | null };

const NAME = `COALESCE(NULLIF(trim(concat_ws(' ', p.first_name, p.last_name)), ''), NULLIF(u.name, ''), u.email)`;

export async function listMembers(s: Services, companyId: string, viewerId: string): Promise<MemberView[]> {
  const { rows } = await s.pool.query(
    `SELECT m.user_id, m.role, m.custom_permissions, m.created_at, u.email, ${NAME} AS name, p.last_login_at
       FROM company_members m
       JOIN "user" u ON u.id = m.user_id
       LEFT JOIN profiles p ON p.id = m.user_id
      WHERE m.company_id = $1
      ORDER BY (m.role = 'admin') DESC, lower(${NAME})`,
    [companyId],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    name: r.name,
    email: r.email,
    role: r.role,
    customPermissions: Array.isArray(r.custom_permissions) ? r.custom_permissions : [],
    lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
    joinedAt: new Date(r.created_at).toISOString(),
    isYou: r.user_id === viewerId,
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
  s: Services,
  companyId: string,
  q: { userId?: string; action?: string; from?: string; to?: string; before?: number; limit: number },
): Promise<ActivityPage> {
  const where = ['a.company_id = $1'];
  const params: unknown[] = [companyId];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (q.userId) add((n) => `a.user_id = ${n}`, q.userId);
  if (q.action) add((n) => `a.action = ${n}`, q.action);
  if (q.from) add((n) => `a.created_at >= (${n}::date)::timestamp AT TIME ZONE '${TZ}'`, q.from);
  if (q.to) add((n) => `a.created_at < (${n}::date + 1)::timestamp AT TIME ZONE '${TZ}'`, q.to);
  if (q.before) add((n) => `a.id < ${n}`, q.before);
  params.push(q.limit + 1);
  const { rows } = await s.pool.query(
    `SELECT a.id, a.created_at, a.action, a.details, a.user_agent, a.user_id, u.email, ${NAME} AS name
       FROM activity_log a
       LEFT JOIN "user" u ON u.id = a.user_id
       LEFT JOIN profiles p ON p.id = a.user_id
      WHERE ${where.join(' AND ')}
      ORDER BY a.id DESC
      LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, q.limit);
  const entries: ActivityEntry[] = page.map((r) => ({
    id: Number(r.id),
    createdAt: new Date(r.created_at).toISOString(),
    action: r.action,
    user: r.user_id ? { id: r.user_id, name: r.name ?? '', email: r.email ?? '' } : null,
    details: r.details ?? {},
    userAgent: r.user_agent,
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
