import type { Readable } from 'node:stream';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { schema } from '@sede/db/client';
import { isValidCnpj } from '@sede/shared/cnpj';
import {
  readDocumentResultSchema,
  readDocumentSchema,
  STATEMENT_MESSAGES as M,
  suggestCategoriesResultSchema,
  suggestCategoriesSchema,
  type DocumentReading,
} from '@sede/shared/finance/statements-schemas';
import { contract } from '../../http/contract.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { generateStructured, requireAiCredentials } from '../../platform/ai/index.ts';
import { financeCategorySuggestionV1, financeDocumentReadingV1 } from '../../platform/ai/prompts/index.ts';
import { entityDefinition } from '../../platform/entities.ts';
import { storageFromConfig } from '../../platform/files/storage.ts';
import { runPaidAction } from '../../platform/paid-actions/index.ts';
import type { CompanyEnv, Services, Tenant } from '../../services.ts';

const { files: F, finCategories: C, finEntries: E, finStatementLines: L, organizations: O } = schema;

/** What the model answers for a boleto or a nota fiscal (strict JSON schema: every field present, null when absent). */
export const documentReadingSchema = z.object({
  amountCents: z.number().int().nullable(),
  dueDate: z.string().nullable(),
  supplierCnpj: z.string().nullable(),
  supplierName: z.string().nullable(),
  barcode: z.string().nullable(),
  documentNumber: z.string().nullable(),
  description: z.string().nullable(),
});

export const categorySuggestionSchema = z.object({
  suggestions: z.array(z.object({ lineId: z.string(), categoryId: z.string().nullable() })),
});

const MAX_PDF_BYTES = 20 * 1024 * 1024;

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) throw badRequest(M.notPdf, 'DOCUMENT_TOO_LARGE');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The PDF's text (unpdf, pdf.js without a canvas); a scanned image has none. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    return text.replace(/[ \t]+/g, ' ').trim();
  } catch {
    throw badRequest(M.notPdf, 'DOCUMENT_NOT_PDF');
  }
}

/** Sane values only: an absurd amount, a date outside 2000–2100, a CNPJ that does not check are dropped (the form asks). */
export function cleanReading(raw: z.output<typeof documentReadingSchema>): Omit<DocumentReading, 'organizationId'> {
  const digits = (v: string | null) => (v ?? '').replace(/\D/g, '');
  const cnpj = digits(raw.supplierCnpj);
  const barcode = digits(raw.barcode);
  const date = raw.dueDate && /^\d{4}-\d{2}-\d{2}$/.test(raw.dueDate) && raw.dueDate >= '2000-01-01' && raw.dueDate <= '2100-12-31' && !Number.isNaN(Date.parse(raw.dueDate)) ? raw.dueDate : null;
  return {
    amountCents: raw.amountCents !== null && raw.amountCents > 0 && raw.amountCents <= 100_000_000_000 ? raw.amountCents : null,
    dueDate: date,
    supplierCnpj: cnpj.length === 14 && isValidCnpj(cnpj) ? cnpj : null,
    supplierName: raw.supplierName?.trim().slice(0, 200) || null,
    barcode: barcode.length >= 44 && barcode.length <= 48 ? barcode : null,
    documentNumber: raw.documentNumber?.trim().slice(0, 60) || null,
    description: raw.description?.trim().slice(0, 200) || null,
  };
}

/** A platform file the caller may see (its entity's registered check), as bytes. */
async function visibleFile(s: Services, tenant: Tenant, viewer: Parameters<NonNullable<ReturnType<typeof entityDefinition>>['canSee']>[2], fileId: string) {
  const [row] = await tenant.db
    .select()
    .from(F)
    .where(and(eq(F.id, fileId), eq(F.companyId, tenant.companyId), isNull(F.deletedAt)));
  if (!row) throw notFound(M.fileNotFound);
  const def = entityDefinition(s, row.entityType);
  if (!def || !(await def.canSee(tenant, row.entityId, viewer))) throw notFound(M.fileNotFound);
  if (row.mime !== 'application/pdf') throw badRequest(M.notPdf, 'DOCUMENT_NOT_PDF');
  const stream = await storageFromConfig(s.cfg).get(row.storageKey);
  if (!stream) throw notFound(M.fileNotFound);
  return { row, bytes: await readAll(stream, MAX_PDF_BYTES) };
}

export function aiRoutes(s: Services, r: Hono<CompanyEnv>) {
  /** Reads a boleto or nota fiscal PDF (a platform file) into the payable's fields: ai.invoice_reading. */
  r.post('/ai/read-document', requirePermission('finance.write'), contract({ summary: 'Ler boleto ou nota fiscal com IA', body: readDocumentSchema, response: readDocumentResultSchema }), async (c) => {
    const { fileId, requestId } = c.req.valid('json');
    const tenant = c.get('tenant');
    const { row, bytes } = await visibleFile(s, tenant, c.get('viewer'), fileId);
    const text = await pdfText(bytes);
    if (text.length < 20) throw badRequest(M.noText, 'DOCUMENT_NO_TEXT');
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    const out = await runPaidAction(s, tenant, { action: 'ai.invoice_reading', reference: `fin-document:${fileId}:${requestId}`, ownKey: creds.source === 'own' }, () =>
      generateStructured(s, creds, { prompt: financeDocumentReadingV1, input: { fileName: row.name, text }, schema: documentReadingSchema }),
    );
    const reading = cleanReading(out.result.data);
    let organizationId: string | null = null;
    if (reading.supplierCnpj) {
      const [org] = await tenant.db
        .select({ id: O.id })
        .from(O)
        .where(and(eq(O.companyId, tenant.companyId), eq(O.cnpj, reading.supplierCnpj), isNull(O.deletedAt)));
      organizationId = org?.id ?? null;
    }
    return c.json({ reading: { ...reading, organizationId } satisfies DocumentReading, charged: out.charged, balance: out.balance });
  });

  /** Suggests categories for pending statement lines from the company's own history: ai.category_suggestion, one charge per batch. */
  r.post('/ai/suggest-categories', requirePermission('finance.write'), contract({ summary: 'Sugerir categorias com IA', body: suggestCategoriesSchema, response: suggestCategoriesResultSchema }), async (c) => {
    const { lineIds, requestId } = c.req.valid('json');
    const tenant = c.get('tenant');
    const lines = await tenant.db
      .select()
      .from(L)
      .where(and(eq(L.companyId, tenant.companyId), inArray(L.id, lineIds)));
    if (lines.length !== new Set(lineIds).size) throw notFound(M.lineNotFound);
    const categories = await tenant.db
      .select({ id: C.id, name: C.name, kind: C.kind, group: C.dreGroup })
      .from(C)
      .where(and(eq(C.companyId, tenant.companyId), isNull(C.archivedAt)));
    if (categories.length === 0) throw badRequest('Cadastre as categorias antes de pedir sugestões.', 'NO_CATEGORIES');
    // The company's history: reconciled lines whose memo shares the line's first significant word, with the entry's category.
    const history = await Promise.all(
      lines.map(async (l) => {
        const word = l.memo
          .split(/\s+/)
          .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
          .find((w) => w.length >= 4 && !/^\d+$/.test(w));
        if (!word) return [];
        return tenant.db
          .select({ memo: L.memo, category: C.name })
          .from(L)
          .innerJoin(E, eq(E.id, L.matchedEntryId))
          .innerJoin(C, eq(C.id, E.categoryId))
          .where(and(eq(L.companyId, tenant.companyId), inArray(L.status, ['matched', 'created']), sql`${L.memo} ilike ${`%${word.replace(/[%_\\]/g, '')}%`}`))
          .limit(5);
      }),
    );
    const byId = new Map(categories.map((k) => [k.id, k]));
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    const out = await runPaidAction(s, tenant, { action: 'ai.category_suggestion', reference: `fin-categories:${requestId}`, ownKey: creds.source === 'own' }, () =>
      generateStructured(s, creds, {
        prompt: financeCategorySuggestionV1,
        input: {
          categories: categories.map((k) => ({ ...k, kind: k.kind === 'income' ? ('income' as const) : ('expense' as const) })),
          lines: lines.map((l, i) => ({
            id: l.id,
            memo: l.memo || l.payee || '',
            direction: l.amountCents > 0 ? ('entrada' as const) : ('saída' as const),
            amount: (Math.abs(l.amountCents) / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }),
            history: history[i]!,
          })),
        },
        schema: categorySuggestionSchema,
        maxTokens: 3000,
      }),
    );
    // Keep only valid answers: a known line, a company category of the line's direction.
    const lineById = new Map(lines.map((l) => [l.id, l]));
    const accepted: { lineId: string; categoryId: string }[] = [];
    for (const sug of out.result.data.suggestions) {
      const line = lineById.get(sug.lineId);
      const cat = sug.categoryId ? byId.get(sug.categoryId) : undefined;
      if (!line || !cat || (cat.kind === 'income') !== line.amountCents > 0) continue;
      accepted.push({ lineId: line.id, categoryId: cat.id });
    }
    if (accepted.length) {
      await tenant.db.transaction(async (tx) => {
        for (const a of accepted) await tx.update(L).set({ suggestedCategoryId: a.categoryId }).where(and(eq(L.id, a.lineId), eq(L.companyId, tenant.companyId)));
      });
    }
    return c.json({ suggestions: accepted, charged: out.charged, balance: out.balance });
  });
}


