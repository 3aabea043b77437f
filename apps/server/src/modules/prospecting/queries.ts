import { EXACT_COUNT_LIMIT, PROSPECTING_MESSAGES, type ProspectCompany, type ProspectRow, type ProspectSearch, type ProspectSearchResult, type ProspectStatus } from '@sede/shared/prospecting/schemas';
import type pg from 'pg';
import { AppError, notFound } from '../../http/errors.ts';

/**
 * Reads of the Receita Federal data (decisions 0200, 0202, 0203). Every statement runs under a
 * statement timeout (PROSPECTING_STATEMENT_TIMEOUT_MS, default 5 s): a filter combination that
 * would scan for minutes is stopped with a clear message instead.
 */

const timeoutMs = () => {
  const v = Number(process.env.PROSPECTING_STATEMENT_TIMEOUT_MS);
  return Number.isInteger(v) && v > 0 ? v : 5000;
};

export const searchTimeout = () => new AppError(400, 'SEARCH_TIMEOUT', PROSPECTING_MESSAGES.timeout);

/** Runs `work` in a read-only transaction with the statement timeout; a timeout is `timedOut()` (a 400 in Portuguese). */
export async function withTimeout<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, timedOut: () => AppError = searchTimeout): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${timeoutMs()}`);
    const out = await work(client);
    await client.query('COMMIT');
    return out;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    if ((e as { code?: string }).code === '57014') throw timedOut();
    throw e;
  } finally {
    client.release();
  }
}

const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));
const num = (v: string | number | null) => (v === null ? null : Number(v));
/** Upper case without accents, as the Receita writes addresses. */
const plain = (v: string) => v.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
const likePrefix = (v: string) => `${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** An import's source as the pages name it: its last segment (`2026-10/`, the folder's name). */
export const sourceName = (source: string) => source.replace(/^.*[\\/](?=[^\\/]+[\\/]?$)/, '');

/** Whether any establishment is loaded (a fresh install has none). */
export async function receitaImported(pool: pg.Pool): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM rf_estabelecimentos LIMIT 1');
  return (rowCount ?? 0) > 0;
}

export async function status(pool: pg.Pool): Promise<ProspectStatus> {
  const { rows } = await pool.query<{ finished_at: Date; establishments: string; source: string }>(
    'SELECT finished_at, establishments, source FROM rf_imports ORDER BY id DESC LIMIT 1',
  );
  const last = rows[0];
  return {
    imported: await receitaImported(pool),
    importedAt: last ? last.finished_at.toISOString() : null,
    establishments: last ? Number(last.establishments) : 0,
    source: last ? sourceName(last.source) : null,
  };
}

/** The WHERE clause over `rf_estabelecimentos e` and its parameters. */
export function whereOf(f: ProspectSearch): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const w: string[] = [];
  if (f.situacao !== 'todas') w.push(`e.situacao = ${p(f.situacao)}`);
  if (f.cnae) {
    if (f.cnaeEscopo === 'qualquer' && f.cnae.length === 7) w.push(`(e.cnae_principal = ${p(f.cnae)} OR e.cnaes_secundarias @> ARRAY[${p(f.cnae)}]::text[])`);
    else if (f.cnae.length === 7) w.push(`e.cnae_principal = ${p(f.cnae)}`);
    else w.push(`e.cnae_principal LIKE ${p(likePrefix(f.cnae))}`);
  }
  if (f.uf) w.push(`e.uf = ${p(f.uf)}`);
  if (f.municipio) w.push(`e.municipio = ${p(f.municipio.padStart(4, '0'))}`);
  if (f.bairro) w.push(`e.bairro LIKE ${p(likePrefix(plain(f.bairro)))}`);
  if (f.cep) w.push(`e.cep LIKE ${p(likePrefix(f.cep))}`);
  if (f.porte) w.push(`e.porte = ${p(f.porte)}`);
  if (f.aberturaDe) w.push(`e.data_inicio >= ${p(f.aberturaDe)}::date`);
  if (f.aberturaAte) w.push(`e.data_inicio <= ${p(f.aberturaAte)}::date`);
  if (f.comTelefone !== undefined) w.push(f.comTelefone ? `e.telefone1 IS NOT NULL` : `e.telefone1 IS NULL`);
  if (f.comEmail !== undefined) w.push(f.comEmail ? `e.email IS NOT NULL` : `e.email IS NULL`);
  const emp: string[] = [];
  if (f.natureza) emp.push(`emp.natureza_juridica = ${p(f.natureza)}`);
  if (f.capitalMin !== undefined) emp.push(`emp.capital_cents >= ${p(f.capitalMin)}`);
  if (f.capitalMax !== undefined) emp.push(`emp.capital_cents <= ${p(f.capitalMax)}`);
  if (emp.length) w.push(`EXISTS (SELECT 1 FROM rf_empresas emp WHERE emp.cnpj_basico = e.cnpj_basico AND ${emp.join(' AND ')})`);
  const simples = (col: string, yes: boolean) =>
    `${yes ? '' : 'NOT '}EXISTS (SELECT 1 FROM rf_simples si WHERE si.cnpj_basico = e.cnpj_basico AND si.${col} = 'S')`;
  if (f.simples !== undefined) w.push(simples('opcao_simples', f.simples));
  if (f.mei !== undefined) w.push(simples('opcao_mei', f.mei));
  return { where: w.length ? `WHERE ${w.join(' AND ')}` : '', params };
}

const ORDER = { cnpj: 'e.cnpj', abertura_desc: 'e.data_inicio DESC NULLS LAST, e.cnpj', abertura_asc: 'e.data_inicio ASC NULLS LAST, e.cnpj' } as const;

type SearchRow = {
  cnpj: string;
  razao_social: string | null;
  nome_fantasia: string | null;
  situacao: string | null;
  uf: string | null;
  municipio: string | null;
  bairro: string | null;
  cnae_principal: string | null;
  cnae_descricao: string | null;
  porte: string | null;
  capital_cents: string | null;
  data_inicio: Date | null;
  tem_telefone: boolean;
  tem_email: boolean;
};

export async function search(pool: pg.Pool, f: ProspectSearch): Promise<ProspectSearchResult> {
  const { where, params } = whereOf(f);
  return withTimeout(pool, async (client) => {
    const counted = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM rf_estabelecimentos e ${where} LIMIT ${EXACT_COUNT_LIMIT + 1}) t`, params);
    let count = counted.rows[0]!.n;
    const countExact = count <= EXACT_COUNT_LIMIT;
    if (!countExact) {
      const plan = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`EXPLAIN (FORMAT JSON) SELECT 1 FROM rf_estabelecimentos e ${where}`, params);
      count = Math.max(EXACT_COUNT_LIMIT + 1, Math.round(plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows']));
    }
    const order = ORDER[f.ordem];
    const offset = (f.pagina - 1) * f.porPagina;
    const { rows } = await client.query<SearchRow>(
      `SELECT e.cnpj, emp.razao_social, e.nome_fantasia, e.situacao, e.uf, m.descricao AS municipio, e.bairro, e.cnae_principal, c.descricao AS cnae_descricao,
              e.porte, emp.capital_cents, e.data_inicio, e.telefone1 IS NOT NULL AS tem_telefone, e.email IS NOT NULL AS tem_email
         FROM (SELECT * FROM rf_estabelecimentos e ${where} ORDER BY ${order} LIMIT ${f.porPagina} OFFSET ${offset}) e
         LEFT JOIN rf_empresas emp ON emp.cnpj_basico = e.cnpj_basico
         LEFT JOIN rf_cnaes c ON c.codigo = e.cnae_principal
         LEFT JOIN rf_municipios m ON m.codigo = e.municipio
        ORDER BY ${order}`,
      params,
    );
    return {
      rows: rows.map(
        (r): ProspectRow => ({
          cnpj: r.cnpj,
          razaoSocial: r.razao_social ?? '',
          nomeFantasia: r.nome_fantasia,
          situacao: r.situacao,
          uf: r.uf,
          municipio: r.municipio,
          bairro: r.bairro,
          cnaePrincipal: r.cnae_principal,
          cnaeDescricao: r.cnae_descricao,
          porte: r.porte,
          capitalCents: num(r.capital_cents),
          dataInicio: iso(r.data_inicio),
          temTelefone: r.tem_telefone,
          temEmail: r.tem_email,
        }),
      ),
      count,
      countExact,
      pagina: f.pagina,
      porPagina: f.porPagina,
    };
  });
}

const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇ';
const UNACCENTED = 'aaaaaeeeeiiiiooooouuuucAAAAAEEEEIIIIOOOOOUUUUC';

/** CNAE autocomplete: by code prefix (digits) or by words of the description. */
export async function cnaes(pool: pg.Pool, q: string) {
  const digits = q.replace(/[.\-/\s]/g, '');
  if (/^\d+$/.test(digits)) {
    const { rows } = await pool.query('SELECT codigo, descricao FROM rf_cnaes WHERE codigo LIKE $1 ORDER BY codigo LIMIT 20', [likePrefix(digits)]);
    return rows as { codigo: string; descricao: string }[];
  }
  const { rows } = await pool.query(
    `SELECT codigo, descricao FROM rf_cnaes WHERE lower(translate(descricao, '${ACCENTED}', '${UNACCENTED}')) LIKE $1 ORDER BY codigo LIMIT 20`,
    [`%${plain(q).toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`],
  );
  return rows as { codigo: string; descricao: string }[];
}

export async function municipios(pool: pg.Pool, q: string) {
  const { rows } = await pool.query('SELECT codigo, descricao FROM rf_municipios WHERE descricao LIKE $1 ORDER BY descricao LIMIT 20', [likePrefix(plain(q))]);
  return rows as { codigo: string; descricao: string }[];
}

/** `(11) ****-5060`: the last 4 digits only, until revealed (decision 0203). */
export const maskPhone = (ddd: string | null, number: string | null) => (number ? `${ddd ? `(${ddd}) ` : ''}****-${number.slice(-4)}` : null);
/** `c******@padariaaurora.example`. */
export const maskEmail = (email: string | null) => {
  if (!email) return null;
  const at = email.indexOf('@');
  return at <= 0 ? '******' : `${email[0]}******${email.slice(at)}`;
};

const PARTNER_KIND = { 1: 'PJ', 2: 'PF', 3: 'Estrangeiro' } as const;

/**
 * One CNPJ's whole record in one statement (one round trip, no transaction: every part is a
 * primary-key or indexed lookup, bounded; the p95 target is 10 ms).
 */
export async function company(pool: pg.Pool, cnpj: string): Promise<ProspectCompany> {
  // Prepared once per connection: planning its seven joins and four subqueries cost more than running them.
  const { rows } = await pool.query({
    name: 'prospecting-company',
    text: `SELECT e.*, emp.razao_social, emp.natureza_juridica, emp.capital_cents, nat.descricao AS natureza_descricao, m.descricao AS municipio_nome,
            mo.descricao AS motivo_descricao, c.descricao AS cnae_descricao, si.opcao_simples, si.data_opcao_simples, si.data_exclusao_simples,
            si.opcao_mei, si.data_opcao_mei, si.data_exclusao_mei,
            (SELECT count(*)::int FROM rf_estabelecimentos o WHERE o.cnpj_basico = e.cnpj_basico AND o.cnpj <> e.cnpj) AS outros,
            (SELECT finished_at FROM rf_imports ORDER BY id DESC LIMIT 1) AS imported_at,
            (SELECT coalesce(json_agg(json_build_object('codigo', x.c, 'descricao', cn.descricao) ORDER BY x.o), '[]')
               FROM unnest(e.cnaes_secundarias) WITH ORDINALITY x(c, o) LEFT JOIN rf_cnaes cn ON cn.codigo = x.c) AS secundarias,
            (SELECT coalesce(json_agg(p ORDER BY p.nome), '[]') FROM (
               SELECT s.nome, s.documento, s.identificador, q.descricao AS qualificacao, s.data_entrada, s.faixa_etaria
                 FROM rf_socios s LEFT JOIN rf_qualificacoes q ON q.codigo = s.qualificacao
                WHERE s.cnpj_basico = e.cnpj_basico ORDER BY s.nome LIMIT 200) p) AS socios
       FROM rf_estabelecimentos e
       LEFT JOIN rf_empresas emp ON emp.cnpj_basico = e.cnpj_basico
       LEFT JOIN rf_naturezas nat ON nat.codigo = emp.natureza_juridica
       LEFT JOIN rf_municipios m ON m.codigo = e.municipio
       LEFT JOIN rf_motivos mo ON mo.codigo = e.motivo_situacao
       LEFT JOIN rf_cnaes c ON c.codigo = e.cnae_principal
       LEFT JOIN rf_simples si ON si.cnpj_basico = e.cnpj_basico
      WHERE e.cnpj = $1`,
    values: [cnpj],
  });
  const r = rows[0];
  if (!r) throw notFound(PROSPECTING_MESSAGES.cnpjNotFound);
  type Partner = { nome: string | null; documento: string | null; identificador: number | null; qualificacao: string | null; data_entrada: string | null; faixa_etaria: number | null };
  const phones = [maskPhone(r.ddd1, r.telefone1), maskPhone(r.ddd2, r.telefone2)].filter((x): x is string => x !== null);
  return {
    cnpj: r.cnpj,
    razaoSocial: r.razao_social ?? '',
    nomeFantasia: r.nome_fantasia,
    matriz: r.matriz_filial === 1,
    situacao: r.situacao,
    dataSituacao: iso(r.data_situacao),
    motivoSituacao: r.motivo_descricao ?? r.motivo_situacao,
    situacaoEspecial: r.situacao_especial,
    dataInicio: iso(r.data_inicio),
    endereco: {
      tipoLogradouro: r.tipo_logradouro,
      logradouro: r.logradouro,
      numero: r.numero,
      complemento: r.complemento,
      bairro: r.bairro,
      cep: r.cep,
      municipio: r.municipio_nome,
      municipioCodigo: r.municipio,
      uf: r.uf,
      cidadeExterior: r.cidade_exterior,
    },
    telefones: phones,
    email: maskEmail(r.email),
    contatosRevelados: false,
    cnaePrincipal: r.cnae_principal ? { codigo: r.cnae_principal, descricao: r.cnae_descricao } : null,
    cnaesSecundarias: r.secundarias as { codigo: string; descricao: string | null }[],
    naturezaJuridica: r.natureza_juridica ? { codigo: r.natureza_juridica, descricao: r.natureza_descricao } : null,
    porte: r.porte,
    capitalCents: num(r.capital_cents),
    simples: r.opcao_simples ? { optante: r.opcao_simples === 'S', dataOpcao: iso(r.data_opcao_simples), dataExclusao: iso(r.data_exclusao_simples) } : null,
    mei: r.opcao_mei ? { optante: r.opcao_mei === 'S', dataOpcao: iso(r.data_opcao_mei), dataExclusao: iso(r.data_exclusao_mei) } : null,
    socios: (r.socios as Partner[]).map((s) => ({
      nome: s.nome,
      documento: s.documento,
      qualificacao: s.qualificacao,
      dataEntrada: iso(s.data_entrada),
      faixaEtaria: s.faixa_etaria,
      tipo: PARTNER_KIND[s.identificador as 1 | 2 | 3] ?? null,
    })),
    outrosEstabelecimentos: r.outros,
    importedAt: r.imported_at ? (r.imported_at as Date).toISOString() : null,
  };
}
