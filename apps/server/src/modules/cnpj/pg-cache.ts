// CnpjCache on table cnpj_lookup_cache (cnpj text pk, provider, data jsonb, fetched_at, expires_at).
import { normalizedCompanySchema } from '@sede/shared/cnpj';
import type { Pool } from 'pg';
import type { CnpjCache } from './types.ts';

export function createPgCnpjCache(pool: Pool, ttlDays: number): CnpjCache {
  return {
    async get(cnpj) {
      const { rows } = await pool.query<{ data: unknown }>(
        'SELECT data FROM cnpj_lookup_cache WHERE cnpj = $1 AND expires_at > now()',
        [cnpj],
      );
      // A row written by an older shape of the record counts as a miss.
      const parsed = rows.length ? normalizedCompanySchema.safeParse(rows[0].data) : null;
      return parsed?.success ? parsed.data : null;
    },
    async set(cnpj, record, provider) {
      await pool.query(
        `INSERT INTO cnpj_lookup_cache (cnpj, provider, data, fetched_at, expires_at)
         VALUES ($1, $2, $3::jsonb, now(), now() + $4::float8 * interval '1 day')
         ON CONFLICT (cnpj) DO UPDATE SET provider = EXCLUDED.provider, data = EXCLUDED.data,
           fetched_at = EXCLUDED.fetched_at, expires_at = EXCLUDED.expires_at`,
        [cnpj, provider, JSON.stringify(record), ttlDays],
      );
    },
  };
}
