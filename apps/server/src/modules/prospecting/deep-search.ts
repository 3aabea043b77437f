import { DEEP_SEARCH_CAP, DEEP_SEARCH_COUNT_LIMIT, DEEP_SEARCH_MESSAGES, type DeepSearchResult, type GraphNode, type Relation, type RelationGroup, type RelationKind } from '@sede/shared/prospecting/deep-search';
import { PROSPECTING_MESSAGES } from '@sede/shared/prospecting/schemas';
import type pg from 'pg';
import { AppError, notFound } from '../../http/errors.ts';
import { maskPhone, withTimeout } from './queries.ts';

/**
 * /deep-search (decision 0240): one establishment's neighbours in the open
 * data, by kind — the other establishments of its root, companies that share a partner (same
 * name AND the same document as the Receita publishes it, never the name alone), the same phone,
 * the same address. Each kind is capped at DEEP_SEARCH_CAP rows (counted up to
 * DEEP_SEARCH_COUNT_LIMIT), read through the indexes of decision 0240, in one read-only
 * transaction under the statement timeout.
 */

export const deepSearchTimeout = () => new AppError(400, 'SEARCH_TIMEOUT', DEEP_SEARCH_MESSAGES.timeout);

const readOnly = <T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>) => withTimeout(pool, work, deepSearchTimeout);

/** Documents that identify nobody: a partner with one of these is never matched (the name alone is not enough). */
const NO_DOCUMENT = `('', '***000000**', '00000000000000')`;
/** The address key; the same expressions (and predicate) as the index `rf_estab_endereco_idx`. */
const LOGRADOURO = `regexp_replace(e.logradouro, '[[:space:]]+', ' ', 'g')`;
const NUMERO = `regexp_replace(e.numero, '[[:space:]]+', '', 'g')`;
const ADDRESS_OK = `e.cep IS NOT NULL AND e.logradouro IS NOT NULL AND e.numero IS NOT NULL AND e.numero NOT IN ('S/N', 'SN', '0', '')`;
const PHONE1 = `(coalesce(e.ddd1, '') || e.telefone1)`;
const PHONE2 = `(coalesce(e.ddd2, '') || e.telefone2)`;

type NodeRow = { cnpj: string; razao_social: string | null; nome_fantasia: string | null; matriz_filial: number | null; situacao: string | null; municipio: string | null; uf: string | null };

const NODE_COLUMNS = `e.cnpj, emp.razao_social, e.nome_fantasia, e.matriz_filial, e.situacao, m.descricao AS municipio, e.uf`;
const NODE_JOINS = `LEFT JOIN rf_empresas emp ON emp.cnpj_basico = e.cnpj_basico LEFT JOIN rf_municipios m ON m.codigo = e.municipio`;

const nodeOf = (r: NodeRow): GraphNode => ({
  cnpj: r.cnpj,
  razaoSocial: r.razao_social ?? r.nome_fantasia ?? r.cnpj,
  nomeFantasia: r.nome_fantasia,
  matriz: r.matriz_filial === 1,
  situacao: r.situacao,
  municipio: r.municipio,
  uf: r.uf,
});

type Center = NodeRow & {
  cnpj_basico: string;
  ddd1: string | null;
  telefone1: string | null;
  ddd2: string | null;
  telefone2: string | null;
  tipo_logradouro: string | null;
  cep: string | null;
  logradouro_norm: string | null;
  numero_norm: string | null;
  address_ok: boolean;
};

/**
 * One kind: `candidates` selects `cnpj` and `via` of every neighbour (any order); the first
 * DEEP_SEARCH_CAP by CNPJ come back with their names, the rest is counted.
 */
async function group(client: pg.PoolClient, kind: RelationKind, candidates: string, params: unknown[], via: (v: string | null) => string | null = (v) => v): Promise<RelationGroup> {
  const { rows } = await client.query<NodeRow & { via: string | null }>(
    `SELECT ${NODE_COLUMNS}, c.via FROM (SELECT * FROM (${candidates}) c0 ORDER BY c0.cnpj LIMIT ${DEEP_SEARCH_CAP + 1}) c
       JOIN rf_estabelecimentos e ON e.cnpj = c.cnpj ${NODE_JOINS} ORDER BY e.cnpj`,
    params,
  );
  let total = rows.length;
  if (rows.length > DEEP_SEARCH_CAP) {
    const counted = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM (${candidates}) c0 LIMIT ${DEEP_SEARCH_COUNT_LIMIT + 1}) t`, params);
    total = counted.rows[0]!.n;
  }
  const items: Relation[] = rows.slice(0, DEEP_SEARCH_CAP).map((r) => ({ ...nodeOf(r), via: via(r.via) }));
  return { kind, items, total, totalExact: total <= DEEP_SEARCH_COUNT_LIMIT };
}

const empty = (kind: RelationKind): RelationGroup => ({ kind, items: [], total: 0, totalExact: true });

export async function deepSearch(pool: pg.Pool, cnpj: string): Promise<DeepSearchResult> {
  return readOnly(pool, async (client) => {
    const { rows } = await client.query<Center>(
      `SELECT ${NODE_COLUMNS}, e.cnpj_basico, e.ddd1, e.telefone1, e.ddd2, e.telefone2, e.tipo_logradouro, e.cep,
              ${LOGRADOURO} AS logradouro_norm, ${NUMERO} AS numero_norm, coalesce(${ADDRESS_OK}, false) AS address_ok
         FROM rf_estabelecimentos e ${NODE_JOINS} WHERE e.cnpj = $1`,
      [cnpj],
    );
    const c = rows[0];
    if (!c) throw notFound(PROSPECTING_MESSAGES.cnpjNotFound);

    const raiz = await group(client, 'raiz', `SELECT e.cnpj, NULL::text AS via FROM rf_estabelecimentos e WHERE e.cnpj_basico = $1 AND e.cnpj <> $2`, [c.cnpj_basico, c.cnpj], () => null);

    // Other roots with a partner of the same name and document; each root shown by its head office.
    const socios = await group(
      client,
      'socios',
      `SELECT x.cnpj, r.via FROM (
         SELECT o.cnpj_basico, string_agg(DISTINCT s.nome, ', ') AS via
           FROM rf_socios s JOIN rf_socios o ON o.nome = s.nome AND o.documento = s.documento AND o.cnpj_basico <> s.cnpj_basico
          WHERE s.cnpj_basico = $1 AND s.nome IS NOT NULL AND s.nome <> '' AND s.documento IS NOT NULL AND s.documento NOT IN ${NO_DOCUMENT}
          GROUP BY o.cnpj_basico) r
       CROSS JOIN LATERAL (SELECT e.cnpj FROM rf_estabelecimentos e WHERE e.cnpj_basico = r.cnpj_basico ORDER BY e.matriz_filial NULLS LAST, e.cnpj LIMIT 1) x`,
      [c.cnpj_basico],
    );

    const phones = [c.telefone1 ? `${c.ddd1 ?? ''}${c.telefone1}` : null, c.telefone2 ? `${c.ddd2 ?? ''}${c.telefone2}` : null].filter((p): p is string => p !== null);
    const masked = new Map<string, string>();
    if (c.telefone1) masked.set(`${c.ddd1 ?? ''}${c.telefone1}`, maskPhone(c.ddd1, c.telefone1)!);
    if (c.telefone2) masked.set(`${c.ddd2 ?? ''}${c.telefone2}`, maskPhone(c.ddd2, c.telefone2)!);
    const telefone = phones.length
      ? await group(
          client,
          'telefone',
          `SELECT e.cnpj, ${PHONE1} AS via FROM rf_estabelecimentos e WHERE e.telefone1 IS NOT NULL AND ${PHONE1} = ANY($1::text[]) AND e.cnpj_basico <> $2
           UNION
           SELECT e.cnpj, ${PHONE2} AS via FROM rf_estabelecimentos e WHERE e.telefone2 IS NOT NULL AND ${PHONE2} = ANY($1::text[]) AND e.cnpj_basico <> $2`,
          [phones, c.cnpj_basico],
          (v) => (v ? (masked.get(v) ?? null) : null),
        )
      : empty('telefone');

    const street = [c.tipo_logradouro, c.logradouro_norm].filter(Boolean).join(' ');
    const address = c.address_ok ? `${street}, ${c.numero_norm} · CEP ${c.cep!.slice(0, 5)}-${c.cep!.slice(5)}` : null;
    const endereco = c.address_ok
      ? await group(
          client,
          'endereco',
          `SELECT e.cnpj, NULL::text AS via FROM rf_estabelecimentos e
            WHERE ${ADDRESS_OK} AND e.cep = $1 AND ${LOGRADOURO} = $2 AND ${NUMERO} = $3 AND e.cnpj_basico <> $4`,
          [c.cep, c.logradouro_norm, c.numero_norm, c.cnpj_basico],
          () => address,
        )
      : empty('endereco');

    return { center: nodeOf(c), relations: [raiz, socios, telefone, endereco] };
  });
}
