import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { CRM_CONTACTS_MESSAGES, type bulkSchema, type ContactEntity, type CrmList, type CrmSegment, type listCreateSchema, type listMembersSchema, type listUpdateSchema, type segmentCreateSchema, type segmentUpdateSchema } from '@sede/shared/crm/contacts';
import { contactFilterSchema, LEGAL_BASES, type ContactFilter, type LegalBasis } from '@sede/shared/platform/parties';
import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import type { z } from 'zod';
import { AppError, forbidden } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { Tenant } from '../../services.ts';
import { foundOr404 } from '../../platform/tenant.ts';
import { checkOwner, organizationsWhere, peopleWhere } from '../parties/public.ts';
import { CSV_BOM, csvLine } from '../../platform/spreadsheets/writer.ts';

const L = schema.crmLists;
const LM = schema.crmListMembers;
const S = schema.crmSegments;
const P = schema.people;
const O = schema.organizations;

// ---- lists ----

// Column references qualified by hand: Drizzle leaves them bare inside a select's sql.
const memberCounts = () => ({
  peopleCount: sql<number>`(SELECT count(*)::int FROM crm_list_members m JOIN people p ON p.id = m.person_id AND p.deleted_at IS NULL WHERE m.list_id = "crm_lists"."id")`,
  organizationsCount: sql<number>`(SELECT count(*)::int FROM crm_list_members m JOIN organizations o ON o.id = m.organization_id AND o.deleted_at IS NULL WHERE m.list_id = "crm_lists"."id")`,
});

type ListRow = typeof L.$inferSelect & { peopleCount: number; organizationsCount: number };
const toList = (r: ListRow): CrmList => ({
  id: r.id,
  name: r.name,
  description: r.description,
  peopleCount: r.peopleCount,
  organizationsCount: r.organizationsCount,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const listColumns = {
  id: L.id,
  companyId: L.companyId,
  name: L.name,
  description: L.description,
  createdBy: L.createdBy,
  createdAt: L.createdAt,
  updatedAt: L.updatedAt,
  ...memberCounts(),
};

export async function listLists(t: Tenant): Promise<CrmList[]> {
  const rows = await t.db.select(listColumns).from(L).where(eq(L.companyId, t.companyId)).orderBy(desc(L.createdAt), desc(L.id)).limit(500);
  return rows.map(toList);
}

const listRow = (db: DbOrTx, companyId: string, id: string) =>
  foundOr404(id, CRM_CONTACTS_MESSAGES.listNotFound, () => db.select(listColumns).from(L).where(and(eq(L.id, id), eq(L.companyId, companyId))));

export const getList = async (t: Tenant, id: string) => toList(await listRow(t.db, t.companyId, id));

export async function createList(t: Tenant, input: z.output<typeof listCreateSchema>): Promise<CrmList> {
  const [row] = await t.db.insert(L).values({ companyId: t.companyId, name: input.name, description: input.description ?? null, createdBy: t.actorId }).returning();
  return toList({ ...row!, peopleCount: 0, organizationsCount: 0 });
}

export async function updateList(t: Tenant, id: string, input: z.output<typeof listUpdateSchema>): Promise<CrmList> {
  await listRow(t.db, t.companyId, id);
  await patchNamed(t, L, id, { name: input.name, description: input.description });
  return getList(t, id);
}

export const deleteList = (t: Tenant, id: string) => deleteNamed(t, id, { table: L, row: listRow, entity: 'crm_list' });

/** Writes what a PATCH of a list or a segment sent (drizzle leaves the fields it did not send, undefined, out). */
const patchNamed = (t: Tenant, table: typeof L | typeof S, id: string, fields: Partial<typeof L.$inferInsert & typeof S.$inferInsert>) =>
  t.db
    .update(table)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(table.id, id), eq(table.companyId, t.companyId)));

/** Deletes a list or a segment of the company (404 when it is not one), audited with its name. */
async function deleteNamed(t: Tenant, id: string, what: { table: typeof L | typeof S; row: (db: DbOrTx, companyId: string, id: string) => Promise<{ name: string }>; entity: 'crm_list' | 'crm_segment' }) {
  await t.db.transaction(async (tx) => {
    const row = await what.row(tx, t.companyId, id);
    await tx.delete(what.table).where(and(eq(what.table.id, id), eq(what.table.companyId, t.companyId)));
    await logAudit(tx, t, { action: what.entity === 'crm_list' ? 'crm_list_deleted' : 'crm_segment_deleted', entity: what.entity, id, details: { label: row.name } });
  });
}

/** Ids of the company's live people / organizations among `ids`; any other (another company's, deleted) is a 404, nothing changed. */
async function ownIds(db: DbOrTx, companyId: string, entity: ContactEntity, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const T = entity === 'people' ? P : O;
  const found = await db
    .select({ id: T.id })
    .from(T)
    .where(and(eq(T.companyId, companyId), isNull(T.deletedAt), inArray(T.id, unique)));
  if (found.length !== unique.length) throw new AppError(404, 'CONTACTS_NOT_FOUND', CRM_CONTACTS_MESSAGES.someNotFound);
  return unique;
}

export async function addListMembers(t: Tenant, id: string, input: z.output<typeof listMembersSchema>): Promise<{ added: number }> {
  return t.db.transaction(async (tx) => {
    await listRow(tx, t.companyId, id);
    const people = await ownIds(tx, t.companyId, 'people', input.personIds ?? []);
    const orgs = await ownIds(tx, t.companyId, 'organizations', input.organizationIds ?? []);
    const values = [
      ...people.map((personId) => ({ companyId: t.companyId, listId: id, personId, addedBy: t.actorId })),
      ...orgs.map((organizationId) => ({ companyId: t.companyId, listId: id, organizationId, addedBy: t.actorId })),
    ];
    const added = await tx.insert(LM).values(values).onConflictDoNothing().returning({ id: LM.id });
    await tx.update(L).set({ updatedAt: new Date() }).where(eq(L.id, id));
    return { added: added.length };
  });
}

export async function removeListMembers(t: Tenant, id: string, input: z.output<typeof listMembersSchema>): Promise<{ removed: number }> {
  return t.db.transaction(async (tx) => {
    await listRow(tx, t.companyId, id);
    const people = input.personIds ?? [];
    const orgs = input.organizationIds ?? [];
    const removed = await tx
      .delete(LM)
      .where(
        and(
          eq(LM.companyId, t.companyId),
          eq(LM.listId, id),
          sql`(${people.length ? inArray(LM.personId, people) : sql`false`} OR ${orgs.length ? inArray(LM.organizationId, orgs) : sql`false`})`,
        ),
      )
      .returning({ id: LM.id });
    return { removed: removed.length };
  });
}

// ---- segments ----

const whereOf = (t: Pick<Tenant, 'companyId'>, entity: ContactEntity, filter: ContactFilter) => (entity === 'people' ? peopleWhere(t, filter) : organizationsWhere(t, filter));

async function countMatching(db: DbOrTx, t: Pick<Tenant, 'companyId'>, entity: ContactEntity, filter: ContactFilter): Promise<number> {
  const T = entity === 'people' ? P : O;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(T).where(whereOf(t, entity, filter));
  return row?.n ?? 0;
}

/** A stored filter, read back through the shared schema (a filter saved by an older version that no longer parses matches nothing new: it is emptied). */
const storedFilter = (value: unknown): ContactFilter => {
  const parsed = contactFilterSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
};

type SegmentRow = typeof S.$inferSelect;
const toSegment = (r: SegmentRow, count: number): CrmSegment => ({
  id: r.id,
  name: r.name,
  entity: r.entity as ContactEntity,
  filter: storedFilter(r.filter),
  count,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listSegments(t: Tenant): Promise<CrmSegment[]> {
  const rows = await t.db.select().from(S).where(eq(S.companyId, t.companyId)).orderBy(desc(S.createdAt), desc(S.id)).limit(200);
  const out: CrmSegment[] = [];
  for (const r of rows) out.push(toSegment(r, await countMatching(t.db, t, r.entity as ContactEntity, storedFilter(r.filter))));
  return out;
}

const segmentRow = (db: DbOrTx, companyId: string, id: string): Promise<SegmentRow> =>
  foundOr404(id, CRM_CONTACTS_MESSAGES.segmentNotFound, () => db.select().from(S).where(and(eq(S.id, id), eq(S.companyId, companyId))));

export async function getSegment(t: Tenant, id: string): Promise<CrmSegment> {
  const row = await segmentRow(t.db, t.companyId, id);
  return toSegment(row, await countMatching(t.db, t, row.entity as ContactEntity, storedFilter(row.filter)));
}

/** A filter naming a list must name one of the company's lists. */
async function checkFilter(db: DbOrTx, companyId: string, filter: ContactFilter) {
  if (filter.listId) await listRow(db, companyId, filter.listId);
}

export async function createSegment(t: Tenant, input: z.output<typeof segmentCreateSchema>): Promise<CrmSegment> {
  await checkFilter(t.db, t.companyId, input.filter);
  const [row] = await t.db.insert(S).values({ companyId: t.companyId, name: input.name, entity: input.entity, filter: input.filter, createdBy: t.actorId }).returning();
  return toSegment(row!, await countMatching(t.db, t, input.entity, input.filter));
}

export async function updateSegment(t: Tenant, id: string, input: z.output<typeof segmentUpdateSchema>): Promise<CrmSegment> {
  await segmentRow(t.db, t.companyId, id);
  if (input.filter) await checkFilter(t.db, t.companyId, input.filter);
  await patchNamed(t, S, id, { name: input.name, filter: input.filter });
  return getSegment(t, id);
}

export const deleteSegment = (t: Tenant, id: string) => deleteNamed(t, id, { table: S, row: segmentRow, entity: 'crm_segment' });

// ---- bulk actions ----

/**
 * One action on the selected contacts or on every contact matching a filter, in one
 * transaction with its audit line (decision 0157). Deleting needs `parties.delete` (403).
 */
export async function bulkAction(t: Tenant, viewer: Viewer, input: z.output<typeof bulkSchema>): Promise<{ affected: number }> {
  const { entity, target, action } = input;
  if (action.type === 'delete' && !canAny(grantsFor(viewer.membership), ['parties.delete'])) throw forbidden();
  const T = entity === 'people' ? P : O;
  return t.db.transaction(async (tx) => {
    let where: SQL;
    if (target.ids) {
      const ids = await ownIds(tx, t.companyId, entity, target.ids);
      where = and(eq(T.companyId, t.companyId), isNull(T.deletedAt), inArray(T.id, ids))!;
    } else {
      const filter = target.filter ?? {};
      await checkFilter(tx, t.companyId, filter);
      where = whereOf(t, entity, filter);
    }
    let affected = 0;
    switch (action.type) {
      case 'add_to_list': {
        await listRow(tx, t.companyId, action.listId);
        const column = entity === 'people' ? sql`person_id` : sql`organization_id`;
        const res = await tx.execute(
          sql`INSERT INTO ${LM} (company_id, list_id, ${column}, added_by) SELECT ${t.companyId}::uuid, ${action.listId}::uuid, ${T.id}, ${t.actorId} FROM ${T} WHERE ${where} ON CONFLICT DO NOTHING`,
        );
        affected = res.rowCount ?? 0;
        await tx.update(L).set({ updatedAt: new Date() }).where(eq(L.id, action.listId));
        break;
      }
      case 'tag': {
        const add = action.add;
        const remove = action.remove;
        const res = await tx
          .update(T)
          .set({
            // Arrays as JSON parameters (Drizzle spreads a JS array into a list of parameters).
            tags: sql`ARRAY(SELECT x FROM unnest(array_cat(${T.tags}, ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(add)}::jsonb)))) WITH ORDINALITY AS u(x, n)
                       WHERE NOT (${JSON.stringify(remove)}::jsonb ? x) GROUP BY x ORDER BY min(n))`,
            updatedAt: new Date(),
          })
          .where(where)
          .returning({ id: T.id });
        affected = res.length;
        break;
      }
      case 'assign_owner': {
        await checkOwner(tx, t.companyId, action.ownerId);
        const res = await tx.update(T).set({ ownerId: action.ownerId, updatedAt: new Date() }).where(where).returning({ id: T.id });
        affected = res.length;
        break;
      }
      case 'delete': {
        const res = await tx.update(T).set({ deletedAt: new Date() }).where(where).returning({ id: T.id });
        affected = res.length;
        if (entity === 'organizations' && res.length) {
          await tx
            .update(P)
            .set({ organizationId: null, updatedAt: new Date() })
            .where(and(eq(P.companyId, t.companyId), inArray(P.organizationId, res.map((r) => r.id))));
        }
        break;
      }
    }
    await logAudit(tx, t, {
      action: entity === 'people' ? (action.type === 'delete' ? 'people_bulk_deleted' : 'people_bulk_updated') : action.type === 'delete' ? 'organizations_bulk_deleted' : 'organizations_bulk_updated',
      entity,
      id: null,
      details: { count: affected, operation: action.type },
    });
    return { affected };
  });
}

// ---- export ----

const PEOPLE_HEADER = ['Nome', 'E-mails', 'Telefones', 'CPF', 'Cargo', 'Organização', 'Responsável', 'Etiquetas', 'Base legal', 'Criado em'];
const ORGS_HEADER = ['Razão social', 'Nome fantasia', 'CNPJ', 'E-mail', 'Telefone', 'Município', 'UF', 'Responsável', 'Etiquetas', 'Criado em'];
const line = csvLine;

/** The contacts matching a filter as CSV (UTF-8 with BOM, formula cells defused), read in pages; audited. */
export async function exportCsv(t: Tenant, entity: ContactEntity, filter: ContactFilter): Promise<AsyncGenerator<string>> {
  await checkFilter(t.db, t.companyId, filter);
  await logAudit(t.db, t, { action: entity === 'people' ? 'people_exported' : 'organizations_exported', entity, id: null, details: { format: 'csv' } });
  return exportRows(t, entity, filter);
}

async function* exportRows(t: Tenant, entity: ContactEntity, filter: ContactFilter): AsyncGenerator<string> {
  const U = schema.user;
  yield `${CSV_BOM}${line(entity === 'people' ? PEOPLE_HEADER : ORGS_HEADER)}`;
  let after: string | null = null;
  for (;;) {
    if (entity === 'people') {
      const rows = await t.db
        .select({ p: P, org: O.razaoSocial, owner: U.name })
        .from(P)
        .leftJoin(O, and(eq(O.id, P.organizationId), eq(O.companyId, P.companyId)))
        .leftJoin(U, eq(U.id, P.ownerId))
        .where(and(peopleWhere(t, filter), after ? sql`${P.id} > ${after}::uuid` : undefined))
        .orderBy(P.id)
        .limit(1000);
      if (!rows.length) return;
      yield rows
        .map(({ p, org, owner }) =>
          line([p.name, p.emails, p.phones, p.cpf, p.position, org, owner, p.tags, p.legalBasis ? LEGAL_BASES[p.legalBasis as LegalBasis] : null, p.createdAt]),
        )
        .join('');
      after = rows[rows.length - 1]!.p.id;
    } else {
      const rows = await t.db
        .select({ o: O, owner: U.name })
        .from(O)
        .leftJoin(U, eq(U.id, O.ownerId))
        .where(and(organizationsWhere(t, filter), after ? sql`${O.id} > ${after}::uuid` : undefined))
        .orderBy(O.id)
        .limit(1000);
      if (!rows.length) return;
      yield rows.map(({ o, owner }) => line([o.razaoSocial, o.nomeFantasia, o.cnpj, o.email, o.phone, o.municipio, o.uf, owner, o.tags, o.createdAt])).join('');
      after = rows[rows.length - 1]!.o.id;
    }
  }
}

// ---- audiences (decision 0250: the campaigns read the people of a list or segment) ----

/**
 * The people of a list, or of a segment (a segment of organizations: the people of those
 * organizations), as a condition on `people`, with the list's or segment's name. A foreign or
 * unknown id is the list's or segment's 404.
 */
export async function audienceWhere(t: Pick<Tenant, 'db' | 'companyId'>, source: { listId: string } | { segmentId: string }): Promise<{ where: SQL; name: string }> {
  if ('listId' in source) {
    const row = await listRow(t.db, t.companyId, source.listId);
    return { where: peopleWhere(t, { listId: row.id }), name: row.name };
  }
  const row = await segmentRow(t.db, t.companyId, source.segmentId);
  const filter = storedFilter(row.filter);
  if (row.entity === 'people') return { where: peopleWhere(t, filter), name: row.name };
  const orgs = t.db.select({ id: O.id }).from(O).where(organizationsWhere(t, filter));
  return { where: and(peopleWhere(t, {}), inArray(P.organizationId, orgs))!, name: row.name };
}
