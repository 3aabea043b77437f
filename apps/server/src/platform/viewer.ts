import type pg from 'pg';
import { computePermissions } from '@sede/shared/permissions';
import type { Viewer, ViewerCompany, ViewerProfile } from '@sede/shared/viewer';
import type { Auth } from './auth.ts';
import type { ChangeFeed } from './changes.ts';

export type { Viewer, ViewerCompany, ViewerProfile };

type CachedViewer = { viewer: Viewer; json: string };
type CachedSession = { userId: string; token: string; expiresAt: number; checkedAt: number };

const SESSION_RECHECK_MS = 60_000;
const MAX_ENTRIES = 50_000;

const VIEWER_SQL = `
SELECT u.id, u.email, u.email_verified, u.first_name AS u_first_name, u.last_name AS u_last_name, u.image,
       p.id AS p_id, p.email AS p_email, p.first_name, p.last_name, p.phone, p.cpf, p.company_id,
       p.onboarding_completed AS p_onboarding_completed,
       m.role, m.custom_permissions,
       c.id AS c_id, c.name, c.cnpj, c.fantasia, c.situacao, c.atividade_principal,
       c.onboarding_completed AS c_onboarding_completed, c.onboarding_areas, c.plan_type, c.currency_amount,
       c.subscription_status, c.trial_ends_at
  FROM "user" u
  LEFT JOIN profiles p ON p.id = u.id
  LEFT JOIN company_members m ON m.user_id = u.id AND m.company_id = p.company_id
  LEFT JOIN companies c ON c.id = m.company_id
 WHERE u.id = $1`;

/** The viewer and, in the same round trip, when the given session of theirs expires (null: gone). */
const VIEWER_AND_SESSION_SQL = `SELECT v.*, (SELECT expires_at FROM session WHERE token = $2 AND user_id = $1) AS session_expires_at FROM (${VIEWER_SQL}) v`;

function toViewer(r: Record<string, any>): Viewer {
  const membership = r.role ? { role: r.role as string, customPermissions: (r.custom_permissions ?? []) as string[] } : null;
  // The company is only the one the person is a member of; a dangling company_id shows nothing.
  const company: ViewerCompany | null = membership && r.c_id
    ? {
        id: r.c_id,
        name: r.name,
        cnpj: r.cnpj,
        fantasia: r.fantasia,
        situacao: r.situacao,
        atividade_principal: r.atividade_principal,
        onboarding_completed: r.c_onboarding_completed,
        onboarding_areas: Array.isArray(r.onboarding_areas) ? r.onboarding_areas : [],
        plan_type: r.plan_type,
        currency_amount: r.currency_amount,
        subscription_status: r.subscription_status,
        trial_ends_at: r.trial_ends_at ? new Date(r.trial_ends_at).toISOString() : null,
      }
    : null;
  const profile: ViewerProfile | null = r.p_id
    ? {
        id: r.p_id,
        email: r.p_email,
        first_name: r.first_name,
        last_name: r.last_name,
        phone: r.phone,
        cpf: r.cpf,
        company_id: company ? company.id : null,
        onboarding_completed: r.p_onboarding_completed,
        currency_amount: company ? company.currency_amount : null,
      }
    : null;
  return {
    user: { id: r.id, email: r.email, emailVerified: r.email_verified, firstName: r.u_first_name ?? '', lastName: r.u_last_name ?? '', image: r.image },
    profile,
    company,
    membership,
    permissions: computePermissions(membership),
  };
}

const COOKIE_RE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The session cookie's value (token.signature), or null. */
export function sessionCookieValue(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  const match = COOKIE_RE.exec(cookieHeader);
  return match ? match[1]! : null;
}

/**
 * The hot path of every signed-in request. Sessions (keyed by the exact signed cookie
 * better-auth issued, validated by better-auth on a miss) and viewers (profile, company,
 * membership, permissions, and the /api/me JSON) are cached in process. The database
 * triggers announce every change on LISTEN/NOTIFY (platform/changes.ts), so a sign-out, a
 * revoked session or a changed role is evicted on every instance within milliseconds.
 *
 * Two rules keep it honest:
 * - a load that raced a change of *its* user, company or session is served but not kept
 *   (a logical clock stamps every change heard; other tenants' changes do not matter);
 * - nothing is cached or served from cache while the LISTEN connection is down, and
 *   losing or regaining it clears everything (evictions may have been missed).
 */
export function createViewerCache(auth: Auth, pool: pg.Pool, feed: ChangeFeed) {
  const sessions = new Map<string, CachedSession>();
  const cookiesByToken = new Map<string, Set<string>>();
  const viewers = new Map<string, CachedViewer>();
  const usersByCompany = new Map<string, Set<string>>();
  const counters = { sessionHits: 0, sessionLoads: 0, viewerHits: 0, viewerLoads: 0, resets: 0 };

  // Change tracking for loads in flight: `clock` ticks on every change heard; `changedAt`
  // remembers when a user ('u:'), company ('c:') or session token ('t:') last changed. Only
  // loads in flight need it, so it is emptied whenever none is.
  let clock = 0;
  let clearedAt = 0;
  let inflight = 0;
  const changedAt = new Map<string, number>();

  function mark(key: string) {
    ++clock;
    if (inflight === 0) return; // no load to spoil: a later one starts after this change
    changedAt.set(key, clock);
    if (changedAt.size > MAX_ENTRIES) {
      changedAt.clear();
      clearedAt = clock;
    }
  }
  const unchangedSince = (start: number, keys: Array<string | null>) =>
    clearedAt <= start && keys.every((k) => k === null || (changedAt.get(k) ?? 0) <= start);

  async function tracked<T>(load: (start: number) => Promise<T>): Promise<T> {
    inflight++;
    try {
      return await load(clock);
    } finally {
      if (--inflight === 0) changedAt.clear();
    }
  }

  function evictViewer(userId: string) {
    mark(`u:${userId}`);
    const cached = viewers.get(userId);
    viewers.delete(userId);
    const companyId = cached?.viewer.company?.id;
    if (companyId) usersByCompany.get(companyId)?.delete(userId);
  }

  function patchBalance(userId: string, currencyAmount: number) {
    const cached = viewers.get(userId);
    if (!cached?.viewer.company) return;
    const { company, profile } = cached.viewer;
    const viewer: Viewer = {
      ...cached.viewer,
      company: { ...company, currency_amount: currencyAmount },
      profile: profile && { ...profile, currency_amount: currencyAmount },
    };
    viewers.set(userId, { viewer, json: JSON.stringify(viewer) });
  }

  function evictToken(token: string) {
    mark(`t:${token}`);
    for (const key of cookiesByToken.get(token) ?? []) sessions.delete(key);
    cookiesByToken.delete(token);
  }

  function clear() {
    clearedAt = ++clock;
    changedAt.clear();
    counters.resets++;
    sessions.clear();
    cookiesByToken.clear();
    viewers.clear();
    usersByCompany.clear();
  }

  feed.subscribe((change) => {
    switch (change.t) {
      case 'session':
        evictToken(change.token);
        break;
      case 'user':
      case 'member':
        evictViewer(change.userId);
        break;
      case 'company':
        mark(`c:${change.companyId}`);
        if (change.balanceOnly) {
          // Only the coins changed (every debit): patch the cached viewers instead of reloading them.
          for (const userId of usersByCompany.get(change.companyId) ?? []) patchBalance(userId, change.currencyAmount);
        } else {
          for (const userId of [...(usersByCompany.get(change.companyId) ?? [])]) evictViewer(userId);
        }
        break;
      case 'reset':
        clear();
        break;
    }
  });

  function cachedSession(key: string, now: number): CachedSession | undefined {
    const hit = sessions.get(key);
    if (hit && hit.expiresAt > now && now - hit.checkedAt < SESSION_RECHECK_MS) return hit;
    return undefined;
  }

  async function sessionFromHeaders(headers: Headers): Promise<CachedSession | null> {
    const key = sessionCookieValue(headers.get('cookie'));
    if (!key) return null;
    const now = Date.now();
    if (feed.isLive()) {
      const hit = cachedSession(key, now);
      if (hit) {
        counters.sessionHits++;
        return hit;
      }
    }
    sessions.delete(key);
    counters.sessionLoads++;
    return tracked(async (start) => {
      const result = await auth.api.getSession({ headers });
      if (!result) return null;
      const entry: CachedSession = {
        userId: result.user.id,
        token: result.session.token,
        expiresAt: new Date(result.session.expiresAt).getTime(),
        checkedAt: now,
      };
      if (feed.isLive() && unchangedSince(start, [`t:${entry.token}`])) {
        if (sessions.size >= MAX_ENTRIES) sessions.delete(sessions.keys().next().value!);
        sessions.set(key, entry);
        let keys = cookiesByToken.get(entry.token);
        if (!keys) cookiesByToken.set(entry.token, (keys = new Set()));
        keys.add(key);
      }
      return entry;
    });
  }

  async function loadViewer(userId: string): Promise<CachedViewer | null> {
    if (feed.isLive()) {
      const hit = viewers.get(userId);
      if (hit) {
        counters.viewerHits++;
        return hit;
      }
    }
    counters.viewerLoads++;
    return tracked(async (start) => {
      const { rows } = await pool.query(VIEWER_SQL, [userId]);
      if (!rows[0]) return null;
      const viewer = toViewer(rows[0]);
      const cached = { viewer, json: JSON.stringify(viewer) };
      const companyId = viewer.company?.id ?? null;
      if (feed.isLive() && unchangedSince(start, [`u:${userId}`, companyId && `c:${companyId}`])) {
        if (viewers.size >= MAX_ENTRIES) viewers.delete(viewers.keys().next().value!);
        viewers.set(userId, cached);
        if (companyId) {
          let set = usersByCompany.get(companyId);
          if (!set) usersByCompany.set(companyId, (set = new Set()));
          set.add(userId);
        }
      }
      return cached;
    });
  }

  /**
   * Synchronous fast path: the viewer of a cookie header when both its session and its viewer
   * are cached (no promise, no database, no better-auth), else undefined.
   */
  function peek(cookieHeader: string | null | undefined): CachedViewer | undefined {
    if (!feed.isLive()) return undefined;
    const key = sessionCookieValue(cookieHeader);
    if (!key) return undefined;
    const session = cachedSession(key, Date.now());
    if (!session) return undefined;
    const viewer = viewers.get(session.userId);
    if (viewer) {
      counters.sessionHits++;
      counters.viewerHits++;
    }
    return viewer;
  }

  return {
    peek,
    /** The signed-in viewer of a request, or null (no cookie, expired, revoked). */
    async fromHeaders(headers: Headers): Promise<CachedViewer | null> {
      const hit = peek(headers.get('cookie'));
      if (hit) return hit;
      const session = await sessionFromHeaders(headers);
      if (!session) return null;
      return loadViewer(session.userId);
    },
    loadViewer,
    /** The session of a request's cookie (its token and expiry), cached like the viewer. */
    sessionOf: sessionFromHeaders,
    /**
     * The viewer and their session's expiry as the database has them now, never from the caches
     * (a shared-editing socket's check on each write, decision 0420); null when the user is gone.
     */
    async freshViewer(userId: string, sessionToken: string): Promise<{ viewer: Viewer; sessionExpiresAt: number | null } | null> {
      const { rows } = await pool.query(VIEWER_AND_SESSION_SQL, [userId, sessionToken]);
      if (!rows[0]) return null;
      const expires = rows[0].session_expires_at as Date | null;
      return { viewer: toViewer(rows[0]), sessionExpiresAt: expires ? new Date(expires).getTime() : null };
    },
    evictViewer,
    /** Sizes and hit/load counters (loads are the only paths that touch the database). */
    stats: () => ({ sessions: sessions.size, viewers: viewers.size, live: feed.isLive(), ...counters }),
  };
}

export type ViewerCache = ReturnType<typeof createViewerCache>;
