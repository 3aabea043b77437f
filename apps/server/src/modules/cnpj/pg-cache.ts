// CnpjCache on table cnpj_lookup_cache (cnpj text pk, provider, data jsonb, fetched_at, expires_at).
import { normalizedCompanySchema, type NormalizedCompany } from '@sede/shared/cnpj';
import type { Pool } from 'pg';
import type { Clock } from '../../platform/clock.ts';
import type { CnpjCache } from './types.ts';

export type PgCnpjCache = CnpjCache & {
  /** The record with the moment its row expires (ms since epoch). */
  getEntry(cnpj: string): Promise<{ record: NormalizedCompany; expiresAt: number } | null>;
};

export function createPgCnpjCache(pool: Pool, ttlDays: number, clock: Clock): PgCnpjCache {
  async function getEntry(cnpj: string) {
    const { rows } = await pool.query<{ data: unknown; expires_at: Date }>(
      'SELECT data, expires_at FROM cnpj_lookup_cache WHERE cnpj = $1 AND expires_at > $2',
      [cnpj, new Date(clock.now())],
    );
    // A row written by an older shape of the record counts as a miss.
    const parsed = rows.length ? normalizedCompanySchema.safeParse(rows[0]!.data) : null;
    return parsed?.success ? { record: parsed.data, expiresAt: new Date(rows[0]!.expires_at).getTime() } : null;
  }
  return {
    getEntry,
    async get(cnpj) {
      return (await getEntry(cnpj))?.record ?? null;
    },
    async set(cnpj, record, provider) {
      await pool.query(
        `INSERT INTO cnpj_lookup_cache (cnpj, provider, data, fetched_at, expires_at)
         VALUES ($1, $2, $3::jsonb, $5, $5::timestamptz + $4::float8 * interval '1 day')
         ON CONFLICT (cnpj) DO UPDATE SET provider = EXCLUDED.provider, data = EXCLUDED.data,
           fetched_at = EXCLUDED.fetched_at, expires_at = EXCLUDED.expires_at`,
        [cnpj, provider, JSON.stringify(record), ttlDays, new Date(clock.now())],
      );
    },
  };
}
