import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { CRM_CONTACTS_MESSAGES, CRM_LIMITS, DedupeIndex, dedupeKeys, mergeContact, validateImportRow, type ImportSettings } from '@sede/shared/crm/contacts';
import { AppError } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { JobFailure, startJob, type JobContext } from '../../platform/jobs/run.ts';
import { tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { suppressionHash } from '../parties/public.ts';
import { ENRICH_JOB, importRow, loadSheet, type StoredMapping } from './import.ts';

const I = schema.crmImports;

type ImportRow = Awaited<ReturnType<typeof importRow>>;
type SheetRow = { line: number; values: string[] };
type Contact = ReturnType<typeof validateImportRow>['contact'];

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

/** The company's people and organizations as they are now (after any batch already committed), kept current batch by batch. */
type Known = {
  index: DedupeIndex<PersonState>;
  orgByCnpj: Map<string, string>;
  orgByName: Map<string, string>;
  isListed: (emails: string[], phones: string[]) => boolean;
};

/** What the import's settings say for every row. */
type Rules = { settings: StoredMapping & { mapping: ImportSettings['mapping'] }; dedupe: ImportSettings['dedupe']; extraTags: string[]; legalBasis: string | null; today: string };

/** One batch's writes and counters. */
type Batch = {
  newOrgs: Array<Record<string, unknown>>;
  newPeople: Array<Record<string, unknown>>;
  pendingById: Map<string, Record<string, unknown>>;
  batchNew: PersonState[];
  merged: Map<string, PersonState>;
  errors: Array<Record<string, unknown>>;
  created: number;
  mergedCount: number;
  skipped: number;
  errorRows: number;
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
  const { rules, rows } = await openSheet(s, t, row);
  await t.db.update(I).set({ status: 'running', totalRows: rows.length, updatedAt: new Date() }).where(eq(I.id, row.id));
  ctx.progress({ stage: 'Preparando', done: row.processedRows, total: rows.length });

  const known = await knownContacts(s, t);
  const enrich: string[] = [];
  for (let start = row.processedRows; start < rows.length; start += CRM_LIMITS.importBatch) {
    const rowsOfBatch = rows.slice(start, start + CRM_LIMITS.importBatch);
    const batch = planBatch(t, row.id, rowsOfBatch, rules, known, enrich);
    await writeBatch(t, row.id, batch, start + rowsOfBatch.length);
    for (const state of batch.batchNew) state.isNew = false;
    const done = start + rowsOfBatch.length;
    ctx.progress({ stage: 'Importando', done, total: rows.length, message: `${done.toLocaleString('pt-BR')} de ${rows.length.toLocaleString('pt-BR')} linhas` });
  }
  await finishImport(s, t, row, enrich);
  return { importId: row.id };
}

/** The import's settings and its sheet's rows; an import not ready or a file that cannot be read fails the job (and the import). */
async function openSheet(s: Services, t: Tenant, row: ImportRow): Promise<{ rules: Rules; rows: SheetRow[] }> {
  const settings = row.mapping as StoredMapping;
  const fail = async (message: string): Promise<never> => {
    await t.db.update(I).set({ status: 'failed', error: message, updatedAt: new Date(), finishedAt: new Date() }).where(eq(I.id, row.id));
    throw new JobFailure(message);
  };
  if (!row.fileId || !settings?.mapping) return fail(CRM_CONTACTS_MESSAGES.importNotReady);
  let rows: SheetRow[];
  try {
    ({ rows } = await loadSheet(s, t, row.id, row.fileId));
  } catch (e) {
    return fail(e instanceof AppError ? e.message : CRM_CONTACTS_MESSAGES.fileUnreadable);
  }
  const rules: Rules = {
    settings: settings as Rules['settings'],
    dedupe: settings.dedupe ?? 'skip',
    extraTags: settings.tags ?? [],
    legalBasis: settings.legalBasis ?? null,
    today: new Date().toISOString().slice(0, 10),
  };
  return { rules, rows };
}

async function knownContacts(s: Services, t: Tenant): Promise<Known> {
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
  return { index, orgByCnpj, orgByName, isListed };
}

/** The batch's rows → its inserts, merges, error lines and counters (nothing written yet). */
function planBatch(t: Tenant, importId: string, rows: SheetRow[], rules: Rules, known: Known, enrich: string[]): Batch {
  const b: Batch = { newOrgs: [], newPeople: [], pendingById: new Map(), batchNew: [], merged: new Map(), errors: [], created: 0, mergedCount: 0, skipped: 0, errorRows: 0 };
  const { headers, mapping } = rules.settings;
  for (const r of rows) {
    const { contact, errors: rowErrors } = validateImportRow(r.values, mapping);
    if (r.values.length > headers.length && r.values.slice(headers.length).some((v) => v.trim())) rowErrors.push({ field: null, message: CRM_CONTACTS_MESSAGES.rowWrongColumns });
    if (rowErrors.length) {
      b.errorRows++;
      for (const e of rowErrors) b.errors.push({ company_id: t.companyId, import_id: importId, row_number: r.line, field: e.field, message: e.message, raw: r.values.slice(0, 200).map((v) => v.slice(0, 1000)) });
      continue;
    }
    const { organizationId, orgCreated } = organizationOf(contact, rules, known, b, enrich);
    if (!contact.name) {
      // An organization-only row.
      if (orgCreated) b.created++;
      else b.skipped++;
      continue;
    }
    const keys = dedupeKeys(contact);
    const hit = known.index.find(keys);
    if (hit) mergeInto(hit, contact, organizationId, rules, known, b);
    else addPerson(keys, contact, organizationId, rules, known, b);
  }
  return b;
}

/** The row's organization: by CNPJ, else by name; a new one is created (and enriched by CNPJ later). */
function organizationOf(contact: Contact, rules: Rules, known: Known, b: Batch, enrich: string[]): { organizationId: string | null; orgCreated: boolean } {
  if (contact.cnpj) {
    const found = known.orgByCnpj.get(contact.cnpj);
    if (found) return { organizationId: found, orgCreated: false };
    const id = randomUUID();
    known.orgByCnpj.set(contact.cnpj, id);
    if (contact.company) known.orgByName.set(contact.company.toLowerCase(), id);
    b.newOrgs.push({ id, razao_social: contact.company ?? contact.cnpj, cnpj: contact.cnpj, tags: rules.extraTags });
    enrich.push(id);
    return { organizationId: id, orgCreated: true };
  }
  if (!contact.company) return { organizationId: null, orgCreated: false };
  const key = contact.company.toLowerCase();
  const found = known.orgByName.get(key);
  if (found) return { organizationId: found, orgCreated: false };
  const id = randomUUID();
  known.orgByName.set(key, id);
  b.newOrgs.push({ id, razao_social: contact.company, cnpj: null, tags: rules.extraTags });
  return { organizationId: id, orgCreated: true };
}

/** A row that names someone already known: skipped, or merged into them (per the import's choice). */
function mergeInto(hit: PersonState, contact: Contact, organizationId: string | null, rules: Rules, known: Known, b: Batch) {
  if (rules.dedupe === 'skip') {
    b.skipped++;
    return;
  }
  // A CPF held by someone else stays theirs (the unique index).
  const cpfHolder = contact.cpf ? known.index.find([`c:${contact.cpf}`]) : undefined;
  const next = mergeContact(hit, { ...contact, tags: [...contact.tags, ...rules.extraTags], cpf: cpfHolder && cpfHolder !== hit ? null : contact.cpf });
  Object.assign(hit, next, { organizationId: hit.organizationId ?? organizationId });
  known.index.add(dedupeKeys(hit), hit);
  if (hit.isNew) {
    // A duplicate of a row of this batch: its insert carries the merged values.
    const pending = b.pendingById.get(hit.id);
    if (pending) Object.assign(pending, { emails: hit.emails, phones: hit.phones, tags: hit.tags, position: hit.position, municipio: hit.municipio, uf: hit.uf, cpf: hit.cpf, notes: hit.notes, organization_id: hit.organizationId });
    else b.merged.set(hit.id, hit);
  } else b.merged.set(hit.id, hit);
  b.mergedCount++;
}

/** A row that names someone new: a person to insert with this batch. */
function addPerson(keys: string[], contact: Contact, organizationId: string | null, rules: Rules, known: Known, b: Batch) {
  const state: PersonState = {
    id: randomUUID(),
    emails: contact.emails,
    phones: contact.phones,
    tags: [...new Set([...contact.tags, ...rules.extraTags])].slice(0, 20),
    position: contact.position,
    municipio: contact.municipio,
    uf: contact.uf,
    cpf: contact.cpf,
    notes: contact.notes,
    organizationId,
    isNew: true,
  };
  known.index.add(keys, state);
  b.batchNew.push(state);
  const { legalBasis } = rules;
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
    legal_basis_at: legalBasis ? rules.today : null,
    suppressed: known.isListed(state.emails, state.phones),
  };
  b.newPeople.push(record);
  b.pendingById.set(state.id, record);
  b.created++;
}

/** The batch in one transaction with its error lines and the import's counters (`processedRows`: where a resumed job continues). */
async function writeBatch(t: Tenant, importId: string, b: Batch, processedRows: number) {
  // The batch's bulk inserts stay raw (jsonb_to_recordset): the import's measured hot path.
  await tenantTransaction(t, async ({ client }) => {
    if (b.newOrgs.length) {
      await client.query(
        `INSERT INTO organizations (id, company_id, razao_social, cnpj, tags, created_by)
         SELECT x.id, $2, x.razao_social, x.cnpj, coalesce(x.tags, '{}'), $3 FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, razao_social text, cnpj text, tags text[])`,
        [JSON.stringify(b.newOrgs), t.companyId, t.actorId || null],
      );
    }
    if (b.newPeople.length) {
      await client.query(
        `INSERT INTO people (id, company_id, name, emails, phones, cpf, position, municipio, uf, notes, tags, organization_id, legal_basis, legal_basis_source, legal_basis_at, suppressed, created_by)
         SELECT x.id, $2, x.name, x.emails, x.phones, x.cpf, x.position, x.municipio, x.uf, x.notes, x.tags, x.organization_id, x.legal_basis, x.legal_basis_source, x.legal_basis_at, x.suppressed, $3
           FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, name text, emails text[], phones text[], cpf text, position text, municipio text, uf text, notes text, tags text[], organization_id uuid,
                                                   legal_basis text, legal_basis_source text, legal_basis_at date, suppressed boolean)`,
        [JSON.stringify(b.newPeople), t.companyId, t.actorId || null],
      );
    }
    if (b.merged.size) {
      const updates = [...b.merged.values()].map((p) => ({ id: p.id, emails: p.emails, phones: p.phones, tags: p.tags, position: p.position, municipio: p.municipio, uf: p.uf, cpf: p.cpf, notes: p.notes, organization_id: p.organizationId }));
      await client.query(
        `UPDATE people p SET emails = x.emails, phones = x.phones, tags = x.tags, position = x.position, municipio = x.municipio, uf = x.uf, cpf = x.cpf, notes = x.notes,
                organization_id = coalesce(p.organization_id, x.organization_id), updated_at = now()
           FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, emails text[], phones text[], tags text[], position text, municipio text, uf text, cpf text, notes text, organization_id uuid)
          WHERE p.id = x.id AND p.company_id = $2`,
        [JSON.stringify(updates), t.companyId],
      );
    }
    if (b.errors.length) {
      await client.query(
        `INSERT INTO crm_import_errors (company_id, import_id, row_number, field, message, raw)
         SELECT $2, $3, x.row_number, x.field, x.message, x.raw FROM jsonb_to_recordset($1::jsonb) AS x(row_number int, field text, message text, raw jsonb)`,
        [JSON.stringify(b.errors), t.companyId, importId],
      );
    }
    await client.query(
      `UPDATE crm_imports SET processed_rows = $3, created_count = created_count + $4, merged_count = merged_count + $5, skipped_count = skipped_count + $6,
              error_count = error_count + $7, organizations_created = organizations_created + $8, updated_at = now()
        WHERE id = $1 AND company_id = $2`,
      [importId, t.companyId, processedRows, b.created, b.mergedCount, b.skipped, b.errorRows, b.newOrgs.length],
    );
  });
}

/** 'done' with its audit line; organizations created from a CNPJ are enriched through the lookup afterwards (never blocking the import). */
async function finishImport(s: Services, t: Tenant, row: ImportRow, enrich: string[]) {
  await t.db.transaction(async (tx) => {
    const [done] = await tx
      .update(I)
      .set({ status: 'done', finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(I.id, row.id))
      .returning();
    await logAudit(tx, t, { action: 'contacts_imported', entity: 'crm_import', id: row.id, details: { count: (done?.createdCount ?? 0) + (done?.mergedCount ?? 0), format: row.encoding === 'xlsx' ? 'xlsx' : 'csv' } });
  });
  if (enrich.length) await startJob(s, t, ENRICH_JOB, { organizationIds: enrich }).catch((e) => console.error('[crm-contacts] enrichment not queued:', (e as Error).message));
}
