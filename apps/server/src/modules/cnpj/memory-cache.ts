// An in-process layer in front of the PostgreSQL cache: a repeated lookup of a hot CNPJ is a
// map read, not a database round trip (the cached-lookup target is p99 ≤ 10 ms at 50
// connections). PostgreSQL stays the shared truth: an entry lives here at most `ttlMs`, and
// never past its row's own expiry; a fresh answer written through `set` replaces it here too.
import type { NormalizedCompany } from '@sede/shared/cnpj';
import type { CnpjCache } from './types.ts';
import type { PgCnpjCache } from './pg-cache.ts';

export type MemoryFrontOptions = { ttlMs?: number; maxEntries?: number; now?: () => number };

export function createMemoryFrontCache(inner: PgCnpjCache, options: MemoryFrontOptions = {}): CnpjCache {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { record: NormalizedCompany; expiresAt: number }>();

  const remember = (cnpj: string, record: NormalizedCompany, rowExpiresAt: number) => {
    entries.delete(cnpj);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!); // oldest first
    entries.set(cnpj, { record, expiresAt: Math.min(now() + ttlMs, rowExpiresAt) });
  };

  const peek = (cnpj: string) => {
    const hit = entries.get(cnpj);
    if (hit && hit.expiresAt > now()) return hit.record;
    if (hit) entries.delete(cnpj);
    return null;
  };

  return {
    peek,
    async get(cnpj) {
      const hit = peek(cnpj);
      if (hit) return hit;
      const entry = await inner.getEntry(cnpj);
      if (!entry) return null;
      remember(cnpj, entry.record, entry.expiresAt);
      return entry.record;
    },
    async set(cnpj, record, provider) {
      await inner.set(cnpj, record, provider);
      remember(cnpj, record, Number.POSITIVE_INFINITY);
    },
  };
}
