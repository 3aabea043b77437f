import { z } from 'zod';
import { safeText } from '../text.ts';

/**
 * /extrair-leads-cnpj and /cnpj-search over the Receita Federal open CNPJ data (issue 14;
 * decisions 0200–0204): the search filters (query string), the answers, and their pt-BR texts.
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

/** One search result: no contacts (they are revealed as a paid action, decision 0203). */
export type ProspectRow = {
  cnpj: string;
  razaoSocial: string;
  nomeFantasia: string | null;
  situacao: string | null;
  uf: string | null;
  municipio: string | null;
  bairro: string | null;
  cnaePrincipal: string | null;
  cnaeDescricao: string | null;
  porte: string | null;
  capitalCents: number | null;
  dataInicio: string | null;
  temTelefone: boolean;
  temEmail: boolean;
};

export type ProspectSearchResult = {
  rows: ProspectRow[];
  /** Exact up to EXACT_COUNT_LIMIT; above it PostgreSQL's estimate (`countExact: false`). */
  count: number;
  countExact: boolean;
  pagina: number;
  porPagina: number;
};

export type ProspectStatus = { imported: boolean; importedAt: string | null; establishments: number; source: string | null };

export type ProspectCompany = {
  cnpj: string;
  razaoSocial: string;
  nomeFantasia: string | null;
  matriz: boolean;
  situacao: string | null;
  dataSituacao: string | null;
  motivoSituacao: string | null;
  situacaoEspecial: string | null;
  dataInicio: string | null;
  endereco: { tipoLogradouro: string | null; logradouro: string | null; numero: string | null; complemento: string | null; bairro: string | null; cep: string | null; municipio: string | null; municipioCodigo: string | null; uf: string | null; cidadeExterior: string | null };
  /** Masked until revealed (decision 0203): `(11) ****-5060`. */
  telefones: string[];
  /** Masked until revealed: `c******@padariaaurora.example`. */
  email: string | null;
  contatosRevelados: false;
  cnaePrincipal: { codigo: string; descricao: string | null } | null;
  cnaesSecundarias: { codigo: string; descricao: string | null }[];
  naturezaJuridica: { codigo: string; descricao: string | null } | null;
  porte: string | null;
  capitalCents: number | null;
  simples: { optante: boolean; dataOpcao: string | null; dataExclusao: string | null } | null;
  mei: { optante: boolean; dataOpcao: string | null; dataExclusao: string | null } | null;
  socios: { nome: string | null; documento: string | null; qualificacao: string | null; dataEntrada: string | null; faixaEtaria: number | null; tipo: 'PJ' | 'PF' | 'Estrangeiro' | null }[];
  outrosEstabelecimentos: number;
  importedAt: string | null;
};

/** `cnae` → `1091-1/02`. */
export const formatCnae = (code: string) => (code.length === 7 ? `${code.slice(0, 4)}-${code.slice(4, 5)}/${code.slice(5)}` : code);
