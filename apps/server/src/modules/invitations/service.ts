import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { INVITE_TTL_DAYS } from '@sede/shared/constants';
import { normalizeEmail } from '@sede/shared/email';
import { acceptInvitePath, INVITE_MESSAGES, invitationTokenSchema, type InvitationByToken, type MyInvitation, type PendingInvitation } from '@sede/shared/invitations';
import { roleLabel, type InviteRole } from '@sede/shared/roles';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import type { Services, Tenant } from '../../services.ts';
import { tenantTransaction } from '../../platform/tenant.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.ts';
import { logActivity } from '../../platform/activity.ts';
import { queueInvitationEmail, wakeInvitationWorker } from './queue.ts';
import { withTransaction, type TxContext } from '@sede/db/transaction';

/** At least 128 random bits (we use 256), URL-safe. */
export const newInvitationToken = () => randomBytes(32).toString('base64url');

const notFoundOrUsed = () => notFound(INVITE_MESSAGES.notFoundOrUsed);
const expired = () => new AppError(410, 'INVITATION_EXPIRED', INVITE_MESSAGES.expired);

type InvitationRow = {
  id: string;
  email: string;
  role: string;
  token: string;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
  created_at: Date;
  invited_by: string | null;
  company_id: string;
};

const INVITER_NAME = `NULLIF(trim(concat_ws(' ', ip.first_name, ip.last_name)), '')`;

function toPending(r: Record<string, any>): PendingInvitation {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
    expired: new Date(r.expires_at).getTime() <= Date.now(),
    invitedBy: r.invited_by ? { id: r.invited_by, name: r.inviter_name ?? r.inviter_email ?? '' } : null,
  };
}

/** An administrator acting in their company: the request's tenant. */
type Actor = { tenant: Tenant; viewer: Viewer; userAgent?: string | null };

/** Who an activity line of an admin's act on an invitation names: the company, the admin, the browser. */
const byActor = (actor: Actor) => ({ companyId: actor.tenant.companyId, userId: actor.viewer.user.id, userAgent: actor.userAgent });

/**
 * send-invitation: stores the invitation (replacing a pending one for the same address, so there
 * are never two) and queues its e-mail in the same commit. A current member is refused.
 */
export async function sendInvitation(s: Services, actor: Actor, input: { email: string; role: InviteRole }): Promise<PendingInvitation> {
  const email = normalizeEmail(input.email);
  const token = newInvitationToken();
  const { companyId } = actor.tenant;
  const invitation = await tenantTransaction(actor.tenant, async ({ client, db }) => {
    await refuseFlood(client, companyId);
    const member = await client.query(
      `SELECT 1 FROM company_members m JOIN "user" u ON u.id = m.user_id WHERE m.company_id = $1 AND u.email = $2`,
      [companyId, email],
    );
    if (member.rowCount) throw conflict(INVITE_MESSAGES.alreadyMember, 'ALREADY_MEMBER');
    const { rows } = await client.query(
      `INSERT INTO company_invitations (email, role, token, expires_at, invited_by, company_id)
       VALUES ($1, $2, $3, now() + make_interval(days => $4), $5, $6)
       ON CONFLICT (company_id, email) WHERE accepted_at IS NULL
       DO UPDATE SET role = excluded.role, token = excluded.token, expires_at = excluded.expires_at,
                     invited_by = excluded.invited_by, created_at = now()
       RETURNING *, (xmax <> 0) AS replaced`,
      [email, input.role, token, INVITE_TTL_DAYS, actor.viewer.user.id, companyId],
    );
    const row = rows[0];
    await queueInvitationEmail(s, client, { invitationId: row.id, token });
    await logActivity(db, { ...byActor(actor), action: 'invitation_sent', details: { email, role: input.role, replaced: row.replaced } });
    return row;
  });
  wakeInvitationWorker(s);
  return toPending({ ...invitation, inviter_name: viewerName(actor.viewer) });
}

/** Invitation e-mails go to addresses nobody has confirmed: cap them per company and hour. */
export const INVITATIONS_PER_HOUR = 200;
async function refuseFlood(client: pg.PoolClient, companyId: string) {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM activity_log
      WHERE company_id = $1 AND action IN ('invitation_sent', 'invitation_resent') AND created_at > now() - interval '1 hour'`,
    [companyId],
  );
  if (rows[0]!.n >= INVITATIONS_PER_HOUR) {
    throw new AppError(429, 'TOO_MANY_INVITATIONS', 'Muitos convites enviados na última hora. Tente novamente mais tarde.');
  }
}

const viewerName = (v: Viewer) => [v.profile?.first_name, v.profile?.last_name].filter(Boolean).join(' ') || v.user.email;

/** The company's invitations not yet accepted (pending or expired), newest first. */
export async function listPendingInvitations(tenant: Tenant): Promise<PendingInvitation[]> {
  const { companyInvitations: i, profiles: ip, user: iu } = schema;
  const rows = await tenant.db
    .select({
      id: i.id,
      email: i.email,
      role: i.role,
      created_at: i.createdAt,
      expires_at: i.expiresAt,
      invited_by: i.invitedBy,
      inviter_name: sql<string | null>`NULLIF(trim(concat_ws(' ', ${ip.firstName}, ${ip.lastName})), '')`,
      inviter_email: iu.email,
    })
    .from(i)
    .leftJoin(ip, eq(ip.id, i.invitedBy))
    .leftJoin(iu, eq(iu.id, i.invitedBy))
    .where(and(eq(i.companyId, tenant.companyId), isNull(i.acceptedAt)))
    .orderBy(desc(i.createdAt));
  return rows.map(toPending);
}

/**
 * The signed-in person's own pending invitations (confirmed e-mail, no company yet), so someone
 * who reached the company-setup screens instead of the invite link is offered the invitation
 * rather than pushed into creating a company. The link is theirs: it was e-mailed to this address.
 */
export async function listMyInvitations(s: Services, viewer: Viewer): Promise<MyInvitation[]> {
  if (!viewer.user.emailVerified || viewer.company) return [];
  const email = normalizeEmail(viewer.user.email);
  const { rows } = await s.pool.query(
    `SELECT i.token, i.email, i.role, i.expires_at, c.name AS company_name, ${INVITER_NAME} AS inviter_profile_name, iu.name AS inviter_user_name
       FROM company_invitations i
       JOIN companies c ON c.id = i.company_id
       LEFT JOIN profiles ip ON ip.id = i.invited_by
       LEFT JOIN "user" iu ON iu.id = i.invited_by
      WHERE i.email = $1 AND i.accepted_at IS NULL AND i.expires_at > now()
      ORDER BY i.created_at DESC`,
    [email],
  );
  return rows.map((r) => ({
    companyName: r.company_name,
    inviterName: r.inviter_profile_name ?? r.inviter_user_name ?? null,
    role: r.role,
    roleLabel: roleLabel(r.role),
    expiresAt: new Date(r.expires_at).toISOString(),
    path: acceptInvitePath(r.token, r.email),
  }));
}

/** Resend: a new token and a new expiry on the same row (the old link stops working). */
export async function resendInvitation(s: Services, actor: Actor, id: string): Promise<PendingInvitation> {
  const token = newInvitationToken();
  const { companyId } = actor.tenant;
  const row = await tenantTransaction(actor.tenant, async ({ client, db }) => {
    await refuseFlood(client, companyId);
    const { rows } = await client.query(
      `UPDATE company_invitations SET token = $1, expires_at = now() + make_interval(days => $2), invited_by = $3, created_at = now()
        WHERE id = $4 AND company_id = $5 AND accepted_at IS NULL
        RETURNING *`,
      [token, INVITE_TTL_DAYS, actor.viewer.user.id, id, companyId],
    );
    if (!rows[0]) throw notFound(INVITE_MESSAGES.notFound);
    await queueInvitationEmail(s, client, { invitationId: id, token });
    await logActivity(db, { ...byActor(actor), action: 'invitation_resent', details: { email: rows[0].email, role: rows[0].role } });
    return rows[0];
  });
  wakeInvitationWorker(s);
  return toPending({ ...row, inviter_name: viewerName(actor.viewer) });
}

/** Revoke: the pending invitation is deleted; its link answers 'not found or used'. */
export async function revokeInvitation(actor: Actor, id: string): Promise<void> {
  const { companyId } = actor.tenant;
  await tenantTransaction(actor.tenant, async ({ client, db }) => {
    const { rows } = await client.query(
      `DELETE FROM company_invitations WHERE id = $1 AND company_id = $2 AND accepted_at IS NULL RETURNING email, role`,
      [id, companyId],
    );
    if (!rows[0]) throw notFound(INVITE_MESSAGES.notFound);
    await logActivity(db, { ...byActor(actor), action: 'invitation_revoked', details: { email: rows[0].email, role: rows[0].role } });
  });
}

/**
 * What the invite pages need, and nothing more. Accepted invitations are visible only to the
 * person who accepted them; anyone else gets 'not found or already used'.
 */
export async function getInvitationByToken(s: Services, token: string, viewer: Viewer | null): Promise<InvitationByToken> {
  const { rows } = await s.pool.query(
    `SELECT i.email, i.role, i.expires_at, i.accepted_at, i.accepted_by, i.company_id, c.name AS company_name,
            ${INVITER_NAME} AS inviter_profile_name, iu.name AS inviter_user_name,
            au.email_verified AS account_verified,
            (au.id IS NOT NULL) AS account_exists
       FROM company_invitations i
       JOIN companies c ON c.id = i.company_id
       LEFT JOIN profiles ip ON ip.id = i.invited_by
       LEFT JOIN "user" iu ON iu.id = i.invited_by
       LEFT JOIN "user" au ON au.email = i.email
      WHERE i.token = $1`,
    [token],
  );
  const r = rows[0];
  if (!r) throw notFoundOrUsed();
  const acceptedByViewer = Boolean(r.accepted_at && viewer && r.accepted_by === viewer.user.id);
  if (r.accepted_at && !acceptedByViewer) throw notFoundOrUsed();
  if (!r.accepted_at && new Date(r.expires_at).getTime() <= Date.now()) throw expired();
  return {
    email: r.email,
    role: r.role,
    roleLabel: roleLabel(r.role),
    companyName: r.company_name,
    inviterName: r.inviter_profile_name ?? r.inviter_user_name ?? null,
    expiresAt: new Date(r.expires_at).toISOString(),
    status: r.accepted_at ? 'accepted' : 'pending',
    account: !r.account_exists ? 'none' : r.account_verified ? 'confirmed' : 'unconfirmed',
    viewerIsMember: Boolean(viewer && viewer.company?.id === r.company_id),
  };
}

export type AcceptResult = { companyId: string; companyName: string; alreadyAccepted: boolean };

/**
 * accept_company_invitation, in one transaction on the caller's connection: the person's profile
 * row is locked first (one acceptance per person at a time), then the invitation row; the claim
 * itself is conditional, so of two racing callers only one can stamp accepted_at.
 */
export async function acceptInvitationTx(
  client: pg.PoolClient,
  user: { id: string; email: string; emailVerified: boolean },
  token: string,
): Promise<AcceptResult & { invitation: InvitationRow | null }> {
  await client.query(`SELECT id FROM profiles WHERE id = $1 FOR UPDATE`, [user.id]);
  const { rows } = await client.query<InvitationRow & { company_name: string; is_expired: boolean }>(
    `SELECT i.*, c.name AS company_name, (i.expires_at <= now()) AS is_expired
       FROM company_invitations i JOIN companies c ON c.id = i.company_id
      WHERE i.token = $1 FOR UPDATE OF i`,
    [token],
  );
  const inv = rows[0];
  if (!inv) throw notFoundOrUsed();
  if (inv.accepted_at) {
    // A second accept by the same person is harmless; anybody else finds it used.
    if (inv.accepted_by === user.id) return { companyId: inv.company_id, companyName: inv.company_name, alreadyAccepted: true, invitation: null };
    throw notFoundOrUsed();
  }
  if (normalizeEmail(user.email) !== normalizeEmail(inv.email)) throw forbidden(INVITE_MESSAGES.emailMismatch);
  // Expiry is decided here, by the database clock, not by the page.
  if (inv.is_expired) throw expired();
  if (!user.emailVerified) throw new AppError(403, 'EMAIL_NOT_CONFIRMED', INVITE_MESSAGES.emailNotConfirmed);

  const memberships = await client.query<{ company_id: string }>(`SELECT company_id FROM company_members WHERE user_id = $1`, [user.id]);
  if (memberships.rows.some((m) => m.company_id !== inv.company_id)) throw conflict(INVITE_MESSAGES.otherCompany, 'OTHER_COMPANY');

  const claim = await client.query(
    `UPDATE company_invitations SET accepted_at = now(), accepted_by = $2
      WHERE id = $1 AND accepted_at IS NULL AND expires_at > now() RETURNING id`,
    [inv.id, user.id],
  );
  // The row is locked, so only the clock can make the claim miss now.
  if (!claim.rowCount) throw expired();
  await client.query(
    `INSERT INTO company_members (user_id, company_id, role) VALUES ($1, $2, $3) ON CONFLICT (company_id, user_id) DO NOTHING`,
    [user.id, inv.company_id, inv.role],
  );
  await client.query(`UPDATE profiles SET company_id = $2, updated_at = now() WHERE id = $1`, [user.id, inv.company_id]);
  return { companyId: inv.company_id, companyName: inv.company_name, alreadyAccepted: false, invitation: inv };
}

/**
 * accept_company_invitation inside a transaction the caller owns (the profile save shares it, so
 * a failing acceptance also undoes the profile write): the claim and its activity line.
 */
export async function acceptInvitationIn(
  { client, db }: TxContext,
  user: { id: string; email: string; emailVerified: boolean },
  token: string,
  userAgent?: string | null,
): Promise<AcceptResult> {
  const result = await acceptInvitationTx(client, user, token);
  if (result.invitation) {
    await logActivity(db, {
      companyId: result.companyId,
      userId: user.id,
      action: 'invitation_accepted',
      details: { email: result.invitation.email, role: result.invitation.role },
      userAgent,
    });
  }
  return { companyId: result.companyId, companyName: result.companyName, alreadyAccepted: result.alreadyAccepted };
}

/** accept_company_invitation (and process_invite_after_confirmation) for the signed-in person. */
export async function acceptInvitation(
  s: Services,
  user: { id: string; email: string; emailVerified: boolean },
  token: string,
  userAgent?: string | null,
): Promise<AcceptResult> {
  return withTransaction(s.pool, (tx) => acceptInvitationIn(tx, user, token, userAgent)).finally(() => s.viewers.evictViewer(user.id));
}

/**
 * Sign-up from an invitation link (docs/decisions/0082): a pending, unexpired invitation with this
 * token, sent to this very address, proves the person receives mail there, so the new account
 * starts with its e-mail confirmed. Any other token (another address, expired, used) proves nothing.
 */
export async function invitationProvesEmail(pool: pg.Pool, token: unknown, email: unknown): Promise<boolean> {
  if (typeof token !== 'string' || typeof email !== 'string' || !invitationTokenSchema.safeParse(token).success) return false;
  const { rows } = await pool.query(
    `SELECT 1 FROM company_invitations WHERE token = $1 AND email = $2 AND accepted_at IS NULL AND expires_at > now()`,
    [token, normalizeEmail(email)],
  );
  return rows.length > 0;
}

/**
 * process_invite_after_confirmation on the server: when an account created from an invitation
 * confirms its e-mail, the invitation it was created with is accepted at once, so the invitee
 * never lands in the "create your company" flow. Failures are left for the page to show.
 */
export async function processInviteAfterConfirmation(pool: pg.Pool, userId: string): Promise<AcceptResult | null> {
  const { rows } = await pool.query(`SELECT id, email, email_verified, invited_token FROM "user" WHERE id = $1`, [userId]);
  const u = rows[0];
  if (!u?.invited_token || !u.email_verified) return null;
  try {
    return await withTransaction(pool, async ({ client, db }) => {
      const result = await acceptInvitationTx(client, { id: u.id, email: u.email, emailVerified: true }, u.invited_token);
      if (result.invitation) {
        await logActivity(db, {
          companyId: result.companyId,
          userId: u.id,
          action: 'invitation_accepted',
          details: { email: result.invitation.email, role: result.invitation.role, afterConfirmation: true },
        });
      }
      return { companyId: result.companyId, companyName: result.companyName, alreadyAccepted: result.alreadyAccepted };
    });
  } catch (e) {
    if (!(e instanceof AppError)) console.error('[invitations] processing after confirmation failed:', (e as Error).message);
    return null;
  }
}

/**
 * Decline: the invitation row is deleted. The token is the invitee's credential; a signed-in
 * person whose e-mail differs may not decline somebody else's invitation.
 */
export async function declineInvitation(s: Services, token: string, viewer: Viewer | null, userAgent?: string | null): Promise<void> {
  await withTransaction(s.pool, async ({ client, db }) => {
    const { rows } = await client.query<InvitationRow>(
      `SELECT * FROM company_invitations WHERE token = $1 AND accepted_at IS NULL FOR UPDATE`,
      [token],
    );
    const inv = rows[0];
    if (!inv) throw notFoundOrUsed();
    if (viewer && normalizeEmail(viewer.user.email) !== inv.email) throw forbidden(INVITE_MESSAGES.emailMismatch);
    await client.query(`DELETE FROM company_invitations WHERE id = $1`, [inv.id]);
    await logActivity(db, {
      companyId: inv.company_id,
      userId: viewer?.user.id ?? null,
      action: 'invitation_declined',
      details: { email: inv.email, role: inv.role },
      userAgent,
    });
  });
}
