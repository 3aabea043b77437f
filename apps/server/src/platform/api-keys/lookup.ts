import type pg from 'pg';
import { grantsFor, parseCustomPermissions, type Grants, type Permission } from '@sede/shared/registry/permissions';
import type { ChangeFeed } from '../changes.ts';
import { hashSecret } from './secret.ts';

/** A key as a request uses it: its company, what it may do (key ∩ its creator's grants, decision 0640). */
export type ApiKeyRecord = {
  id: string;
  companyId: string;
  kind: 'secret' | 'form';
  name: string;
  prefix: string;
  /** Who created it; services record them as the author of what the key creates. Null: gone. */
  createdBy: string | null;
  /** Null when its creator is no longer a member of the company (the key then works no more). */
  grants: Grants | null;
  /** Its creator's membership of the key's company (null: gone): checks that take a person's role see the key as them. */
  membership: { role: string; customPermissions: string[] } | null;
  allowedOrigins: readonly string[];
  rateLimitPerMinute: number;
  expiresAt: number | null;
  revokedAt: number | null;
  lastUsedAt: number | null;
};

const LOOKUP_SQL = `
SELECT k.id, k.company_id, k.kind, k.name, k.prefix, k.created_by, k.permissions, k.allowed_origins, k.rate_limit_per_minute,
       k.expires_at, k.revoked_at, k.last_used_at, m.role, m.custom_permissions
  FROM api_keys k
  LEFT JOIN company_members m ON m.company_id = k.company_id AND m.user_id = k.created_by
 WHERE k.secret_hash = $1`;

const time = (v: Date | null) => (v ? v.getTime() : null);

function toRecord(r: Record<string, any>): ApiKeyRecord {
  const creatorGrants = r.role ? grantsFor({ role: r.role, customPermissions: r.custom_permissions }) : null;
  return {
    id: r.id,
    companyId: r.company_id,
    kind: r.kind,
    name: r.name,
    prefix: r.prefix,
    createdBy: r.created_by,
    grants: creatorGrants && new Set((r.permissions as Permission[]).filter((p) => creatorGrants.has(p))),
    membership: r.role ? { role: r.role as string, customPermissions: parseCustomPermissions(r.custom_permissions) } : null,
    allowedOrigins: r.allowed_origins,
    rateLimitPerMinute: r.rate_limit_per_minute,
    expiresAt: time(r.expires_at),
    revokedAt: time(r.revoked_at),
    lastUsedAt: time(r.last_used_at),
  };
}

const CACHE_MS = 60_000;
const MAX_ENTRIES = 10_000;
const LAST_USED_EVERY_MS = 60_000;

/**
 * Keys by the hash of their secret, cached in process like the viewers (platform/viewer.ts): a
 * revocation (NOTIFY from the revoking transaction) or a change of its creator's membership
 * evicts it on every instance; nothing is cached while the change feed is down, and a load that
 * raced any such change is served but not kept.
 */
export function createApiKeyCache(pool: pg.Pool, feed: ChangeFeed) {
  const byHash = new Map<string, { record: ApiKeyRecord | null; loadedAt: number }>();
  // The hash of each secret a kept key was found by: a known key's next call hashes nothing, as a
  // session's cookie is its cache's own key (decision 0778). Only found keys: a guess adds nothing.
  const hashOf = new Map<string, string>();
  let generation = 0;
  const clear = () => {
    generation++;
    byHash.clear();
    hashOf.clear();
  };
  feed.subscribe((change) => {
    // Keys are few and revocations rare: any change that may concern one drops them all.
    if (change.t === 'api_key' || change.t === 'member' || change.t === 'reset') clear();
  });

  async function load(hash: string, secret: string): Promise<ApiKeyRecord | null> {
    const now = Date.now();
    const start = generation;
    const { rows } = await pool.query({ name: 'api-key-lookup', text: LOOKUP_SQL, values: [hash] });
    const record = rows[0] ? toRecord(rows[0]) : null;
    // An unknown key is never kept: guessed keys must not fill the cache.
    if (record && feed.isLive() && start === generation) {
      if (byHash.size >= MAX_ENTRIES) {
        byHash.clear();
        hashOf.clear();
      }
      byHash.set(hash, { record, loadedAt: now });
      hashOf.set(secret, hash);
    }
    return record;
  }

  return {
    /**
     * The key of a secret (one of a key's shape): at once when it is kept (no promise on a call's
     * hot path), else read by its hash.
     */
    find(secret: string): ApiKeyRecord | null | Promise<ApiKeyRecord | null> {
      const hash = hashOf.get(secret) ?? hashSecret(secret);
      const hit = byHash.get(hash);
      if (hit && feed.isLive() && Date.now() - hit.loadedAt < CACHE_MS) return hit.record;
      return load(hash, secret);
    },
    /** The key's last use, written at most once a minute per key (never on the hot path's every call). */
    touch(record: ApiKeyRecord) {
      const now = Date.now();
      if (record.lastUsedAt !== null && now - record.lastUsedAt < LAST_USED_EVERY_MS) return;
      record.lastUsedAt = now;
      pool.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [record.id]).catch((e) => console.error('[api-keys] last use not recorded:', (e as Error).message));
    },
    /** Drops every cached key on this instance (a revocation here, before the NOTIFY comes back). */
    evictAll: clear,
  };
}
export type ApiKeyCache = ReturnType<typeof createApiKeyCache>;
