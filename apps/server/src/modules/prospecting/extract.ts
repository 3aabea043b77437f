import { isValidCnpj } from '@sede/shared/cnpj';
import {
  LEADS_MESSAGES,
  MAX_EXTRACT,
  MAX_PROVIDER_EXTRACT,
  MAX_UPLOAD_BYTES,
  parseCnpjToken,
  splitPaste,
  type ExtractProblem,
  type ExtractResult,
} from '@sede/shared/prospecting/leads';
import type { z } from 'zod';
import type { extractSchema } from '@sede/shared/prospecting/leads';
import { AppError, badRequest } from '../../http/errors.ts';
import type { Services, Tenant } from '../../services.ts';
import { readSpreadsheet } from '../../platform/spreadsheets/reader.ts';
import { leadRows } from './leads.ts';
import { providerLeads } from './provider-leads.ts';
import { receitaImported } from './queries.ts';
import { rfPool } from './rf-pool.ts';

/**
 * /extrair-leads (decision 0208): a pasted list or an uploaded CSV/XLSX of
 * CNPJs → the enriched table from the local Receita data, with what was not found or is invalid;
 * without the data imported, from the public providers (decision 0418).
 */

type Candidate = { line: number; value: string };

const looksLikeCnpj = (v: string) => 'cnpj' in parseCnpjToken(v);

/** The CNPJ column: by its title, else the column where most filled cells are valid CNPJs. */
export function cnpjColumn(rows: string[][]): { index: number; header: boolean } | null {
  const width = Math.max(0, ...rows.slice(0, 50).map((r) => r.length));
  const head = rows[0] ?? [];
  const byTitle = head.findIndex((h) => /cnpj/i.test(h ?? '') && !isValidCnpj(h ?? ''));
  if (byTitle >= 0) return { index: byTitle, header: true };
  const sample = rows.slice(0, 200);
  let best: { index: number; share: number } | null = null;
  for (let i = 0; i < width; i++) {
    const filled = sample.map((r) => (r[i] ?? '').trim()).filter(Boolean);
    if (!filled.length) continue;
    const share = filled.filter(looksLikeCnpj).length / filled.length;
    if (share >= 0.5 && (!best || share > best.share)) best = { index: i, share };
  }
  if (!best) return null;
  return { index: best.index, header: !looksLikeCnpj(rows[0]?.[best.index] ?? '') };
}

async function candidatesOfFile(s: Services, base64: string): Promise<Candidate[]> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw badRequest(LEADS_MESSAGES.fileUnreadable, 'FILE_UNREADABLE');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', LEADS_MESSAGES.fileTooLarge);
  // An executable (MZ, ELF) or any other binary renamed .xlsx/.csv never reaches a parser.
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (!zip && bytes.subarray(0, 8192).includes(0)) throw badRequest(LEADS_MESSAGES.fileUnreadable, 'FILE_UNREADABLE');
  let rows: string[][];
  try {
    rows = (await readSpreadsheet(s, bytes)).rows;
  } catch (e) {
    // Over a cap, the reader's own message says which; anything else is this page's "unreadable".
    if (e instanceof AppError && e.code === 'FILE_UNREADABLE') throw badRequest(LEADS_MESSAGES.fileUnreadable, 'FILE_UNREADABLE');
    throw e;
  }
  const col = cnpjColumn(rows);
  if (!col) throw badRequest(LEADS_MESSAGES.noCnpjColumn, 'NO_CNPJ_COLUMN');
  const out: Candidate[] = [];
  rows.forEach((r, i) => {
    if (col.header && i === 0) return;
    const value = (r[col.index] ?? '').trim();
    if (value) out.push({ line: i + 1, value });
  });
  return out;
}

export async function extractLeads(s: Services, t: Tenant, input: z.output<typeof extractSchema>): Promise<ExtractResult> {
  let candidates: Candidate[];
  if (input.file) candidates = await candidatesOfFile(s, input.file.base64);
  else if (input.text?.trim()) candidates = splitPaste(input.text);
  else throw badRequest(LEADS_MESSAGES.nothing, 'NOTHING_TO_READ');

  const invalid: ExtractProblem[] = [];
  const valid: { line: number; value: string; cnpj: string }[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  for (const c of candidates) {
    const parsed = parseCnpjToken(c.value);
    if ('reason' in parsed) invalid.push({ line: c.line, value: c.value.slice(0, 40), reason: parsed.reason });
    else if (seen.has(parsed.cnpj)) duplicates++;
    else {
      seen.add(parsed.cnpj);
      valid.push({ ...c, cnpj: parsed.cnpj });
    }
  }
  if (valid.length > MAX_EXTRACT) throw badRequest(LEADS_MESSAGES.tooManyExtract, 'TOO_MANY_CNPJS');
  if (valid.length === 0) throw new AppError(400, 'NO_VALID_CNPJ', LEADS_MESSAGES.noValidCnpj, { invalid: invalid.slice(0, 100) });
  const common = { invalid: invalid.slice(0, 1000), duplicates, read: candidates.length };
  if (!(await receitaImported(rfPool(s)))) {
    if (valid.length > MAX_PROVIDER_EXTRACT) throw badRequest(LEADS_MESSAGES.tooManyForProviders, 'TOO_MANY_FOR_PROVIDERS');
    return { ...(await providerLeads(s, valid)), ...common, origem: 'consulta_publica' };
  }
  const rows = await leadRows(s, t, valid.map((v) => v.cnpj));
  const found = new Set(rows.map((r) => r.cnpj));
  const notFound = valid.filter((v) => !found.has(v.cnpj)).map((v) => ({ line: v.line, value: v.value.slice(0, 40), reason: LEADS_MESSAGES.notInReceita }));
  return { rows, notFound, ...common, origem: 'receita' };
}
