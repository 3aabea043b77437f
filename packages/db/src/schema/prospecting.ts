import { sql } from 'drizzle-orm';
import { bigint, char, date, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The Receita Federal open CNPJ data (decision 0200). Reference data, the same for
 * every company: no `company_id`, never exported with a company's data. The importer
 * (`apps/server/src/modules/prospecting/importer/`) loads each month into `<table>_new` copies
 * with COPY, builds these indexes there (their definitions are read from the live tables), and
 * swaps the tables in one transaction. CNPJs are text (alphanumeric CNPJs: 12 characters
 * 0-9/A-Z + 2 digits). Codes keep their leading zeros as the Receita writes them.
 */

export const rfEmpresas = pgTable('rf_empresas', {
  cnpjBasico: char('cnpj_basico', { length: 8 }).primaryKey(),
  razaoSocial: text('razao_social').notNull(),
  naturezaJuridica: text('natureza_juridica'),
  qualificacaoResponsavel: text('qualificacao_responsavel'),
  /** Capital social in cents ("1061004829,23" → 106100482923). */
  capitalCents: bigint('capital_cents', { mode: 'number' }),
  /** '00' não informado, '01' micro, '03' pequeno porte, '05' demais. */
  porte: char('porte', { length: 2 }),
  enteFederativo: text('ente_federativo'),
});

export const rfEstabelecimentos = pgTable(
  'rf_estabelecimentos',
  {
    /** The full 14 characters: basico + ordem + dv. */
    cnpj: char('cnpj', { length: 14 }).primaryKey(),
    cnpjBasico: char('cnpj_basico', { length: 8 }).notNull(),
    /** 1 matriz, 2 filial. */
    matrizFilial: smallint('matriz_filial'),
    nomeFantasia: text('nome_fantasia'),
    /** '01' nula, '02' ativa, '03' suspensa, '04' inapta, '08' baixada. */
    situacao: char('situacao', { length: 2 }),
    dataSituacao: date('data_situacao'),
    motivoSituacao: text('motivo_situacao'),
    cidadeExterior: text('cidade_exterior'),
    pais: text('pais'),
    dataInicio: date('data_inicio'),
    cnaePrincipal: char('cnae_principal', { length: 7 }),
    cnaesSecundarias: text('cnaes_secundarias').array(),
    tipoLogradouro: text('tipo_logradouro'),
    logradouro: text('logradouro'),
    numero: text('numero'),
    complemento: text('complemento'),
    bairro: text('bairro'),
    cep: char('cep', { length: 8 }),
    uf: char('uf', { length: 2 }),
    /** The Receita's (SIAFI) municipality code, not IBGE's. */
    municipio: text('municipio'),
    ddd1: text('ddd1'),
    telefone1: text('telefone1'),
    ddd2: text('ddd2'),
    telefone2: text('telefone2'),
    dddFax: text('ddd_fax'),
    fax: text('fax'),
    email: text('email'),
    situacaoEspecial: text('situacao_especial'),
    dataSituacaoEspecial: date('data_situacao_especial'),
    /** Copied from rf_empresas at import (decision 0200): the "CNAE prefix + porte + situação" filter needs it here. */
    porte: char('porte', { length: 2 }),
  },
  (t) => [
    index('rf_estab_basico_idx').on(t.cnpjBasico),
    index('rf_estab_uf_cnae_idx').on(t.uf, t.cnaePrincipal, t.situacao),
    index('rf_estab_municipio_cnae_idx').on(t.municipio, t.cnaePrincipal, t.situacao),
    index('rf_estab_cnae_porte_idx').on(sql`${t.cnaePrincipal} bpchar_pattern_ops`, t.porte, t.situacao),
    index('rf_estab_cnaes_sec_idx').using('gin', t.cnaesSecundarias),
    // /deep-search (decision 0240): the same phone (DDD + number, either of the two phones) and the
    // same address (CEP + street + number, spaces collapsed; 'S/N' and blank numbers never match).
    index('rf_estab_fone1_idx').on(sql`(coalesce(${t.ddd1}, '') || ${t.telefone1})`).where(sql`${t.telefone1} IS NOT NULL`),
    index('rf_estab_fone2_idx').on(sql`(coalesce(${t.ddd2}, '') || ${t.telefone2})`).where(sql`${t.telefone2} IS NOT NULL`),
    index('rf_estab_endereco_idx')
      .on(t.cep, sql`regexp_replace(${t.logradouro}, '[[:space:]]+', ' ', 'g')`, sql`regexp_replace(${t.numero}, '[[:space:]]+', '', 'g')`)
      .where(sql`${t.cep} IS NOT NULL AND ${t.logradouro} IS NOT NULL AND ${t.numero} IS NOT NULL AND ${t.numero} NOT IN ('S/N', 'SN', '0', '')`),
  ],
);

export const rfSocios = pgTable(
  'rf_socios',
  {
    cnpjBasico: char('cnpj_basico', { length: 8 }).notNull(),
    /** 1 pessoa jurídica, 2 pessoa física, 3 estrangeiro. */
    identificador: smallint('identificador'),
    nome: text('nome'),
    /** A CNPJ, or the CPF masked as the Receita publishes it (`***123456**`). */
    documento: text('documento'),
    qualificacao: text('qualificacao'),
    dataEntrada: date('data_entrada'),
    pais: text('pais'),
    representanteDocumento: text('representante_documento'),
    representanteNome: text('representante_nome'),
    representanteQualificacao: text('representante_qualificacao'),
    faixaEtaria: smallint('faixa_etaria'),
  },
  // (nome, documento): /deep-search matches a partner by name AND the document as published (decision 0240).
  (t) => [index('rf_socios_basico_idx').on(t.cnpjBasico), index('rf_socios_nome_doc_idx').on(t.nome, t.documento)],
);

export const rfSimples = pgTable('rf_simples', {
  cnpjBasico: char('cnpj_basico', { length: 8 }).primaryKey(),
  opcaoSimples: char('opcao_simples', { length: 1 }),
  dataOpcaoSimples: date('data_opcao_simples'),
  dataExclusaoSimples: date('data_exclusao_simples'),
  opcaoMei: char('opcao_mei', { length: 1 }),
  dataOpcaoMei: date('data_opcao_mei'),
  dataExclusaoMei: date('data_exclusao_mei'),
});

const lookup = (name: string) =>
  pgTable(name, {
    codigo: text('codigo').primaryKey(),
    descricao: text('descricao').notNull(),
  });

export const rfCnaes = lookup('rf_cnaes');
export const rfMunicipios = lookup('rf_municipios');
export const rfNaturezas = lookup('rf_naturezas');
export const rfQualificacoes = lookup('rf_qualificacoes');
export const rfPaises = lookup('rf_paises');
export const rfMotivos = lookup('rf_motivos');

/** One row per finished import (what the pages show as the data's date and size). */
export const rfImports = pgTable('rf_imports', {
  id: serial('id').primaryKey(),
  source: text('source').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  establishments: bigint('establishments', { mode: 'number' }).notNull(),
  totalRows: bigint('total_rows', { mode: 'number' }).notNull(),
  seconds: integer('seconds').notNull(),
});

/**
 * The upkeep of the data (decision 0415): one row per refresh check or import run, whoever
 * started it (the daily schedule, an operator from /admin, the CLI). A running row carries the
 * stage and progress; the admin card reads the latest rows. Installation-wide, no company: it
 * never names who started a run, only how (`trigger`).
 */
export const rfRefreshRuns = pgTable('rf_refresh_runs', {
  id: serial('id').primaryKey(),
  /** 'schedule' (the daily check), 'manual' (Atualizar agora), 'cli' (npm run receita:import). */
  trigger: text('trigger').notNull(),
  /** 'running', 'imported', 'up_to_date', 'failed'. */
  status: text('status').notNull().default('running'),
  /** The month folder or base imported (null until known). */
  source: text('source'),
  stage: text('stage'),
  done: bigint('done', { mode: 'number' }),
  total: bigint('total', { mode: 'number' }),
  /** pt-BR: what happened (a failure's reason). */
  message: text('message'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
