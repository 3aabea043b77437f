import type pg from 'pg';
import type { Services } from '../../services.ts';
import { serverState } from '../../platform/module.ts';
import { municipios } from './queries.ts';

/**
 * The Receita's município table has no UF; the establishments do. Each município's UF is read
 * once per import with a skip scan of the (municipio, …) index (one probe per município, about
 * 5,600 at the full register) and kept in memory, so the picker can filter by the chosen UF.
 */
type Cache = { importId: string | null; byCode: Map<string, string> | null; loading: Promise<Map<string, string>> | null };

async function load(pool: pg.Pool): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ municipio: string; uf: string | null }>(
    `WITH RECURSIVE t AS (
       (SELECT municipio, uf FROM rf_estabelecimentos WHERE municipio IS NOT NULL ORDER BY municipio LIMIT 1)
       UNION ALL
       SELECT n.municipio, n.uf FROM t, LATERAL (SELECT municipio, uf FROM rf_estabelecimentos WHERE municipio > t.municipio ORDER BY municipio LIMIT 1) n
     ) SELECT municipio, uf FROM t`,
  );
  return new Map(rows.filter((r) => r.uf).map((r) => [r.municipio, r.uf!]));
}

async function ufOfMunicipios(s: Services, pool: pg.Pool): Promise<Map<string, string>> {
  const cache = serverState<Cache>(s, 'prospecting.municipio-uf', () => ({ importId: null, byCode: null, loading: null }));
  const { rows } = await pool.query<{ id: string }>('SELECT id::text FROM rf_imports ORDER BY id DESC LIMIT 1');
  const importId = rows[0]?.id ?? 'none';
  if (cache.importId === importId && cache.byCode) return cache.byCode;
  if (cache.importId !== importId || !cache.loading) {
    cache.importId = importId;
    cache.byCode = null;
    cache.loading = load(pool).then((m) => {
      if (cache.importId === importId) cache.byCode = m;
      return m;
    });
  }
  return cache.loading;
}

/** The picker's suggestions: names by prefix, only of the UF when one is chosen. */
export async function municipiosOf(s: Services, pool: pg.Pool, q: string, uf?: string) {
  if (!uf) return municipios(pool, q);
  const byCode = await ufOfMunicipios(s, pool);
  const all = await municipiosAll(pool, q);
  return all.filter((m) => byCode.get(m.codigo) === uf).slice(0, 20);
}

async function municipiosAll(pool: pg.Pool, q: string) {
  const plain = q.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[\\%_]/g, (m) => `\\${m}`);
  const { rows } = await pool.query('SELECT codigo, descricao FROM rf_municipios WHERE descricao LIKE $1 ORDER BY descricao LIMIT 2000', [`${plain}%`]);
  return rows as { codigo: string; descricao: string }[];
}
