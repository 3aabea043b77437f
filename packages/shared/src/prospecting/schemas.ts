import { z } from 'zod';
import { safeText } from '../text.ts';

/**
 * /extrair-leads-cnpj and /cnpj-search over the Receita Federal open CNPJ data (decisions
 * 0200–0204): the search filters (query string), the answers, and their pt-BR texts.
 */

export const UFS = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO', 'EX'] as const;

export const SITUACOES = { '01': 'Nula', '02': 'Ativa', '03': 'Suspensa', '04': 'Inapta', '08': 'Baixada' } as const;
export const PORTES = { '00': 'Não informado', '01': 'Microempresa', '03': 'Empresa de pequeno porte', '05': 'Demais' } as const;
export type Situacao = keyof typeof SITUACOES;
export type Porte = keyof typeof PORTES;

/** Exact counts stop here; above it the count is PostgreSQL's estimate, labelled as such. */
export const EXACT_COUNT_LIMIT = 10_000;
export const MAX_PAGE_SIZE = 100;
/** Paging reaches the first 10,000 results; narrower filters reach the rest. */
export const MAX_OFFSET = 10_000;

export const PROSPECTING_MESSAGES = {
  cnae: 'CNAE inválido: use de 2 a 7 dígitos (ex.: 4721102 ou 47).',
  cnaeAny: 'Para buscar também nos CNAEs secundários, informe o código completo de 7 dígitos.',
  uf: 'UF inválida.',
  municipio: 'Município inválido: use o código da Receita (até 4 dígitos).',
  cep: 'Início de CEP inválido: use de 2 a 8 dígitos.',
  date: 'Data inválida (use AAAA-MM-DD).',
  dateOrder: 'A data inicial de abertura deve ser anterior ou igual à final.',
  capital: 'Capital social inválido.',
  capitalOrder: 'O capital mínimo deve ser menor ou igual ao máximo.',
  page: `A paginação alcança os primeiros ${MAX_OFFSET.toLocaleString('pt-BR')} resultados; refine os filtros para ver os demais.`,
  text: 'Texto de busca muito longo.',
  timeout: 'A busca demorou demais e foi interrompida. Refine os filtros (por exemplo, escolha uma UF, um município ou um CNAE) e tente de novo.',
  noData: 'A base da Receita Federal ainda não foi importada neste servidor.',
  cnpjNotFound: 'CNPJ não encontrado na base da Receita Federal importada.',
} as const;

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');
const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const text = (max: number) => safeText({ error: PROSPECTING_MESSAGES.text }).trim().max(max, PROSPECTING_MESSAGES.text);
/** Reais in the query string ("1500", "1500,50", "1500.50") → cents. */
const reais = z
  .string()
  .trim()
  .regex(/^\d{1,13}([.,]\d{1,2})?$/, PROSPECTING_MESSAGES.capital)
  .transform((v) => Math.round(Number(v.replace(',', '.')) * 100));

export const SORTS = {
  cnpj: 'CNPJ',
  abertura_desc: 'Abertura mais recente',
  abertura_asc: 'Abertura mais antiga',
} as const;
export type ProspectSort = keyof typeof SORTS;

export const prospectSearchSchema = z
  .object({
    cnae: z.string().trim().regex(/^\d{2,7}$/, PROSPECTING_MESSAGES.cnae).optional(),
    /** 'principal' (default): the main CNAE starts with `cnae`; 'qualquer': main or secondary (exact code). */
    cnaeEscopo: z.enum(['principal', 'qualquer']).default('principal'),
    uf: z.enum(UFS, { error: PROSPECTING_MESSAGES.uf }).optional(),
    municipio: z.string().trim().regex(/^\d{1,4}$/, PROSPECTING_MESSAGES.municipio).optional(),
    bairro: text(80).optional(),
    cep: z.string().trim().regex(/^\d{2,8}$/, PROSPECTING_MESSAGES.cep).optional(),
    /** Ativa by default; 'todas' for every situation. */
    situacao: z.enum(['01', '02', '03', '04', '08', 'todas']).default('02'),
    porte: z.enum(['00', '01', '03', '05']).optional(),
    natureza: z.string().trim().regex(/^\d{4}$/, 'Natureza jurídica inválida (4 dígitos).').optional(),
    simples: boolParam.optional(),
    mei: boolParam.optional(),
    aberturaDe: z.string().regex(ISO_DATE, PROSPECTING_MESSAGES.date).optional(),
    aberturaAte: z.string().regex(ISO_DATE, PROSPECTING_MESSAGES.date).optional(),
    capitalMin: reais.optional(),
    capitalMax: reais.optional(),
    comTelefone: boolParam.optional(),
    comEmail: boolParam.optional(),
    ordem: z.enum(Object.keys(SORTS) as [ProspectSort, ...ProspectSort[]]).default('cnpj'),
    pagina: z.coerce.number().int().min(1).default(1),
    porPagina: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  })
  .superRefine((f, ctx) => {
    if (f.cnae && f.cnaeEscopo === 'qualquer' && f.cnae.length !== 7) ctx.addIssue({ code: 'custom', message: PROSPECTING_MESSAGES.cnaeAny });
    if (f.aberturaDe && f.aberturaAte && f.aberturaDe > f.aberturaAte) ctx.addIssue({ code: 'custom', message: PROSPECTING_MESSAGES.dateOrder });
    if (f.capitalMin !== undefined && f.capitalMax !== undefined && f.capitalMin > f.capitalMax) ctx.addIssue({ code: 'custom', message: PROSPECTING_MESSAGES.capitalOrder });
    if ((f.pagina - 1) * f.porPagina >= MAX_OFFSET) ctx.addIssue({ code: 'custom', message: PROSPECTING_MESSAGES.page });
  });
export type ProspectSearch = z.output<typeof prospectSearchSchema>;

export const lookupQuerySchema = z.object({ q: text(60).default(''), uf: z.enum(UFS, { error: PROSPECTING_MESSAGES.uf }).optional() });

const orNull = z.string().nullable();

/** One search result: no contacts (they are revealed as a paid action, decision 0203). */
export const prospectRowSchema = z.object({
  cnpj: z.string(),
  razaoSocial: z.string(),
  nomeFantasia: orNull,
  situacao: orNull,
  uf: orNull,
  municipio: orNull,
  bairro: orNull,
  cnaePrincipal: orNull,
  cnaeDescricao: orNull,
  porte: orNull,
  capitalCents: z.number().nullable(),
  dataInicio: orNull,
  temTelefone: z.boolean(),
  temEmail: z.boolean(),
});
export type ProspectRow = z.infer<typeof prospectRowSchema>;

export const prospectSearchResultSchema = z.object({
  rows: z.array(prospectRowSchema),
  /** Exact up to EXACT_COUNT_LIMIT; above it PostgreSQL's estimate (`countExact: false`). */
  count: z.number(),
  countExact: z.boolean(),
  pagina: z.number(),
  porPagina: z.number(),
});
export type ProspectSearchResult = z.infer<typeof prospectSearchResultSchema>;

export const prospectStatusSchema = z.object({ imported: z.boolean(), importedAt: orNull, establishments: z.number(), source: orNull });
export type ProspectStatus = z.infer<typeof prospectStatusSchema>;

const codeSchema = z.object({ codigo: z.string(), descricao: orNull });
const regimeSchema = z.object({ optante: z.boolean(), dataOpcao: orNull, dataExclusao: orNull });
export const prospectCompanySchema = z.object({
  cnpj: z.string(),
  razaoSocial: z.string(),
  nomeFantasia: orNull,
  matriz: z.boolean(),
  situacao: orNull,
  dataSituacao: orNull,
  motivoSituacao: orNull,
  situacaoEspecial: orNull,
  dataInicio: orNull,
  endereco: z.object({
    tipoLogradouro: orNull,
    logradouro: orNull,
    numero: orNull,
    complemento: orNull,
    bairro: orNull,
    cep: orNull,
    municipio: orNull,
    municipioCodigo: orNull,
    uf: orNull,
    cidadeExterior: orNull,
  }),
  /** Masked until revealed (decision 0203): `(11) ****-5060`. */
  telefones: z.array(z.string()),
  /** Masked until revealed: `c******@padariaaurora.example`. */
  email: orNull,
  /** The caller's company revealed them: `telefones` and `email` in full. */
  contatosRevelados: z.boolean(),
  cnaePrincipal: codeSchema.nullable(),
  cnaesSecundarias: z.array(codeSchema),
  naturezaJuridica: codeSchema.nullable(),
  porte: orNull,
  capitalCents: z.number().nullable(),
  simples: regimeSchema.nullable(),
  mei: regimeSchema.nullable(),
  socios: z.array(
    z.object({ nome: orNull, documento: orNull, qualificacao: orNull, dataEntrada: orNull, faixaEtaria: z.number().nullable(), tipo: z.enum(['PJ', 'PF', 'Estrangeiro']).nullable() }),
  ),
  outrosEstabelecimentos: z.number(),
  importedAt: orNull,
});
export type ProspectCompany = z.infer<typeof prospectCompanySchema>;

/** The CNAE and município pickers' suggestions. */
const suggestionSchema = z.object({ codigo: z.string(), descricao: z.string() });
export const cnaeListSchema = z.object({ cnaes: z.array(suggestionSchema) });
export const municipioListSchema = z.object({ municipios: z.array(suggestionSchema) });

/** `cnae` → `1091-1/02`. */
export const formatCnae = (code: string) => (code.length === 7 ? `${code.slice(0, 4)}-${code.slice(4, 5)}/${code.slice(5)}` : code);
