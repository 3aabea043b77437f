import { AppError } from '../../http/errors.ts';
import type { Services, Tenant } from '../../services.ts';
import type { Viewer } from '../viewer.ts';

/**
 * Who may open an entity's socket: the same visibility check as the entity's GET (it throws that
 * GET's 403/404) and whether this person may change it. Run before the upgrade, then again on
 * every write and whenever the person's access may have changed (decision 0420).
 */
export type SyncAccess = (who: { tenant: Tenant; viewer: Viewer }, id: string) => Promise<{ canWrite: boolean }>;

/** What a socket was opened with: its person, company, session and rights. */
export type SyncGrant = {
  userId: string;
  companyId: string;
  sessionToken: string;
  /** Epoch milliseconds: the socket is re-checked when the session runs out. */
  sessionExpiresAt: number;
  /** The role and custom permissions the rights were decided with (a change closes the socket). */
  membership: string;
  canWrite: boolean;
  access: SyncAccess;
};

export const membershipKey = (viewer: Viewer) => JSON.stringify([viewer.membership?.role ?? null, [...(viewer.membership?.customPermissions ?? [])].sort()]);

/** 'signedOut': the session or the account is gone; 'noAccess': the person may no longer see the entity. */
export type Verdict = { ok: true; canWrite: boolean; membership: string; sessionExpiresAt: number } | { ok: false; why: 'signedOut' | 'noAccess' };

/**
 * The grant decided again from the database as it is now (never from the caches, which hear of a
 * change only after it committed): the session, the membership in the socket's company and the
 * entity's own check. A database failure throws.
 */
export async function recheckGrant(s: Services, grant: SyncGrant, entityId: string): Promise<Verdict> {
  const fresh = await s.viewers.freshViewer(grant.userId, grant.sessionToken);
  const sessionExpiresAt = fresh?.sessionExpiresAt ?? 0;
  if (!fresh || sessionExpiresAt <= Date.now()) return { ok: false, why: 'signedOut' };
  const { viewer } = fresh;
  if (viewer.company?.id !== grant.companyId || !viewer.membership) return { ok: false, why: 'noAccess' };
  try {
    const { canWrite } = await grant.access({ tenant: { db: s.db, companyId: grant.companyId, actorId: grant.userId }, viewer }, entityId);
    return { ok: true, canWrite, membership: membershipKey(viewer), sessionExpiresAt };
  } catch (e) {
    if (e instanceof AppError && (e.status === 403 || e.status === 404)) return { ok: false, why: 'noAccess' };
    throw e;
  }
}
