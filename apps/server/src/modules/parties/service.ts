import { announce } from '../../platform/live/announce.ts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { schema, type DbOrTx } from '@sede/db/client';
import { foldSearch, searchText } from '@sede/db/search';
import type { NormalizedCompany } from '@sede/shared/cnpj';
import {
  isUuid,
  LEGAL_BASES,
  PARTIES_MESSAGES,
  type LegalBasis,
  type Organization,
  type PartyPage,
  type Person,
  type PersonExport,
  type ContactFilter,
  type organizationCreateSchema,
  type organizationUpdateSchema,
  type partyListQuerySchema,
  type personCreateSchema,
  type personUpdateSchema,
} from '@sede/shared/platform/parties';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { decodeTextCursor, encodeCursor } from '../../platform/cursor.ts';
import { logAudit } from '../../platform/audit.ts';
import type { Services, Tenant } from '../../services.ts';
import { checkPartyCustomFields, mergeCustomFields } from './custom-fields-hook.ts';
import { personHooks } from './person-hooks.ts';
import { anyListed, suppress, type Contact } from './suppression.ts';

type OrgRow = typeof schema.organizations.$inferSelect;
type PersonRow = typeof schema.people.$inferSelect;
/** `updatedSince`: only what changed at or after that instant (the public API's sync, decision 0641). */
type ListQuery = z.output<typeof partyListQuerySchema> & { updatedSince?: string };
const changedSince = (column: AnyPgColumn, since: string | undefined) => (since ? sql`${column} >= ${since}::timestamptz` : undefined);
type Filter = ContactFilter;

const O = schema.organizations;
const P = schema.people;

export function toOrganization(r: OrgRow): Organization {
  return {
    id: r.id,
    razaoSocial: r.razaoSocial,
    nomeFantasia: r.nomeFantasia,
    cnpj: r.cnpj,
    email: r.email,
    phone: r.phone,
    website: r.website,
    logradouro: r.logradouro,
    numero: r.numero,
    complemento: r.complemento,
    bairro: r.bairro,
    municipio: r.municipio,
    uf: r.uf,
    cep: r.cep,
    ownerId: r.ownerId,
    tags: r.tags,
    customFields: r.customFields ?? {},
    notes: r.notes,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toPerson(r: PersonRow, org: { id: string; razaoSocial: string; nomeFantasia: string | null } | null): Person {
  return {
    id: r.id,
    name: r.name,
    emails: r.emails,
    phones: r.phones,
    cpf: r.cpf,
    position: r.position,
    municipio: r.municipio,
    uf: r.uf,
    organizationId: r.organizationId,
    organization: org,
    ownerId: r.ownerId,
    tags: r.tags,
    customFields: r.customFields ?? {},
    notes: r.notes,
    legalBasis: (r.legalBasis as LegalBasis | null) ?? null,
    legalBasisSource: r.legalBasisSource,
    legalBasisAt: r.legalBasisAt,
    emailOptOut: r.emailOptOut,
    whatsappOptOut: r.whatsappOptOut,
    emailBounced: r.emailBounced,
    suppressed: r.suppressed,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A unique index refused the row: which one. */
function uniqueViolation(err: unknown): string | null {
  for (const e of [err, (err as { cause?: unknown })?.cause]) {
    const x = e as { code?: unknown; constraint?: unknown } | undefined;
    if (x?.code === '23505') return typeof x.constraint === 'string' ? x.constraint : '';
  }
  return null;
}

async function mapUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === 'organizations_company_cnpj_key') throw conflict(PARTIES_MESSAGES.cnpjTaken, 'CNPJ_TAKEN');
    if (constraint === 'people_company_cpf_key') throw conflict(PARTIES_MESSAGES.cpfTaken, 'CPF_TAKEN');
    throw err;
  }
}

/** A party changed: open pages of the company's members refetch it (decision 0115; ids only, in the write's transaction). */
async function changed(db: DbOrTx, t: Pick<Tenant, 'companyId'>, entity: 'organization' | 'person', id: string): Promise<void> {
  await announce(db, { companyId: t.companyId, entity, id });
}

// ---- cursor paging by (sort key, id): platform/cursor.ts ----

/** `q%` for LIKE, the pattern characters escaped (an index range on a text_pattern_ops index). */
const prefix = (q: string) => `${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The words of a search as a full-text prefix query ('souza:* & 12:*'), matched against the
 * 'simple' tsvector of the names (GIN index; decision 0155). Only letters and digits reach it.
 */
function wordsQuery(q: string): string | null {
  const words = (foldSearch(q).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}
const digitsOf = (q: string) => q.replace(/\D/g, '');

/** The list's order: by lower(name) (its index) or creation, either way, then id. */
function ordering(q: Pick<ListQuery, 'sort' | 'dir' | 'cursor' | 'q'>, name: SQL, createdAt: AnyPgColumn, id: AnyPgColumn) {
  const desc = q.dir === 'desc';
  // While searching, the key is wrapped so the planner cannot walk the list's index in order and
  // filter every row by the search (it would read the whole company for a rare word): the
  // matches come from the search's own indexes and are sorted (decision 0155).
  const key = q.sort === 'created' ? (q.q ? sql`(${createdAt} + interval '0')` : sql`${createdAt}`) : q.q ? sql`(${name} || '')` : name;
  const orderBy = desc ? [sql`${key} DESC`, sql`${id} DESC`] : [sql`${key} ASC`, sql`${id} ASC`];
  let after: SQL | undefined;
  if (q.cursor) {
    const [value, last] = decodeTextCursor(q.cursor, PARTIES_MESSAGES.cursorInvalid);
    const typed = q.sort === 'created' ? sql`${value}::timestamptz` : sql`${value}`;
    after = desc ? sql`(${key}, ${id}) < (${typed}, ${last}::uuid)` : sql`(${key}, ${id}) > (${typed}, ${last}::uuid)`;
  }
  return { orderBy, after };
}

const cursorKey = (q: Pick<ListQuery, 'sort'>, name: string, createdKey: string) => (q.sort === 'created' ? createdKey : name.toLowerCase());
/** created_at to the microsecond (a Date keeps milliseconds): the cursor of the 'created' order must not repeat or skip a row. */
const exactTime = (column: AnyPgColumn) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function page<R extends { id: string }, T>(rows: R[], limit: number, keyOf: (r: R) => string, map: (r: R) => T): PartyPage<T> {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return { items: items.map(map), nextCursor: more && last ? encodeCursor(keyOf(last), last.id) : null };
}

/** created_at within [from, to] (dates in America/Sao_Paulo, both inclusive). */
function createdBetween(column: AnyPgColumn, f: Filter): SQL[] {
  const out: SQL[] = [];
  if (f.createdFrom) out.push(sql`${column} >= (${f.createdFrom}::date::timestamp AT TIME ZONE 'America/Sao_Paulo')`);
  if (f.createdTo) out.push(sql`${column} < ((${f.createdTo}::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo')`);
  return out;
}

const LM = schema.crmListMembers;

/** The WHERE of the company's live organizations matching a contact filter (lists, segments, bulk actions, export). */
export function organizationsWhere(t: Pick<Tenant, 'companyId'>, f: Filter): SQL {
  const where: Array<SQL | undefined> = [eq(O.companyId, t.companyId), isNull(O.deletedAt)];
  if (f.q) {
    const digits = digitsOf(f.q);
    const cnpjPrefix = f.q.toUpperCase().replace(/[./\-\s]/g, '');
    const words = wordsQuery(f.q);
    const branches: SQL[] = [];
    if (words) branches.push(sql`to_tsvector('simple', ${searchText(sql`${O.razaoSocial} || ' ' || coalesce(${O.nomeFantasia}, '')`)}) @@ to_tsquery('simple', ${words})`);
    if (!/\s/.test(f.q)) branches.push(sql`lower(${O.email}) LIKE ${prefix(f.q.toLowerCase())}`);
    if (/^[0-9A-Z]{3,14}$/.test(cnpjPrefix)) branches.push(sql`${O.cnpj} LIKE ${prefix(cnpjPrefix)}`);
    if (digits.length >= 3 && digits.length === f.q.replace(/[\s()+\-.]/g, '').length) branches.push(sql`${O.phone} LIKE ${prefix(digits)}`);
    where.push(branches.length ? sql`(${sql.join(branches, sql` OR `)})` : sql`false`);
  }
  if (f.ownerId) where.push(eq(O.ownerId, f.ownerId));
  if (f.noOwner) where.push(isNull(O.ownerId));
  if (f.tag) where.push(sql`${O.tags} @> ARRAY[${f.tag}]::text[]`);
  if (f.hasEmail !== undefined) where.push(f.hasEmail ? sql`${O.email} IS NOT NULL` : sql`${O.email} IS NULL`);
  if (f.listId) where.push(sql`EXISTS (SELECT 1 FROM ${LM} WHERE ${LM.listId} = ${f.listId} AND ${LM.companyId} = ${t.companyId} AND ${LM.organizationId} = ${O.id})`);
  where.push(...createdBetween(O.createdAt, f));
  return and(...where)!;
}

/** The WHERE of the company's live people matching a contact filter. */
export function peopleWhere(t: Pick<Tenant, 'companyId'>, f: Filter): SQL {
  const where: Array<SQL | undefined> = [eq(P.companyId, t.companyId), isNull(P.deletedAt)];
  if (f.organizationId) where.push(eq(P.organizationId, f.organizationId));
  if (f.q) {
    const digits = digitsOf(f.q);
    const words = wordsQuery(f.q);
    const branches: SQL[] = [];
    if (words) branches.push(sql`to_tsvector('simple', ${searchText(sql`${P.name}`)}) @@ to_tsquery('simple', ${words})`);
    if (!/\s/.test(f.q)) branches.push(sql`lower(${P.emails}[1]) LIKE ${prefix(f.q.toLowerCase())}`, sql`${P.emails} @> ARRAY[${f.q.toLowerCase()}]::text[]`);
    // Digits typed as a phone or CPF (masks allowed): the main phone with or without the DDD, the CPF exactly.
    if (digits.length >= 3 && digits.length === f.q.replace(/[\s()+\-.]/g, '').length) {
      branches.push(sql`${P.phones}[1] LIKE ${prefix(digits)}`, sql`substr(${P.phones}[1], 3) LIKE ${prefix(digits)}`);
      if (digits.length === 11) branches.push(sql`${P.cpf} = ${digits}`);
    }
    where.push(branches.length ? sql`(${sql.join(branches, sql` OR `)})` : sql`false`);
  }
  if (f.ownerId) where.push(eq(P.ownerId, f.ownerId));
  if (f.noOwner) where.push(isNull(P.ownerId));
  if (f.tag) where.push(sql`${P.tags} @> ARRAY[${f.tag}]::text[]`);
  if (f.hasEmail !== undefined) where.push(f.hasEmail ? sql`cardinality(${P.emails}) > 0` : sql`cardinality(${P.emails}) = 0`);
  if (f.legalBasis) where.push(eq(P.legalBasis, f.legalBasis));
  if (f.listId) where.push(sql`EXISTS (SELECT 1 FROM ${LM} WHERE ${LM.listId} = ${f.listId} AND ${LM.companyId} = ${t.companyId} AND ${LM.personId} = ${P.id})`);
  where.push(...createdBetween(P.createdAt, f));
  return and(...where)!;
}

/** An owner from a request: a member of the company, else a 400. */
async function checkOwner(db: DbOrTx, companyId: string, ownerId: string | null | undefined) {
  if (!ownerId) return;
  const [m] = await db
    .select({ id: schema.companyMembers.id })
    .from(schema.companyMembers)
    .where(and(eq(schema.companyMembers.companyId, companyId), eq(schema.companyMembers.userId, ownerId)))
    .limit(1);
  if (!m) throw badRequest(PARTIES_MESSAGES.ownerNotMember, 'OWNER_NOT_MEMBER');
}
export { checkOwner };

/** Whether `id` names a live (not deleted) organization of the company. */
export async function isLiveOrganization(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: O.id }).from(O).where(and(eq(O.id, id), eq(O.companyId, companyId), isNull(O.deletedAt)));
  return Boolean(row);
}

/** Whether `id` names a person of the company. */
export async function isCompanyPerson(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: P.id }).from(P).where(and(eq(P.id, id), eq(P.companyId, companyId)));
  return Boolean(row);
}

// ---- organizations ----

async function liveOrganization(db: DbOrTx, companyId: string, id: string): Promise<OrgRow> {
  if (!isUuid(id)) throw notFound(PARTIES_MESSAGES.organizationNotFound);
  const [row] = await db.select().from(O).where(and(eq(O.id, id), eq(O.companyId, companyId), isNull(O.deletedAt)));
  if (!row) throw notFound(PARTIES_MESSAGES.organizationNotFound);
  return row;
}

export async function listOrganizations(t: Tenant, q: ListQuery): Promise<PartyPage<Organization>> {
  const { orderBy, after } = ordering(q, sql`lower(${O.razaoSocial})`, O.createdAt, O.id);
  const rows = await t.db
    .select({ org: O, createdKey: exactTime(O.createdAt) })
    .from(O)
    .where(and(organizationsWhere(t, q), after, changedSince(O.updatedAt, q.updatedSince)))
    .orderBy(...orderBy)
    .limit(q.limit + 1);
  const flat = rows.map((r) => ({ id: r.org.id, row: r.org, createdKey: r.createdKey }));
  return page(flat, q.limit, (r) => cursorKey(q, r.row.razaoSocial, r.createdKey), (r) => toOrganization(r.row));
}

export const getOrganization = async (t: Tenant, id: string) => toOrganization(await liveOrganization(t.db, t.companyId, id));

export async function createOrganization(s: Services, t: Tenant, input: z.output<typeof organizationCreateSchema>): Promise<Organization> {
  await checkOwner(t.db, t.companyId, input.ownerId);
  const customFields = input.customFields === undefined ? undefined : mergeCustomFields({}, await checkPartyCustomFields(s, t, 'organization', input.customFields, { creating: true }));
  const [row] = await mapUnique(() =>
    t.db
      .insert(O)
      .values({ ...input, customFields, companyId: t.companyId, createdBy: t.actorId })
      .returning(),
  );
  await changed(t.db, t, 'organization', row!.id);
  return toOrganization(row!);
}

export async function updateOrganization(s: Services, t: Tenant, id: string, input: z.output<typeof organizationUpdateSchema>): Promise<Organization> {
  const current = await liveOrganization(t.db, t.companyId, id);
  await checkOwner(t.db, t.companyId, input.ownerId);
  const customFields = input.customFields === undefined ? undefined : mergeCustomFields(current.customFields, await checkPartyCustomFields(s, t, 'organization', input.customFields));
  const [row] = await mapUnique(() =>
    t.db
      .update(O)
      .set({ ...input, customFields, updatedAt: new Date() })
      .where(and(eq(O.id, id), eq(O.companyId, t.companyId), isNull(O.deletedAt)))
      .returning(),
  );
  if (!row) throw notFound(PARTIES_MESSAGES.organizationNotFound);
  await changed(t.db, t, 'organization', id);
  return toOrganization(row);
}

/** Soft deletion: the organization leaves every list, its people are unlinked; an audit line. */
export async function deleteOrganization(t: Tenant, id: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    const org = await liveOrganization(tx, t.companyId, id);
    await tx.update(O).set({ deletedAt: new Date() }).where(and(eq(O.id, id), eq(O.companyId, t.companyId)));
    await tx.update(P).set({ organizationId: null, updatedAt: new Date() }).where(and(eq(P.companyId, t.companyId), eq(P.organizationId, id)));
    await logAudit(tx, t, { action: 'organization_deleted', entity: 'organization', id, details: { label: org.razaoSocial } });
    await changed(tx, t, 'organization', id);
  });
}

/**
 * The company's organization with this CNPJ, or a new one filled from the lookup record.
 * Concurrent calls end with one row (the unique index decides).
 */
export async function findOrCreateOrganizationFromRecord(t: Tenant, record: NormalizedCompany): Promise<{ organization: Organization; created: boolean }> {
  const cnpj = record.cnpj;
  const existing = async () => {
    const [row] = await t.db.select().from(O).where(and(eq(O.companyId, t.companyId), eq(O.cnpj, cnpj), isNull(O.deletedAt)));
    return row;
  };
  const found = await existing();
  if (found) return { organization: toOrganization(found), created: false };
  const clip = (v: string | null, max = 200) => (v ? v.slice(0, max) : null);
  const [row] = await t.db
    .insert(O)
    .values({
      companyId: t.companyId,
      createdBy: t.actorId,
      cnpj,
      razaoSocial: record.razao_social.slice(0, 300) || cnpj,
      nomeFantasia: clip(record.nome_fantasia, 300),
      email: clip(record.email?.toLowerCase() ?? null, 320),
      phone: record.telefone && /^\d{10,11}$/.test(record.telefone) ? record.telefone : null,
      logradouro: clip(record.logradouro),
      numero: clip(record.numero, 20),
      bairro: clip(record.bairro),
      municipio: clip(record.municipio),
      uf: record.uf && /^[A-Z]{2}$/.test(record.uf) ? record.uf : null,
      cep: record.cep && /^\d{8}$/.test(record.cep) ? record.cep : null,
    })
    .onConflictDoNothing()
    .returning();
  if (row) {
    await changed(t.db, t, 'organization', row.id);
    return { organization: toOrganization(row), created: true };
  }
  const raced = await existing();
  if (!raced) throw conflict(PARTIES_MESSAGES.cnpjTaken, 'CNPJ_TAKEN');
  return { organization: toOrganization(raced), created: false };
}

// ---- people ----

const orgSummary = { id: O.id, razaoSocial: O.razaoSocial, nomeFantasia: O.nomeFantasia };

/** A person of the company; `withDeleted` for the LGPD export and erasure (data still held). */
async function personRow(db: DbOrTx, companyId: string, id: string, withDeleted = false): Promise<PersonRow> {
  if (!isUuid(id)) throw notFound(PARTIES_MESSAGES.personNotFound);
  const [row] = await db
    .select()
    .from(P)
    .where(and(eq(P.id, id), eq(P.companyId, companyId), withDeleted ? undefined : isNull(P.deletedAt)));
  if (!row) throw notFound(PARTIES_MESSAGES.personNotFound);
  return row;
}

async function summaryOf(db: DbOrTx, companyId: string, organizationId: string | null) {
  if (!organizationId) return null;
  const [org] = await db.select(orgSummary).from(O).where(and(eq(O.id, organizationId), eq(O.companyId, companyId), isNull(O.deletedAt)));
  return org ?? null;
}

/** An organization id from a request: the company's own live organization, else a 400. */
async function checkOrganization(db: DbOrTx, companyId: string, organizationId: string | null | undefined) {
  if (!organizationId) return;
  if (!(await summaryOf(db, companyId, organizationId))) throw badRequest(PARTIES_MESSAGES.organizationNotFound, 'ORGANIZATION_NOT_FOUND');
}

const contactsOf = (emails: readonly string[] = [], phones: readonly string[] = []): Contact[] => [...emails.map((email) => ({ email })), ...phones.map((phone) => ({ phone }))];

export async function listPeople(t: Tenant, q: ListQuery): Promise<PartyPage<Person>> {
  const { orderBy, after } = ordering(q, sql`lower(${P.name})`, P.createdAt, P.id);
  const rows = await t.db
    .select({ person: P, org: orgSummary, createdKey: exactTime(P.createdAt) })
    .from(P)
    .leftJoin(O, and(eq(O.id, P.organizationId), eq(O.companyId, P.companyId), isNull(O.deletedAt)))
    .where(and(peopleWhere(t, q), after, changedSince(P.updatedAt, q.updatedSince)))
    .orderBy(...orderBy)
    .limit(q.limit + 1);
  const flat = rows.map((r) => ({ id: r.person.id, row: r.person, org: r.org?.id ? r.org : null, createdKey: r.createdKey }));
  return page(flat, q.limit, (r) => cursorKey(q, r.row.name, r.createdKey), (r) => toPerson(r.row, r.org));
}

export async function getPerson(t: Pick<Tenant, 'db' | 'companyId'>, id: string): Promise<Person> {
  const row = await personRow(t.db, t.companyId, id);
  return toPerson(row, await summaryOf(t.db, t.companyId, row.organizationId));
}

export async function createPerson(s: Services, t: Tenant, input: z.output<typeof personCreateSchema>): Promise<Person> {
  await checkOrganization(t.db, t.companyId, input.organizationId);
  await checkOwner(t.db, t.companyId, input.ownerId);
  // Someone erased before stays unreachable when entered again (decision 0126).
  const customFields = input.customFields === undefined ? undefined : mergeCustomFields({}, await checkPartyCustomFields(s, t, 'person', input.customFields, { creating: true }));
  const listed = await anyListed(s, t.db, t.companyId, contactsOf(input.emails, input.phones));
  const [row] = await mapUnique(() =>
    t.db
      .insert(P)
      .values({ ...input, customFields, suppressed: input.suppressed || listed, companyId: t.companyId, createdBy: t.actorId })
      .returning(),
  );
  await changed(t.db, t, 'person', row!.id);
  return toPerson(row!, await summaryOf(t.db, t.companyId, row!.organizationId));
}

export async function updatePerson(s: Services, t: Tenant, id: string, input: z.output<typeof personUpdateSchema>): Promise<Person> {
  const current = await personRow(t.db, t.companyId, id);
  await checkOrganization(t.db, t.companyId, input.organizationId);
  await checkOwner(t.db, t.companyId, input.ownerId);
  const customFields = input.customFields === undefined ? undefined : mergeCustomFields(current.customFields, await checkPartyCustomFields(s, t, 'person', input.customFields));
  const listed = await anyListed(s, t.db, t.companyId, contactsOf(input.emails, input.phones));
  const [row] = await mapUnique(() =>
    t.db
      .update(P)
      .set({ ...input, customFields, ...(listed ? { suppressed: true } : {}), updatedAt: new Date() })
      .where(and(eq(P.id, id), eq(P.companyId, t.companyId), isNull(P.deletedAt)))
      .returning(),
  );
  if (!row) throw notFound(PARTIES_MESSAGES.personNotFound);
  await changed(t.db, t, 'person', id);
  return toPerson(row, await summaryOf(t.db, t.companyId, row.organizationId));
}

/** Soft deletion (the row is kept until erased); an audit line without personal data. */
export async function deletePerson(t: Tenant, id: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    await personRow(tx, t.companyId, id);
    await tx.update(P).set({ deletedAt: new Date() }).where(and(eq(P.id, id), eq(P.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'person_deleted', entity: 'person', id });
    await changed(tx, t, 'person', id);
  });
}

/** Everything held about one person (LGPD art. 18, II), and the audit line of the export. */
export async function exportPerson(s: Services, t: Tenant, id: string, format: 'json' | 'csv'): Promise<PersonExport> {
  const row = await personRow(t.db, t.companyId, id, true);
  const areas: Record<string, unknown> = {};
  for (const [key, part] of personHooks(s).exportParts) areas[key] = await part(t, id);
  const [org] = row.organizationId ? await t.db.select().from(O).where(and(eq(O.id, row.organizationId), eq(O.companyId, t.companyId))) : [];
  const [company] = await t.db.select({ id: schema.companies.id, name: schema.companies.name }).from(schema.companies).where(eq(schema.companies.id, t.companyId));
  await logAudit(t.db, t, { action: 'person_data_exported', entity: 'person', id, details: { format } });
  return {
    exportedAt: new Date().toISOString(),
    company: company!,
    person: toPerson(row, org ? { id: org.id, razaoSocial: org.razaoSocial, nomeFantasia: org.nomeFantasia } : null),
    organization: org ? toOrganization(org) : null,
    legalBasisLabel: row.legalBasis ? (LEGAL_BASES[row.legalBasis as LegalBasis] ?? row.legalBasis) : null,
    areas,
  };
}

/**
 * LGPD erasure (art. 18, VI): the person's row goes (name, e-mails, phones, CPF, notes, LGPD
 * fields); only the suppression hashes of their e-mails and phones stay, so they are never
 * contacted again. One transaction with the audit line, which names no personal data.
 */
export async function erasePerson(s: Services, t: Tenant, id: string): Promise<{ erased: true; suppressedContacts: number }> {
  return t.db.transaction(async (tx) => {
    const row = await personRow(tx, t.companyId, id, true);
    const contacts = contactsOf(row.emails, row.phones);
    await suppress(s, tx, t.companyId, contacts, 'erasure');
    for (const step of personHooks(s).erasureSteps) await step(tx, t, id);
    await tx.delete(P).where(and(eq(P.id, id), eq(P.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'person_data_erased', entity: 'person', id, details: { contacts: contacts.length } });
    await changed(tx, t, 'person', id);
    return { erased: true as const, suppressedContacts: contacts.length };
  });
}
