import { and, desc, eq, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import {
  cleanRows,
  CRM_CONTACTS_MESSAGES,
  CRM_LIMITS,
  IMPORT_FIELDS,
  suggestMapping,
  type CrmImport,
  type ImportEncoding,
  type ImportPreview,
  type ImportSettings,
  type ImportStatus,
} from '@sede/shared/crm/contacts';
import { isUuid } from '@sede/shared/platform/parties';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { startJob } from '../../platform/jobs/run.ts';
import { readSpreadsheet } from '../../platform/spreadsheets/reader.ts';
import { tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { readEntityFile } from '../files/public.ts';
import { CSV_BOM, csvLine } from '../../platform/spreadsheets/writer.ts';

export const IMPORT_JOB = 'crm.import';
export const ENRICH_JOB = 'crm.enrich';
export const IMPORT_ENTITY = 'crm_import';

const I = schema.crmImports;
const E = schema.crmImportErrors;

type ImportRow = typeof I.$inferSelect;
export type StoredMapping = { headers: string[] } & Partial<ImportSettings>;

const toImport = (r: ImportRow, run?: { status: string; error: string | null } | null): CrmImport => {
  // The job's own end (a crash after its retries) shows on the import too.
  let status = r.status as ImportStatus;
  let error = r.error;
  if ((status === 'queued' || status === 'running') && run && (run.status === 'failed' || run.status === 'canceled')) {
    status = 'failed';
    error = error ?? run.error;
  }
  return {
    id: r.id,
    status,
    fileName: r.fileName,
    encoding: r.encoding as ImportEncoding | null,
    separator: r.separator,
    jobRunId: r.jobRunId,
    totalRows: r.totalRows,
    processedRows: r.processedRows,
    createdCount: r.createdCount,
    mergedCount: r.mergedCount,
    skippedCount: r.skippedCount,
    errorCount: r.errorCount,
    organizationsCreated: r.organizationsCreated,
    error,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
};

export async function importRow(t: Pick<Tenant, 'db' | 'companyId'>, id: string): Promise<ImportRow> {
  if (!isUuid(id)) throw notFound(CRM_CONTACTS_MESSAGES.importNotFound);
  const [row] = await t.db.select().from(I).where(and(eq(I.id, id), eq(I.companyId, t.companyId)));
  if (!row) throw notFound(CRM_CONTACTS_MESSAGES.importNotFound);
  return row;
}

export const importExists = async (t: Pick<Tenant, 'db' | 'companyId'>, id: string) =>
  isUuid(id) && (await t.db.select({ id: I.id }).from(I).where(and(eq(I.id, id), eq(I.companyId, t.companyId)))).length > 0;

async function withRun(t: Tenant, row: ImportRow): Promise<CrmImport> {
  if (!row.jobRunId || (row.status !== 'queued' && row.status !== 'running')) return toImport(row);
  const [run] = await t.db.select({ status: schema.jobRuns.status, error: schema.jobRuns.error }).from(schema.jobRuns).where(eq(schema.jobRuns.id, row.jobRunId));
  return toImport(row, run ?? null);
}

export async function createImport(t: Tenant): Promise<CrmImport> {
  const [row] = await t.db.insert(I).values({ companyId: t.companyId, createdBy: t.actorId }).returning();
  return toImport(row!);
}

export const getImport = async (t: Tenant, id: string) => withRun(t, await importRow(t, id));

export async function listImports(t: Tenant): Promise<CrmImport[]> {
  const rows = await t.db.select().from(I).where(eq(I.companyId, t.companyId)).orderBy(desc(I.createdAt), desc(I.id)).limit(50);
  return Promise.all(rows.map((r) => withRun(t, r)));
}

export async function loadSheet(s: Services, t: Tenant, importId: string, fileId: string) {
  const file = await readEntityFile(s, t, fileId, IMPORT_ENTITY, importId);
  if (!file) throw badRequest(CRM_CONTACTS_MESSAGES.fileNotFound, 'FILE_NOT_FOUND');
  const sheet = await readSpreadsheet(s, file.bytes, { rows: CRM_LIMITS.importRows });
  const { header, rows } = cleanRows(sheet.rows);
  return { file, sheet, header, rows };
}

/** Reads the uploaded file: encoding, separator, header, the first rows and a suggested mapping. */
export async function analyzeImport(s: Services, t: Tenant, id: string, fileId: string): Promise<ImportPreview & { import: CrmImport }> {
  const row = await importRow(t, id);
  if (row.status !== 'draft' && row.status !== 'ready') throw conflict(CRM_CONTACTS_MESSAGES.importAlreadyStarted, 'IMPORT_STARTED');
  const { file, sheet, header, rows } = await loadSheet(s, t, id, fileId);
  if (!header.length || !rows.length) throw badRequest(CRM_CONTACTS_MESSAGES.fileEmpty, 'FILE_EMPTY');
  if (rows.length > CRM_LIMITS.importRows) throw badRequest(CRM_CONTACTS_MESSAGES.tooManyRows(CRM_LIMITS.importRows), 'TOO_MANY_ROWS');
  const [updated] = await t.db
    .update(I)
    .set({
      fileId,
      fileName: file.name,
      encoding: sheet.encoding,
      separator: sheet.separator,
      totalRows: rows.length,
      mapping: { headers: header } satisfies StoredMapping,
      status: 'ready',
      updatedAt: new Date(),
    })
    .where(and(eq(I.id, id), eq(I.companyId, t.companyId)))
    .returning();
  return {
    headers: header,
    rows: rows.slice(0, CRM_LIMITS.previewRows).map((r) => header.map((_, i) => r.values[i] ?? '')),
    totalRows: rows.length,
    encoding: sheet.encoding,
    separator: sheet.separator,
    suggested: suggestMapping(header),
    import: toImport(updated!),
  };
}

/**
 * Starts the import job with the person's mapping, dedupe choice and legal basis. The import is
 * claimed (ready → queued) in its own transaction, then the job is started on its own so the
 * worker is woken at once; a failure to start puts the import back to ready.
 */
export async function startImport(s: Services, t: Tenant, id: string, settings: ImportSettings): Promise<CrmImport> {
  await tenantTransaction(t, async ({ client }) => {
    const { rows } = await client.query<{ status: string; mapping: StoredMapping | null }>('SELECT status, mapping FROM crm_imports WHERE id = $1 AND company_id = $2 FOR UPDATE', [
      isUuid(id) ? id : '00000000-0000-0000-0000-000000000000',
      t.companyId,
    ]);
    const row = rows[0];
    if (!row) throw notFound(CRM_CONTACTS_MESSAGES.importNotFound);
    if (row.status === 'draft') throw conflict(CRM_CONTACTS_MESSAGES.importNotReady, 'IMPORT_NOT_READY');
    if (row.status !== 'ready') throw conflict(CRM_CONTACTS_MESSAGES.importAlreadyStarted, 'IMPORT_STARTED');
    const headers = row.mapping?.headers ?? [];
    if (settings.mapping.length !== headers.length) throw badRequest(CRM_CONTACTS_MESSAGES.mappingLength);
    const mapping: StoredMapping = { headers, ...settings };
    await client.query("UPDATE crm_imports SET status = 'queued', mapping = $3, updated_at = now() WHERE id = $1 AND company_id = $2", [id, t.companyId, mapping]);
  });
  try {
    const run = await startJob(s, t, IMPORT_JOB, { importId: id });
    const [updated] = await t.db.update(I).set({ jobRunId: run.id }).where(and(eq(I.id, id), eq(I.companyId, t.companyId))).returning();
    return toImport(updated!);
  } catch (e) {
    await t.db.update(I).set({ status: 'ready' }).where(and(eq(I.id, id), eq(I.companyId, t.companyId)));
    throw e;
  }
}

/** The per-row error report as CSV: line, field, error and the row's own cells (to fix and import again). */
export async function importErrorsCsv(t: Tenant, id: string): Promise<AsyncGenerator<string>> {
  return errorRows(t, await importRow(t, id));
}

async function* errorRows(t: Tenant, row: ImportRow): AsyncGenerator<string> {
  const id = row.id;
  const headers = (row.mapping as StoredMapping | null)?.headers ?? [];
  yield `${CSV_BOM}${csvLine(['Linha', 'Campo', 'Erro', ...headers])}`;
  let after = 0;
  for (;;) {
    const errors = await t.db
      .select()
      .from(E)
      .where(and(eq(E.companyId, t.companyId), eq(E.importId, id), sql`${E.rowNumber} > ${after}`))
      .orderBy(E.rowNumber)
      .limit(2000);
    if (!errors.length) return;
    // One line per row (its errors joined), so the sheet can be fixed and imported again.
    const byRow = new Map<number, typeof errors>();
    for (const e of errors) byRow.set(e.rowNumber, [...(byRow.get(e.rowNumber) ?? []), e]);
    let out = '';
    for (const [n, list] of byRow) {
      const fields = [...new Set(list.map((e) => (e.field ? (IMPORT_FIELDS[e.field as keyof typeof IMPORT_FIELDS] ?? e.field) : '')))].filter(Boolean).join(', ');
      out += csvLine([n, fields, list.map((e) => e.message).join('; '), ...(list[0]!.raw as string[])]);
    }
    yield out;
    after = errors[errors.length - 1]!.rowNumber;
  }
}
