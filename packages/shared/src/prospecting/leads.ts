import { z } from 'zod';
import { isValidCnpj, normalizeCnpjInput } from '../cnpj.ts';
import { MAX_QUANTITY } from '../platform/prices.ts';
import { safeText } from '../text.ts';

/**
 * Leads of the Receita Federal data a company works with (decisions
 * 0205–0209): revealing contacts, exporting CSV, sending to a CRM list, /extrair-leads.
 */

/** Leads one reveal charges at once: the platform's most units per paid action. */
export const MAX_REVEAL = MAX_QUANTITY;
/** Leads one export or one send to a CRM list takes (the selection or the filtered result). */
export const MAX_EXPORT = 5_000;
/** CNPJs one /extrair-leads run reads (pasted or uploaded). */
export const MAX_EXTRACT = 10_000;
/** CNPJs one run reads when the Receita data is not imported: each one is asked of the public providers (decision 0418). */
export const MAX_PROVIDER_EXTRACT = 50;
/** Characters a paste may have (10,000 formatted CNPJs with separators fit in ~200,000). */
export const MAX_PASTE_CHARS = 400_000;
/** Bytes of an uploaded CSV/XLSX (sent as base64 inside the 1 MB JSON body). */
export const MAX_UPLOAD_BYTES = 700 * 1024;

export const LEADS_MESSAGES = {
  cnpjs: 'Informe ao menos um CNPJ.',
  tooManyReveal: `Revele no máximo ${MAX_REVEAL.toLocaleString('pt-BR')} leads por vez.`,
  tooManyExport: `Exporte ou envie no máximo ${MAX_EXPORT.toLocaleString('pt-BR')} leads por vez; refine os filtros ou a seleção.`,
  tooManyExtract: `Envie no máximo ${MAX_EXTRACT.toLocaleString('pt-BR')} CNPJs por vez; divida a lista em partes.`,
  tooManyForProviders: `Sem a base da Receita Federal importada, cada CNPJ é consultado nas fontes públicas: envie no máximo ${MAX_PROVIDER_EXTRACT} por vez.`,
  notInReceita: 'Não encontrado na base da Receita Federal importada.',
  notInProviders: 'Não encontrado na consulta pública de CNPJ.',
  providersBusy: 'Não consultado: as fontes públicas receberam muitas consultas seguidas; envie este de novo em alguns instantes.',
  providersDown: 'A consulta pública de CNPJ não respondeu; envie este de novo em alguns instantes.',
  pasteTooLong: `O texto colado é grande demais (máximo de ${MAX_PASTE_CHARS.toLocaleString('pt-BR')} caracteres, cerca de ${MAX_EXTRACT.toLocaleString('pt-BR')} CNPJs).`,
  nothing: 'Cole uma lista de CNPJs ou envie um arquivo CSV ou XLSX.',
  fileTooLarge: `Arquivo grande demais: envie até ${Math.round(MAX_UPLOAD_BYTES / 1024)} KB (cerca de ${MAX_EXTRACT.toLocaleString('pt-BR')} CNPJs) ou divida-o.`,
  fileUnreadable: 'Não foi possível ler o arquivo: envie um CSV ou uma planilha XLSX.',
  noCnpjColumn: 'Nenhuma coluna de CNPJ foi encontrada no arquivo: inclua uma coluna com o título "CNPJ" ou com CNPJs válidos.',
  noValidCnpj: 'Nenhum CNPJ válido foi encontrado no texto.',
  invalidCnpj: 'CNPJ inválido (dígitos verificadores não conferem).',
  wrongLength: 'Não tem 14 caracteres de CNPJ.',
  selection: 'Selecione leads ou use os filtros da busca.',
  listName: 'Informe o nome da nova lista (até 120 caracteres).',
  savedName: 'Informe um nome para a busca (até 80 caracteres).',
  savedFilters: 'Filtros inválidos.',
  savedNotFound: 'Busca salva não encontrada.',
  tooManySaved: 'A empresa já tem 100 buscas salvas; exclua alguma antes de salvar outra.',
  exportNotFound: 'Exportação não encontrada.',
} as const;

const cnpjList = (max: number, message: string) => z.array(z.string().max(40), { error: LEADS_MESSAGES.cnpjs }).min(1, LEADS_MESSAGES.cnpjs).max(max, message);

export const revealSchema = z.object({ cnpjs: cnpjList(MAX_REVEAL, LEADS_MESSAGES.tooManyReveal) });
export const contactsSchema = z.object({ cnpjs: cnpjList(MAX_REVEAL, LEADS_MESSAGES.tooManyReveal) });

/** The leads an export or a send takes: the chosen CNPJs, or the search's filters (first MAX_EXPORT results). */
export const leadsSelectionSchema = z
  .object({
    cnpjs: cnpjList(MAX_EXPORT, LEADS_MESSAGES.tooManyExport).optional(),
    filtros: z.record(z.string().max(40), z.string().max(200), { error: LEADS_MESSAGES.selection }).optional(),
  }, { error: LEADS_MESSAGES.selection })
  .refine((v) => (v.cnpjs === undefined) !== (v.filtros === undefined), { message: LEADS_MESSAGES.selection });
export type LeadsSelection = z.infer<typeof leadsSelectionSchema>;

export const sendToListSchema = z.object({
  selection: leadsSelectionSchema,
  /** An existing CRM list of the company, or the name of a new one. */
  listId: z.uuid().optional(),
  listName: safeText().trim().min(1, LEADS_MESSAGES.listName).max(120, LEADS_MESSAGES.listName).optional(),
}).refine((v) => Boolean(v.listId) !== Boolean(v.listName), { message: 'Escolha uma lista existente ou informe o nome de uma nova.' });

export const extractSchema = z.object({
  text: z.string().max(MAX_PASTE_CHARS, LEADS_MESSAGES.pasteTooLong).optional(),
  file: z.object({ name: z.string().max(255), base64: z.string().max(Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 4, LEADS_MESSAGES.fileTooLarge) }).optional(),
});

export const savedSearchSchema = z.object({
  name: safeText().trim().min(1, LEADS_MESSAGES.savedName).max(80, LEADS_MESSAGES.savedName),
  filters: z
    .record(z.string().max(40), z.string().max(200), { error: LEADS_MESSAGES.savedFilters })
    .refine((v) => Object.keys(v).length <= 30, LEADS_MESSAGES.savedFilters),
});

/** A lead as the tables show it: contacts masked until the company revealed it. */
export const leadRowSchema = z.object({
  cnpj: z.string(),
  razaoSocial: z.string(),
  nomeFantasia: z.string().nullable(),
  situacao: z.string().nullable(),
  cnaePrincipal: z.string().nullable(),
  cnaeDescricao: z.string().nullable(),
  municipio: z.string().nullable(),
  uf: z.string().nullable(),
  porte: z.string().nullable(),
  telefones: z.array(z.string()),
  email: z.string().nullable(),
  /** Has a phone or an e-mail to reveal. */
  temContato: z.boolean(),
  revelado: z.boolean(),
  /** Where a row read from a public provider came from (its key: brasilapi, cnpjws…); absent for the imported data. */
  fonte: z.string().optional(),
});
export type LeadRow = z.infer<typeof leadRowSchema>;
export const leadRowListSchema = z.object({ leads: z.array(leadRowSchema) });

export const revealResultSchema = z.object({ leads: z.array(leadRowSchema), revealedNow: z.number(), charged: z.number(), balance: z.number() });
export type RevealResult = z.infer<typeof revealResultSchema>;
export const leadsQuoteSchema = z.object({ total: z.number(), toReveal: z.number(), coins: z.number() });
export type LeadsQuote = z.infer<typeof leadsQuoteSchema>;
const extractProblemSchema = z.object({ line: z.number(), value: z.string(), reason: z.string() });
export type ExtractProblem = z.infer<typeof extractProblemSchema>;
/**
 * `origem`: 'receita' — the imported open data; 'consulta_publica' — no data imported, each CNPJ
 * asked of the public providers (decision 0418; no reveal, export or send for those rows).
 */
export const extractResultSchema = z.object({
  rows: z.array(leadRowSchema),
  notFound: z.array(extractProblemSchema),
  invalid: z.array(extractProblemSchema),
  duplicates: z.number(),
  read: z.number(),
  origem: z.enum(['receita', 'consulta_publica']),
});
export type ExtractResult = z.infer<typeof extractResultSchema>;
export const savedSearchViewSchema = z.object({ id: z.string(), name: z.string(), filters: z.record(z.string(), z.string()), createdAt: z.string() });
export type SavedSearch = z.infer<typeof savedSearchViewSchema>;
export const savedSearchListSchema = z.object({ items: z.array(savedSearchViewSchema) });
export const sendToListResultSchema = z.object({ jobId: z.string(), listId: z.string(), total: z.number(), charged: z.number() });
export type SendToListResult = z.infer<typeof sendToListResultSchema>;

/**
 * One candidate CNPJ from free text or a cell: mask characters stripped, upper case; a number
 * that lost its leading zeros in a spreadsheet (12 or 13 digits) is padded back when that makes
 * it valid.
 */
export function parseCnpjToken(raw: string): { cnpj: string } | { reason: string } {
  const v = normalizeCnpjInput(raw).replace(/^"+|"+$/g, '');
  if (/^\d{12,13}$/.test(v) && isValidCnpj(v.padStart(14, '0'))) return { cnpj: v.padStart(14, '0') };
  if (v.length !== 14) return { reason: LEADS_MESSAGES.wrongLength };
  return isValidCnpj(v) ? { cnpj: v } : { reason: LEADS_MESSAGES.invalidCnpj };
}

/** A pasted list: one CNPJ a line, or separated by commas, semicolons, tabs or spaces. */
export function splitPaste(text: string): { line: number; value: string }[] {
  const out: { line: number; value: string }[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    // Spaces inside a formatted CNPJ ("12.345.678/0001-90") do not occur; spaces separate.
    for (const value of line.split(/[\s,;|]+/)) if (value.trim()) out.push({ line: i + 1, value: value.trim() });
  });
  return out;
}
