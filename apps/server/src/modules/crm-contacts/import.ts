import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import {
  cleanRows,
  CRM_CONTACTS_MESSAGES,
  CRM_LIMITS,
  DedupeIndex,
  dedupeKeys,
  IMPORT_FIELDS,
  mergeContact,
  suggestMapping,
  validateImportRow,
  type CrmImport,
  type ImportEncoding,
  type ImportPreview,
  type ImportSettings,
  type ImportStatus,
} from '@sede/shared/crm/contacts';
import { isUuid } from '@sede/shared/platform/parties';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { JobFailure, startJob, type JobContext } from '../../platform/jobs/run.ts';
import { readSpreadsheet } from '../../platform/spreadsheets/reader.ts';
import { tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { readEntityFile } from '../files/public.ts';
import { suppressionHash } from '../parties/public.ts';
import { CSV_BOM, csvLine } from '../../platform/spreadsheets/writer.ts';

export const IMPORT_JOB = 'crm.import';
export const ENRICH_JOB = 'crm.enrich';
export const IMPORT_ENTITY = 'crm_import';

const I = schema.crmImports;
const E = schema.crmImportErrors;

type ImportRow = typeof I.$inferSelect;
type StoredMapping = { headers: string[] } & Partial<ImportSettings>;

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

async function importRow(t: Pick<Tenant, 'db' | 'companyId'>, id: string): Promise<ImportRow> {
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

async function loadSheet(s: Services, t: Tenant, importId: string, fileId: string) {
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

// ---- the job ----

type PersonState = {
  id: string;
  emails: string[];
  phones: string[];
  tags: string[];
  position: string | null;
  municipio: string | null;
  uf: string | null;
  cpf: string | null;
  notes: string | null;
  organizationId: string | null;
  isNew: boolean;
};

/**
 * The import (decision 0156): rows are validated, de-duplicated against the company's people
 * and the rows before them, and written in batches of 1,000 — each batch in one transaction with
 * its error lines and the import's counters, so the import never holds rows without their
 * report and a resumed job continues after the last committed batch.
 */
export async function runImport(s: Services, ctx: JobContext<{ importId: string }>): Promise<{ importId: string }> {
  const t = ctx.tenant;
  const row = await importRow(t, ctx.input.importId).catch(() => {
    throw new JobFailure(CRM_CONTACTS_MESSAGES.importNotFound);
  });
  if (row.status === 'done') return { importId: row.id };
  const settings = row.mapping as StoredMapping;
  const fail = async (message: string) => {
    await t.db.update(I).set({ status: 'failed', error: message, updatedAt: new Date(), finishedAt: new Date() }).where(eq(I.id, row.id));
    throw new JobFailure(message);
  };
  if (!row.fileId || !settings?.mapping) return fail(CRM_CONTACTS_MESSAGES.importNotReady);
  let rows: Array<{ line: number; values: string[] }>;
  try {
    ({ rows } = await loadSheet(s, t, row.id, row.fileId));
  } catch (e) {
    return fail(e instanceof AppError ? e.message : CRM_CONTACTS_MESSAGES.fileUnreadable);
  }
  await t.db.update(I).set({ status: 'running', totalRows: rows.length, updatedAt: new Date() }).where(eq(I.id, row.id));
  ctx.progress({ stage: 'Preparando', done: row.processedRows, total: rows.length });

  const mapping = settings.mapping;
  const dedupe = settings.dedupe ?? 'skip';
  const extraTags = settings.tags ?? [];
  const legalBasis = settings.legalBasis ?? null;
  const today = new Date().toISOString().slice(0, 10);

  // The company's people and organizations as they are now (after any batch already committed).
  const index = new DedupeIndex<PersonState>();
  // Raw rows (no Drizzle mapping): up to 100,000 people are read at once (the scale test).
  const people = await t.db.execute<{
    id: string;
    emails: string[];
    phones: string[];
    cpf: string | null;
    tags: string[];
    position: string | null;
    municipio: string | null;
    uf: string | null;
    notes: string | null;
    organization_id: string | null;
  }>(sql`SELECT id, emails, phones, cpf, tags, position, municipio, uf, notes, organization_id FROM people WHERE company_id = ${t.companyId} AND deleted_at IS NULL`);
  for (const p of people.rows) {
    index.add(dedupeKeys(p), { id: p.id, emails: p.emails, phones: p.phones, tags: p.tags, position: p.position, municipio: p.municipio, uf: p.uf, cpf: p.cpf, notes: p.notes, organizationId: p.organization_id, isNew: false });
  }
  const orgByCnpj = new Map<string, string>();
  const orgByName = new Map<string, string>();
  const orgs = await t.db.execute<{ id: string; cnpj: string | null; name: string }>(
    sql`SELECT id, cnpj, lower(razao_social) AS name FROM organizations WHERE company_id = ${t.companyId} AND deleted_at IS NULL`,
  );
  for (const o of orgs.rows) {
    if (o.cnpj) orgByCnpj.set(o.cnpj, o.id);
    if (!orgByName.has(o.name)) orgByName.set(o.name, o.id);
  }
  const suppressed = new Set((await t.db.execute<{ hash: string }>(sql`SELECT hash FROM suppression_list WHERE company_id = ${t.companyId}`)).rows.map((r) => r.hash));
  const isListed = (emails: string[], phones: string[]) =>
    suppressed.size > 0 && [...emails.map((email) => ({ email })), ...phones.map((phone) => ({ phone }))].some((c) => suppressed.has(suppressionHash(s, t.companyId, c).hash));

  const enrich: string[] = [];
  for (let start = row.processedRows; start < rows.length; start += CRM_LIMITS.importBatch) {
    const batch = rows.slice(start, start + CRM_LIMITS.importBatch);
    const newOrgs: Array<Record<string, unknown>> = [];
    const newPeople: Array<Record<string, unknown>> = [];
    const pendingById = new Map<string, Record<string, unknown>>();
    const batchNew: PersonState[] = [];
    const merged = new Map<string, PersonState>();
    const errors: Array<Record<string, unknown>> = [];
    let created = 0;
    let mergedCount = 0;
    let skipped = 0;
    let errorRows = 0;
    for (const r of batch) {
      const { contact, errors: rowErrors } = validateImportRow(r.values, mapping);
      if (r.values.length > settings.headers.length && r.values.slice(settings.headers.length).some((v) => v.trim())) rowErrors.push({ field: null, message: CRM_CONTACTS_MESSAGES.rowWrongColumns });
      if (rowErrors.length) {
        errorRows++;
        for (const e of rowErrors) errors.push({ company_id: t.companyId, import_id: row.id, row_number: r.line, field: e.field, message: e.message, raw: r.values.slice(0, 200).map((v) => v.slice(0, 1000)) });
        continue;
      }
      // The organization: by CNPJ, else by name; a new one is created (and enriched by CNPJ later).
      let organizationId: string | null = null;
      let orgCreated = false;
      if (contact.cnpj) {
        organizationId = orgByCnpj.get(contact.cnpj) ?? null;
        if (!organizationId) {
          organizationId = randomUUID();
          orgCreated = true;
          orgByCnpj.set(contact.cnpj, organizationId);
          if (contact.company) orgByName.set(contact.company.toLowerCase(), organizationId);
          newOrgs.push({ id: organizationId, razao_social: contact.company ?? contact.cnpj, cnpj: contact.cnpj, tags: extraTags });
          enrich.push(organizationId);
        }
      } else if (contact.company) {
        const key = contact.company.toLowerCase();
        organizationId = orgByName.get(key) ?? null;
        if (!organizationId) {
          organizationId = randomUUID();
          orgCreated = true;
          orgByName.set(key, organizationId);
          newOrgs.push({ id: organizationId, razao_social: contact.company, cnpj: null, tags: extraTags });
        }
      }
      if (!contact.name) {
        // An organization-only row.
        if (orgCreated) created++;
        else skipped++;
        continue;
      }
      const keys = dedupeKeys(contact);
      const hit = index.find(keys);
      if (hit) {
        if (dedupe === 'skip') {
          skipped++;
          continue;
        }
        // A CPF held by someone else stays theirs (the unique index).
        const cpfHolder = contact.cpf ? index.find([`c:${contact.cpf}`]) : undefined;
        const next = mergeContact(hit, { ...contact, tags: [...contact.tags, ...extraTags], cpf: cpfHolder && cpfHolder !== hit ? null : contact.cpf });
        Object.assign(hit, next, { organizationId: hit.organizationId ?? organizationId });
        index.add(dedupeKeys(hit), hit);
        if (hit.isNew) {
          // A duplicate of a row of this batch: its insert carries the merged values.
          const pending = pendingById.get(hit.id);
          if (pending) Object.assign(pending, { emails: hit.emails, phones: hit.phones, tags: hit.tags, position: hit.position, municipio: hit.municipio, uf: hit.uf, cpf: hit.cpf, notes: hit.notes, organization_id: hit.organizationId });
          else merged.set(hit.id, hit);
        } else merged.set(hit.id, hit);
        mergedCount++;
        continue;
      }
      const state: PersonState = {
        id: randomUUID(),
        emails: contact.emails,
        phones: contact.phones,
        tags: [...new Set([...contact.tags, ...extraTags])].slice(0, 20),
        position: contact.position,
        municipio: contact.municipio,
        uf: contact.uf,
        cpf: contact.cpf,
        notes: contact.notes,
        organizationId,
        isNew: true,
      };
      index.add(keys, state);
      batchNew.push(state);
      const record: Record<string, unknown> = {
        id: state.id,
        name: contact.name,
        emails: state.emails,
        phones: state.phones,
        cpf: state.cpf,
        position: state.position,
        municipio: state.municipio,
        uf: state.uf,
        notes: state.notes,
        tags: state.tags,
        organization_id: organizationId,
        legal_basis: legalBasis,
        legal_basis_source: legalBasis ? 'Importação de planilha' : null,
        legal_basis_at: legalBasis ? today : null,
        suppressed: isListed(state.emails, state.phones),
      };
      newPeople.push(record);
      pendingById.set(state.id, record);
      created++;
    }
    const organizationsCreated = newOrgs.length;
    // The batch's bulk inserts stay raw (jsonb_to_recordset): the import's measured hot path.
    await tenantTransaction(t, async ({ client }) => {
      if (newOrgs.length) {
        await client.query(
          `INSERT INTO organizations (id, company_id, razao_social, cnpj, tags, created_by)
           SELECT x.id, $2, x.razao_social, x.cnpj, coalesce(x.tags, '{}'), $3 FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, razao_social text, cnpj text, tags text[])`,
          [JSON.stringify(newOrgs), t.companyId, t.actorId || null],
        );
      }
      if (newPeople.length) {
        await client.query(
          `INSERT INTO people (id, company_id, name, emails, phones, cpf, position, municipio, uf, notes, tags, organization_id, legal_basis, legal_basis_source, legal_basis_at, suppressed, created_by)
           SELECT x.id, $2, x.name, x.emails, x.phones, x.cpf, x.position, x.municipio, x.uf, x.notes, x.tags, x.organization_id, x.legal_basis, x.legal_basis_source, x.legal_basis_at, x.suppressed, $3
             FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, name text, emails text[], phones text[], cpf text, position text, municipio text, uf text, notes text, tags text[], organization_id uuid,
                                                     legal_basis text, legal_basis_source text, legal_basis_at date, suppressed boolean)`,
          [JSON.stringify(newPeople), t.companyId, t.actorId || null],
        );
      }
      if (merged.size) {
        const updates = [...merged.values()].map((p) => ({ id: p.id, emails: p.emails, phones: p.phones, tags: p.tags, position: p.position, municipio: p.municipio, uf: p.uf, cpf: p.cpf, notes: p.notes, organization_id: p.organizationId }));
        await client.query(
          `UPDATE people p SET emails = x.emails, phones = x.phones, tags = x.tags, position = x.position, municipio = x.municipio, uf = x.uf, cpf = x.cpf, notes = x.notes,
                  organization_id = coalesce(p.organization_id, x.organization_id), updated_at = now()
             FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, emails text[], phones text[], tags text[], position text, municipio text, uf text, cpf text, notes text, organization_id uuid)
            WHERE p.id = x.id AND p.company_id = $2`,
          [JSON.stringify(updates), t.companyId],
        );
      }
      if (errors.length) {
        await client.query(
          `INSERT INTO crm_import_errors (company_id, import_id, row_number, field, message, raw)
           SELECT $2, $3, x.row_number, x.field, x.message, x.raw FROM jsonb_to_recordset($1::jsonb) AS x(row_number int, field text, message text, raw jsonb)`,
          [JSON.stringify(errors), t.companyId, row.id],
        );
      }
      await client.query(
        `UPDATE crm_imports SET processed_rows = $3, created_count = created_count + $4, merged_count = merged_count + $5, skipped_count = skipped_count + $6,
                error_count = error_count + $7, organizations_created = organizations_created + $8, updated_at = now()
          WHERE id = $1 AND company_id = $2`,
        [row.id, t.companyId, start + batch.length, created, mergedCount, skipped, errorRows, organizationsCreated],
      );
    });
    for (const state of batchNew) state.isNew = false;
    ctx.progress({ stage: 'Importando', done: start + batch.length, total: rows.length, message: `${(start + batch.length).toLocaleString('pt-BR')} de ${rows.length.toLocaleString('pt-BR')} linhas` });
  }

  await t.db.transaction(async (tx) => {
    const [done] = await tx
      .update(I)
      .set({ status: 'done', finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(I.id, row.id))
      .returning();
    await logAudit(tx, t, { action: 'contacts_imported', entity: 'crm_import', id: row.id, details: { count: (done?.createdCount ?? 0) + (done?.mergedCount ?? 0), format: row.encoding === 'xlsx' ? 'xlsx' : 'csv' } });
  });
  // Organizations created from a CNPJ are enriched through the lookup, one at a time, afterwards (never blocking the import).
  if (enrich.length) await startJob(s, t, ENRICH_JOB, { organizationIds: enrich }).catch((e) => console.error('[crm-contacts] enrichment not queued:', (e as Error).message));
  return { importId: row.id };
}
