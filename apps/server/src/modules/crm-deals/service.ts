import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { checkCustomFields, DEALS_MESSAGES as M, DEFAULT_PIPELINE_NAME, DEFAULT_STAGES, fieldKeyOf, isUuid, MAX_CUSTOM_FIELDS, MAX_STAGES, type Board, type BoardFilters, type ColumnTotals, type CustomField, type DealCard, type CustomFieldEntity, type CustomFieldType, type Deal, type DealMoved, type DealPage, type Pipeline, type Stage, type customFieldCreateSchema, type customFieldUpdateSchema, type dealCreateSchema, type dealListQuerySchema, type dealLostSchema, type dealMoveSchema, type dealUpdateSchema, type dealWonSchema, type pipelineCreateSchema, type stageCreateSchema, type stageUpdateSchema } from '@sede/shared/crm/deals';
import { POSITION_STEP, positionBetween } from '@sede/shared/crm/position';
import type { z } from 'zod';
import { badRequest, conflict, notFound, updatedRow } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { dropPosition, moveNeighbours } from '../../platform/card-position.ts';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import { announce } from '../../platform/live/announce.ts';
import { isoFromEpoch } from '../../platform/iso-time.ts';
import { runPrepared } from '../../platform/prepared.ts';
import type { Tenant } from '../../services.ts';
import { isLiveOrganization } from '../parties/public.ts';
import { foundOr404 } from '../../platform/tenant.ts';
import { checkContacts, requestedContacts, writeContacts } from './contacts.ts';
import { CARD_JOINS, cardById, columnPage, columnTotals, dealDetail, filterSql, firstPages, toCard, type CardRow, type DetailRow } from './queries.ts';

const P = schema.crmPipelines;
const S = schema.crmStages;
const D = schema.deals;
const H = schema.dealStageHistory;
const F = schema.crmCustomFields;

type Out<T extends z.ZodType> = z.output<T>;

// ---------------------------------------------------------------------------------------------
// Live updates: a deal's writes announce the deal; settings announce the pipeline.

const dealChanged = (db: DbOrTx, t: Tenant, id: string, action: string) => announce(db, { companyId: t.companyId, entity: 'deal', id, action });
const pipelineChanged = (db: DbOrTx, t: Tenant, id: string, action = 'updated') => announce(db, { companyId: t.companyId, entity: 'crm_pipeline', id, action });

// ---------------------------------------------------------------------------------------------
// Pipelines and stages

const toStage = (r: typeof S.$inferSelect): Stage => ({ id: r.id, pipelineId: r.pipelineId, name: r.name, position: r.position, probability: r.probability });

async function pipelinesOf(db: DbOrTx, companyId: string): Promise<Pipeline[]> {
  const pipes = await db.select().from(P).where(eq(P.companyId, companyId)).orderBy(asc(P.position), asc(P.createdAt));
  if (!pipes.length) return [];
  const stages = await db.select().from(S).where(eq(S.companyId, companyId)).orderBy(asc(S.position), asc(S.createdAt));
  return pipes.map((p) => ({ id: p.id, name: p.name, position: p.position, stages: stages.filter((s) => s.pipelineId === p.id).map(toStage) }));
}

/**
 * The company's pipelines; the first time the board opens a company without any gets the
 * default 'Funil de vendas' with Brazilian stages (decision 0150), once even when two pages
 * open it at the same moment (a transaction-scoped advisory lock per company).
 */
export async function listPipelines(t: Tenant): Promise<Pipeline[]> {
  const existing = await pipelinesOf(t.db, t.companyId);
  if (existing.length) return existing;
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`crm-default-pipeline:${t.companyId}`}))`);
    const again = await pipelinesOf(tx, t.companyId);
    if (again.length) return again;
    await insertPipeline(tx, t, DEFAULT_PIPELINE_NAME, DEFAULT_STAGES);
    return pipelinesOf(tx, t.companyId);
  });
}

async function insertPipeline(tx: DbOrTx, t: Tenant, name: string, stages: ReadonlyArray<{ name: string; probability: number }>): Promise<string> {
  const [{ max } = { max: -1 }] = await tx
    .select({ max: sql<number>`COALESCE(max(${P.position}), -1)::int` })
    .from(P)
    .where(eq(P.companyId, t.companyId));
  const [pipe] = await tx.insert(P).values({ companyId: t.companyId, name, position: max + 1 }).returning({ id: P.id });
  await tx.insert(S).values(stages.map((s, i) => ({ companyId: t.companyId, pipelineId: pipe!.id, name: s.name, probability: s.probability, position: i })));
  return pipe!.id;
}

const pipelineRow = (db: DbOrTx, companyId: string, id: string) => foundOr404(id, M.pipelineNotFound, () => db.select().from(P).where(and(eq(P.id, id), eq(P.companyId, companyId))));

export async function getPipeline(t: Tenant, id: string): Promise<Pipeline> {
  const row = await pipelineRow(t.db, t.companyId, id);
  const stages = await t.db.select().from(S).where(and(eq(S.companyId, t.companyId), eq(S.pipelineId, id))).orderBy(asc(S.position), asc(S.createdAt));
  return { id: row.id, name: row.name, position: row.position, stages: stages.map(toStage) };
}

export async function createPipeline(t: Tenant, input: Out<typeof pipelineCreateSchema>): Promise<Pipeline> {
  const id = await t.db.transaction(async (tx) => {
    const id = await insertPipeline(tx, t, input.name, input.stages ?? DEFAULT_STAGES);
    await logAudit(tx, t, { action: 'crm_pipeline_created', entity: 'crm_pipeline', id, details: { label: input.name, change: 'created' } });
    await pipelineChanged(tx, t, id, 'created');
    return id;
  });
  return getPipeline(t, id);
}

export async function renamePipeline(t: Tenant, id: string, name: string): Promise<Pipeline> {
  await t.db.transaction(async (tx) => {
    await pipelineRow(tx, t.companyId, id);
    await tx.update(P).set({ name, updatedAt: new Date() }).where(and(eq(P.id, id), eq(P.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'crm_pipeline_renamed', entity: 'crm_pipeline', id, details: { label: name, change: 'renamed' } });
    await pipelineChanged(tx, t, id);
  });
  return getPipeline(t, id);
}

export async function deletePipeline(t: Tenant, id: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    const row = await pipelineRow(tx, t.companyId, id);
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(P).where(eq(P.companyId, t.companyId));
    if (n <= 1) throw conflict(M.lastPipeline, 'LAST_PIPELINE');
    const [deal] = await tx.select({ id: D.id }).from(D).where(and(eq(D.companyId, t.companyId), eq(D.pipelineId, id))).limit(1);
    if (deal) throw conflict(M.pipelineHasDeals, 'PIPELINE_HAS_DEALS');
    await tx.delete(P).where(and(eq(P.id, id), eq(P.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'crm_pipeline_deleted', entity: 'crm_pipeline', id, details: { label: row.name } });
    await pipelineChanged(tx, t, id, 'deleted');
  });
}

async function stageRow(db: DbOrTx, companyId: string, id: string) {
  if (!isUuid(id)) throw notFound(M.stageNotFound);
  const [row] = await db.select().from(S).where(and(eq(S.id, id), eq(S.companyId, companyId)));
  if (!row) throw notFound(M.stageNotFound);
  return row;
}

export async function addStage(t: Tenant, pipelineId: string, input: Out<typeof stageCreateSchema>): Promise<Pipeline> {
  await t.db.transaction(async (tx) => {
    await pipelineRow(tx, t.companyId, pipelineId);
    await tx.execute(sql`SELECT id FROM crm_pipelines WHERE id = ${pipelineId} FOR UPDATE`);
    const [{ n, max } = { n: 0, max: -1 }] = await tx
      .select({ n: sql<number>`count(*)::int`, max: sql<number>`COALESCE(max(${S.position}), -1)::int` })
      .from(S)
      .where(and(eq(S.companyId, t.companyId), eq(S.pipelineId, pipelineId)));
    if (n >= MAX_STAGES) throw conflict(M.tooManyStages, 'TOO_MANY_STAGES');
    const [stage] = await tx.insert(S).values({ companyId: t.companyId, pipelineId, name: input.name, probability: input.probability, position: max + 1 }).returning({ id: S.id });
    await logAudit(tx, t, { action: 'crm_stage_created', entity: 'crm_stage', id: stage!.id, details: { label: input.name, change: 'created' } });
    await pipelineChanged(tx, t, pipelineId);
  });
  return getPipeline(t, pipelineId);
}

export async function updateStage(t: Tenant, id: string, input: Out<typeof stageUpdateSchema>): Promise<Pipeline> {
  const pipelineId = await t.db.transaction(async (tx) => {
    const row = await stageRow(tx, t.companyId, id);
    const set: Partial<typeof S.$inferInsert> = {};
    if (input.name !== undefined) set.name = input.name;
    if (input.probability !== undefined) set.probability = input.probability;
    if (Object.keys(set).length) await tx.update(S).set(set).where(and(eq(S.id, id), eq(S.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'crm_stage_updated', entity: 'crm_stage', id, details: { label: input.name ?? row.name, change: 'updated' } });
    await pipelineChanged(tx, t, row.pipelineId);
    return row.pipelineId;
  });
  return getPipeline(t, pipelineId);
}

export async function reorderStages(t: Tenant, pipelineId: string, stageIds: string[]): Promise<Pipeline> {
  await t.db.transaction(async (tx) => {
    await pipelineRow(tx, t.companyId, pipelineId);
    const current = await tx.select({ id: S.id }).from(S).where(and(eq(S.companyId, t.companyId), eq(S.pipelineId, pipelineId)));
    const have = new Set(current.map((r) => r.id));
    if (stageIds.length !== have.size || new Set(stageIds).size !== stageIds.length || stageIds.some((id) => !have.has(id))) throw badRequest(M.stageOrderInvalid);
    for (const [i, id] of stageIds.entries()) await tx.update(S).set({ position: i }).where(and(eq(S.id, id), eq(S.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'crm_stages_reordered', entity: 'crm_pipeline', id: pipelineId, details: { change: 'stages_reordered' } });
    await pipelineChanged(tx, t, pipelineId);
  });
  return getPipeline(t, pipelineId);
}

/**
 * Deletes a stage after moving its deals (open and closed) to `moveTo`, a stage of the same
 * pipeline, at the bottom of that column in their order, with their stage history: one transaction.
 */
export async function deleteStage(t: Tenant, id: string, moveTo: string): Promise<{ moved: number; pipeline: Pipeline }> {
  const out = await t.db.transaction(async (tx) => {
    const row = await stageRow(tx, t.companyId, id);
    await tx.execute(sql`SELECT id FROM crm_pipelines WHERE id = ${row.pipelineId} FOR UPDATE`);
    if (moveTo === id) throw badRequest(M.moveToSameStage);
    const target = await stageRow(tx, t.companyId, moveTo);
    if (target.pipelineId !== row.pipelineId) throw badRequest(M.stageOtherPipeline, 'STAGE_OTHER_PIPELINE');
    const moved = await tx.execute(sql`
      WITH base AS (SELECT COALESCE(max(position), 0) AS p FROM deals WHERE company_id = ${t.companyId} AND stage_id = ${moveTo}),
      ordered AS (
        SELECT id, row_number() OVER (ORDER BY position, id) AS n FROM deals WHERE company_id = ${t.companyId} AND stage_id = ${id}
      )
      UPDATE deals d SET stage_id = ${moveTo}, position = base.p + ordered.n * ${POSITION_STEP}, stage_entered_at = now(), updated_at = now()
      FROM ordered, base
      WHERE d.id = ordered.id
      RETURNING d.id`);
    const ids = (moved.rows as Array<{ id: string }>).map((r) => r.id);
    if (ids.length) {
      await tx.insert(H).values(ids.map((dealId) => ({ companyId: t.companyId, dealId, fromStageId: id, toStageId: moveTo, actorId: t.actorId })));
    }
    await tx.delete(S).where(and(eq(S.id, id), eq(S.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'crm_stage_deleted', entity: 'crm_stage', id, details: { label: row.name, movedTo: target.name, count: ids.length } });
    await pipelineChanged(tx, t, row.pipelineId);
    return { moved: ids.length, pipelineId: row.pipelineId };
  });
  return { moved: out.moved, pipeline: await getPipeline(t, out.pipelineId) };
}

// ---------------------------------------------------------------------------------------------
// Custom fields

const toField = (r: typeof F.$inferSelect): CustomField => ({
  id: r.id,
  entity: r.entity as CustomFieldEntity,
  key: r.key,
  label: r.label,
  type: r.type as CustomFieldType,
  options: r.options,
  required: r.required,
  position: r.position,
});

export async function listCustomFields(db: DbOrTx, companyId: string, entity?: CustomFieldEntity): Promise<CustomField[]> {
  const rows = await db
    .select()
    .from(F)
    .where(and(eq(F.companyId, companyId), entity ? eq(F.entity, entity) : undefined))
    .orderBy(asc(F.entity), asc(F.position), asc(F.createdAt));
  return rows.map(toField);
}

async function fieldRow(db: DbOrTx, companyId: string, id: string) {
  if (!isUuid(id)) throw notFound(M.fieldNotFound);
  const [row] = await db.select().from(F).where(and(eq(F.id, id), eq(F.companyId, companyId)));
  if (!row) throw notFound(M.fieldNotFound);
  return row;
}

export async function createCustomField(t: Tenant, input: Out<typeof customFieldCreateSchema>): Promise<CustomField> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`crm-fields:${t.companyId}`}))`);
    const existing = await tx.select({ key: F.key, position: F.position }).from(F).where(and(eq(F.companyId, t.companyId), eq(F.entity, input.entity)));
    if (existing.length >= MAX_CUSTOM_FIELDS) throw conflict(M.tooManyFields, 'TOO_MANY_FIELDS');
    const keys = new Set(existing.map((r) => r.key));
    const base = fieldKeyOf(input.label);
    let key = base;
    for (let i = 2; keys.has(key); i++) key = `${base}_${i}`;
    const position = existing.reduce((m, r) => Math.max(m, r.position + 1), 0);
    const [row] = await tx
      .insert(F)
      .values({ companyId: t.companyId, entity: input.entity, key, label: input.label, type: input.type, options: input.type === 'select' ? input.options : [], required: input.required, position })
      .returning();
    await logAudit(tx, t, { action: 'crm_custom_field_created', entity: 'crm_custom_field', id: row!.id, details: { label: input.label, change: 'created' } });
    return toField(row!);
  });
}

export async function updateCustomField(t: Tenant, id: string, input: Out<typeof customFieldUpdateSchema>): Promise<CustomField> {
  return t.db.transaction(async (tx) => {
    const row = await fieldRow(tx, t.companyId, id);
    const set: Partial<typeof F.$inferInsert> = {};
    if (input.label !== undefined) set.label = input.label;
    if (input.required !== undefined) set.required = input.required;
    if (input.position !== undefined) set.position = input.position;
    if (input.options !== undefined) {
      if (row.type !== 'select') throw badRequest(M.fieldOptionsInvalid);
      if (!input.options.length) throw badRequest(M.fieldOptionsRequired);
      set.options = input.options;
    }
    const updated = Object.keys(set).length ? updatedRow(await tx.update(F).set(set).where(and(eq(F.id, id), eq(F.companyId, t.companyId))).returning(), M.fieldNotFound) : row;
    await logAudit(tx, t, { action: 'crm_custom_field_updated', entity: 'crm_custom_field', id, details: { label: updated.label, change: 'updated' } });
    return toField(updated);
  });
}

/** Deletes a field and its values on every record of its entity (one transaction). */
export async function deleteCustomField(t: Tenant, id: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    const row = await fieldRow(tx, t.companyId, id);
    const table = row.entity === 'deal' ? sql`deals` : row.entity === 'person' ? sql`people` : sql`organizations`;
    await tx.execute(sql`UPDATE ${table} SET custom_fields = custom_fields - ${row.key} WHERE company_id = ${t.companyId} AND custom_fields ? ${row.key}`);
    await tx.delete(F).where(and(eq(F.id, id), eq(F.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'crm_custom_field_deleted', entity: 'crm_custom_field', id, details: { label: row.label } });
  });
}

/** Values of custom fields checked against the company's fields of `entity`; 400 in Portuguese. */
export async function checkedCustomFields(db: DbOrTx, companyId: string, entity: CustomFieldEntity, values: Record<string, unknown>, opts: { creating?: boolean } = {}) {
  const fields = await listCustomFields(db, companyId, entity);
  const res = checkCustomFields(fields, values, opts);
  if (!res.ok) throw badRequest(res.message, 'CUSTOM_FIELD_INVALID');
  return res.values;
}

// ---------------------------------------------------------------------------------------------
// Deals

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function toDeal(r: DetailRow): Deal {
  return {
    ...toCard(r),
    pipelineId: r.pipeline_id,
    organizationId: r.organization_id,
    personId: r.person_id,
    personName: r.person_name,
    contacts: r.contacts ?? [],
    source: r.source,
    expectedCloseDate: r.expected_close_date,
    wonReason: r.won_reason,
    wonNote: r.won_note,
    lostReason: r.lost_reason,
    lostNote: r.lost_note,
    closedAt: iso(r.closed_at),
    customFields: r.custom_fields ?? {},
    stageEnteredAt: iso(r.stage_entered_at)!,
    createdBy: r.created_by,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

export async function findDealDetail(db: DbOrTx, companyId: string, id: string): Promise<Deal | null> {
  if (!isUuid(id)) return null;
  const row = await dealDetail(db, companyId, id);
  return row ? toDeal(row) : null;
}

export async function getDeal(t: Tenant, id: string): Promise<Deal> {
  const deal = await findDealDetail(t.db, t.companyId, id);
  if (!deal) throw notFound(M.dealNotFound);
  return deal;
}

export async function dealExists(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db.select({ id: D.id }).from(D).where(and(eq(D.id, id), eq(D.companyId, companyId)));
  return Boolean(row);
}

/** The referenced owner and organization must be the company's (else 400); contacts: `checkContacts`. */
async function checkReferences(db: DbOrTx, companyId: string, input: { ownerId?: string | null; organizationId?: string | null }) {
  if (input.ownerId) {
    const [m] = await db
      .select({ id: schema.companyMembers.id })
      .from(schema.companyMembers)
      .where(and(eq(schema.companyMembers.companyId, companyId), eq(schema.companyMembers.userId, input.ownerId)));
    if (!m) throw badRequest(M.ownerInvalid, 'OWNER_INVALID');
  }
  if (input.organizationId && !(await isLiveOrganization(db, companyId, input.organizationId))) throw badRequest(M.organizationInvalid, 'ORGANIZATION_INVALID');
}

/** The top of a column: a step above its first open card (decision 0151: new and reopened deals go on top). */
async function topPosition(db: DbOrTx, companyId: string, stageId: string): Promise<number> {
  const [r] = await db
    .select({ min: sql<number | null>`min(${D.position})` })
    .from(D)
    .where(and(eq(D.companyId, companyId), eq(D.stageId, stageId), eq(D.status, 'open')));
  const min = r?.min === null || r?.min === undefined ? null : Number(r.min);
  return min === null ? POSITION_STEP : positionBetween(null, min);
}

export async function createDeal(t: Tenant, input: Out<typeof dealCreateSchema>): Promise<Deal> {
  const id = await t.db.transaction(async (tx) => {
    await pipelineRow(tx, t.companyId, input.pipelineId).catch(() => {
      throw badRequest(M.pipelineNotFound, 'PIPELINE_INVALID');
    });
    let stageId = input.stageId;
    if (stageId) {
      const [st] = await tx.select().from(S).where(and(eq(S.id, stageId), eq(S.companyId, t.companyId)));
      if (!st) throw badRequest(M.stageNotFound, 'STAGE_INVALID');
      if (st.pipelineId !== input.pipelineId) throw badRequest(M.stageOtherPipeline, 'STAGE_OTHER_PIPELINE');
    } else {
      const [first] = await tx.select({ id: S.id }).from(S).where(and(eq(S.companyId, t.companyId), eq(S.pipelineId, input.pipelineId))).orderBy(asc(S.position)).limit(1);
      if (!first) throw badRequest(M.lastStage);
      stageId = first.id;
    }
    const ownerId = input.ownerId === undefined ? t.actorId : input.ownerId;
    await checkReferences(tx, t.companyId, { ownerId, organizationId: input.organizationId });
    const contacts = requestedContacts(input) ?? [];
    await checkContacts(tx, t.companyId, contacts);
    const customFields = await checkedCustomFields(tx, t.companyId, 'deal', input.customFields ?? {}, { creating: true });
    const position = await topPosition(tx, t.companyId, stageId);
    const [row] = await tx
      .insert(D)
      .values({
        companyId: t.companyId,
        pipelineId: input.pipelineId,
        stageId,
        title: input.title,
        valueCents: input.valueCents,
        ownerId,
        organizationId: input.organizationId ?? null,
        personId: contacts[0] ?? null,
        source: input.source ?? null,
        expectedCloseDate: input.expectedCloseDate ?? null,
        tags: input.tags ?? [],
        customFields,
        position,
        createdBy: t.actorId,
      })
      .returning({ id: D.id });
    await writeContacts(tx, t.companyId, row!.id, contacts);
    await tx.insert(H).values({ companyId: t.companyId, dealId: row!.id, fromStageId: null, toStageId: stageId, actorId: t.actorId });
    await dealChanged(tx, t, row!.id, 'created');
    return row!.id;
  });
  return getDeal(t, id);
}

async function lockDeal(tx: DbOrTx, companyId: string, id: string) {
  if (!isUuid(id)) throw notFound(M.dealNotFound);
  const [row] = await tx.select().from(D).where(and(eq(D.id, id), eq(D.companyId, companyId))).for('update');
  if (!row) throw notFound(M.dealNotFound);
  return row;
}

export async function updateDeal(t: Tenant, id: string, input: Out<typeof dealUpdateSchema>): Promise<Deal> {
  await t.db.transaction(async (tx) => {
    const row = await lockDeal(tx, t.companyId, id);
    await checkReferences(tx, t.companyId, input);
    const contacts = requestedContacts(input);
    if (contacts) await checkContacts(tx, t.companyId, contacts);
    const set: Partial<typeof D.$inferInsert> = { updatedAt: new Date() };
    if (input.title !== undefined) set.title = input.title;
    if (input.valueCents !== undefined) set.valueCents = input.valueCents;
    if (input.ownerId !== undefined) set.ownerId = input.ownerId;
    if (input.organizationId !== undefined) set.organizationId = input.organizationId;
    if (contacts) set.personId = await writeContacts(tx, t.companyId, id, contacts);
    if (input.source !== undefined) set.source = input.source;
    if (input.expectedCloseDate !== undefined) set.expectedCloseDate = input.expectedCloseDate;
    if (input.tags !== undefined) set.tags = input.tags;
    if (input.customFields !== undefined) {
      const checked = await checkedCustomFields(tx, t.companyId, 'deal', input.customFields);
      const merged: Record<string, unknown> = { ...row.customFields };
      for (const [k, v] of Object.entries(checked)) {
        if (v === null) delete merged[k];
        else merged[k] = v;
      }
      set.customFields = merged;
    }
    await tx.update(D).set(set).where(and(eq(D.id, id), eq(D.companyId, t.companyId)));
    await dealChanged(tx, t, id, 'updated');
  });
  return getDeal(t, id);
}

export async function deleteDeal(t: Tenant, id: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    const row = await lockDeal(tx, t.companyId, id);
    await tx.execute(sql`DELETE FROM tasks WHERE company_id = ${t.companyId} AND entity_type = 'deal' AND entity_id = ${id}`);
    await tx.execute(sql`DELETE FROM comments WHERE company_id = ${t.companyId} AND entity_type = 'deal' AND entity_id = ${id}`);
    await tx.delete(D).where(and(eq(D.id, id), eq(D.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'deal_deleted', entity: 'deal', id, details: { label: row.title.slice(0, 80) } });
    await dealChanged(tx, t, id, 'deleted');
  });
}

/**
 * A move (decision 0151): to `stageId` of the deal's own pipeline, between `prevId` and
 * `nextId` (open cards of that column; null at an end). Writes only the moved row, unless the
 * gap ran out and the column is renumbered first; a stage change writes the history and
 * `stage_entered_at`. A stage of another pipeline: 400; of another company: 404.
 */
export async function moveDeal(t: Tenant, id: string, input: Out<typeof dealMoveSchema>): Promise<DealMoved> {
  if (!isUuid(id)) throw notFound(M.dealNotFound);
  const { prevId, nextId } = moveNeighbours(id, input, M.neighbourInvalid);
  return t.db.transaction(async (tx) => {
    // The deal (locked), the target stage and the neighbours' positions in one round trip.
    const neighbour = (nid: string | null) =>
      nid
        ? sql`(SELECT n.position FROM deals n WHERE n.id = ${nid} AND n.company_id = ${t.companyId} AND n.stage_id = ${input.stageId} AND n.status = 'open' AND n.id <> ${id})`
        : sql`NULL::double precision`;
    const found = await tx.execute(sql`
      SELECT d.status, d.stage_id, d.pipeline_id, s.id AS target_id, s.pipeline_id AS target_pipeline_id,
        ${neighbour(prevId)} AS prev_pos, ${neighbour(nextId)} AS next_pos
      FROM deals d LEFT JOIN crm_stages s ON s.id = ${input.stageId} AND s.company_id = ${t.companyId}
      WHERE d.id = ${id} AND d.company_id = ${t.companyId}
      FOR UPDATE OF d`);
    const deal = found.rows[0] as
      | { status: string; stage_id: string; pipeline_id: string; target_id: string | null; target_pipeline_id: string | null; prev_pos: number | null; next_pos: number | null }
      | undefined;
    if (!deal) throw notFound(M.dealNotFound);
    if (deal.status !== 'open') throw conflict(M.dealClosed, 'DEAL_CLOSED');
    if (!deal.target_id) throw notFound(M.stageNotFound);
    if (deal.target_pipeline_id !== deal.pipeline_id) throw badRequest(M.stageOtherPipeline, 'STAGE_OTHER_PIPELINE');
    const position = await dropPosition({
      prevId,
      nextId,
      prevPos: deal.prev_pos,
      nextPos: deal.next_pos,
      message: M.neighbourInvalid,
      renumber: async (ids) => {
        await renumberColumn(tx, t.companyId, input.stageId, id);
        return tx
          .select({ id: D.id, position: D.position })
          .from(D)
          .where(and(eq(D.companyId, t.companyId), inArray(D.id, ids)));
      },
    });
    const stageChanged = deal.stage_id !== input.stageId;
    // The row and its history in one statement.
    const res = await tx.execute(sql`
      WITH moved AS (
        UPDATE deals SET stage_id = ${input.stageId}, position = ${position}, updated_at = now()
          ${stageChanged ? sql`, stage_entered_at = now()` : sql``}
        WHERE id = ${id} AND company_id = ${t.companyId}
        RETURNING id, stage_id, position, stage_entered_at, updated_at
      ), history AS (
        INSERT INTO deal_stage_history (company_id, deal_id, from_stage_id, to_stage_id, actor_id)
        SELECT ${t.companyId}, moved.id, ${deal.stage_id}::uuid, ${input.stageId}::uuid, ${t.actorId} FROM moved WHERE ${stageChanged}
      )
      SELECT * FROM moved`);
    await dealChanged(tx, t, id, 'moved');
    const r = res.rows[0] as { id: string; stage_id: string; position: number; stage_entered_at: Date | string; updated_at: Date | string };
    return { id: r.id, stageId: r.stage_id, position: Number(r.position), stageEnteredAt: iso(r.stage_entered_at)!, updatedAt: iso(r.updated_at)! };
  });
}

/** Evenly spaced positions for a column's open cards (the moved one left out), in their order. */
async function renumberColumn(tx: DbOrTx, companyId: string, stageId: string, except: string) {
  await tx.execute(sql`
    UPDATE deals d SET position = r.n * ${POSITION_STEP}
    FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS n FROM deals
          WHERE company_id = ${companyId} AND stage_id = ${stageId} AND status = 'open' AND id <> ${except}) r
    WHERE d.id = r.id`);
}

export const winDeal = (t: Tenant, id: string, input: Out<typeof dealWonSchema>) =>
  closeDeal(t, id, { status: 'won', wonReason: input.reason, wonNote: input.note ?? null, lostReason: null, lostNote: null });
export const loseDeal = (t: Tenant, id: string, input: Out<typeof dealLostSchema>) =>
  closeDeal(t, id, { status: 'lost', lostReason: input.reason, lostNote: input.note ?? null, wonReason: null, wonNote: null });

/** Closes an open deal with its outcome (the other outcome's reason cleared); a closed one is 409. */
async function closeDeal(t: Tenant, id: string, outcome: Pick<typeof D.$inferInsert, 'wonReason' | 'wonNote' | 'lostReason' | 'lostNote'> & { status: 'won' | 'lost' }): Promise<Deal> {
  await t.db.transaction(async (tx) => {
    const deal = await lockDeal(tx, t.companyId, id);
    if (deal.status !== 'open') throw conflict(M.dealClosed, 'DEAL_CLOSED');
    await tx
      .update(D)
      .set({ ...outcome, closedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(D.id, id), eq(D.companyId, t.companyId)));
    await dealChanged(tx, t, id, outcome.status);
  });
  return getDeal(t, id);
}

export async function reopenDeal(t: Tenant, id: string): Promise<Deal> {
  await t.db.transaction(async (tx) => {
    const deal = await lockDeal(tx, t.companyId, id);
    if (deal.status === 'open') throw conflict(M.dealNotClosed, 'DEAL_OPEN');
    const position = await topPosition(tx, t.companyId, deal.stageId);
    await tx
      .update(D)
      .set({ status: 'open', closedAt: null, wonReason: null, wonNote: null, lostReason: null, lostNote: null, position, updatedAt: new Date() })
      .where(and(eq(D.id, id), eq(D.companyId, t.companyId)));
    await dealChanged(tx, t, id, 'reopened');
  });
  return getDeal(t, id);
}

/** A listed deal with where it is and when it changed (the public API's list, decision 0641). */
export type ListedDeal = DealCard & { pipelineId: string; organizationId: string | null; createdAt: string; updatedAt: string };

/**
 * A listed deal: its card's fields and the four the API adds, built as one object (never a spread
 * or an `Object.assign` of the card: a copy made that way serialises several times slower, decision
 * 0731; one literal allocates least, decision 0747). Its dates come from PostgreSQL as epoch
 * seconds (`date_part`, a double) and are written here: `to_char` cost the database more per page
 * than this formatting costs Node (decision 0747).
 */
const toListedDeal = (r: CardRow & { created_epoch: number; pipeline_id: string; organization_id: string | null; updated_epoch: number }): ListedDeal => ({
  id: r.id,
  title: r.title,
  valueCents: Number(r.value_cents),
  stageId: r.stage_id,
  position: Number(r.position),
  organizationName: r.organization_name,
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  tags: r.tags ?? [],
  nextActivity: r.next_activity,
  status: r.status,
  pipelineId: r.pipeline_id,
  organizationId: r.organization_id,
  createdAt: isoFromEpoch(r.created_epoch),
  updatedAt: isoFromEpoch(r.updated_epoch),
});

/**
 * A list of deals (newest first) with the board's filters plus status, pipeline, organization,
 * person, each with its next open activity. `updatedSince`: only deals changed at or after that
 * instant; `dated`: each card with its pipeline, organization and dates.
 */
export async function listDeals(t: Tenant, q: Out<typeof dealListQuerySchema> & { updatedSince?: string }): Promise<DealPage>;
export async function listDeals(t: Tenant, q: Out<typeof dealListQuerySchema> & { updatedSince?: string }, dated: true): Promise<{ items: ListedDeal[]; nextCursor: string | null }>;
export async function listDeals(t: Tenant, q: Out<typeof dealListQuerySchema> & { updatedSince?: string }, dated = false) {
  let after: [number, string] | null = null;
  if (q.cursor) after = decodeCursor(q.cursor, M.cursorInvalid);
  const where = [
    sql`d.company_id = ${t.companyId}`,
    filterSql(q, t.actorId),
    q.pipelineId ? sql`d.pipeline_id = ${q.pipelineId}` : undefined,
    q.status && q.status !== 'all' ? sql`d.status = ${q.status}` : undefined,
    q.organizationId ? sql`d.organization_id = ${q.organizationId}` : undefined,
    q.personId ? sql`EXISTS (SELECT 1 FROM deal_people dp WHERE dp.company_id = d.company_id AND dp.deal_id = d.id AND dp.person_id = ${q.personId})` : undefined,
    q.updatedSince ? sql`d.updated_at >= ${q.updatedSince}::timestamptz` : undefined,
    after ? sql`(date_part('epoch', d.created_at), d.id) < (${after[0]}::double precision, ${after[1]}::uuid)` : undefined,
  ].filter((x): x is NonNullable<typeof x> => Boolean(x));
  // The public API's columns only when asked for. Instants as epoch seconds (`date_part`: a double,
  // where `extract` makes a numeric to cast; the same value): the cursor's key, and the API's dates.
  const statement = sql`
    SELECT d.id, d.title, d.value_cents, d.stage_id, d.position, d.owner_id, d.tags, d.status, date_part('epoch', d.created_at) AS created_epoch,
      ${dated ? sql`d.pipeline_id, d.organization_id, date_part('epoch', d.updated_at) AS updated_epoch,` : sql``}
      COALESCE(NULLIF(o.nome_fantasia, ''), o.razao_social) AS organization_name,
      COALESCE(NULLIF(trim(concat_ws(' ', pr.first_name, pr.last_name)), ''), NULLIF(u.name, ''), u.email) AS owner_name,
      na.next_activity
    FROM deals d ${CARD_JOINS}
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY d.created_at DESC, d.id DESC
    LIMIT ${q.limit + 1}`;
  // The plain list (no search, tag, owner, source, organization or person; at most 32 shapes) is
  // planned once per connection: the API's and the app's hottest read (decision 0731).
  const plain = !q.q && !q.tag && !q.source && !q.owner && !q.organizationId && !q.personId;
  const res = plain ? await runPrepared(t.db, 'crm-deals-list', statement) : await t.db.execute(statement);
  type Row = Parameters<typeof toCard>[0] & { created_epoch: number; pipeline_id: string; organization_id: string | null; updated_epoch: number };
  const rows = res.rows as unknown as Row[];
  const more = rows.length > q.limit;
  const items = more ? rows.slice(0, q.limit) : rows;
  const last = items[items.length - 1];
  const card = dated ? toListedDeal : toCard;
  return { items: items.map(card), nextCursor: more && last ? encodeCursor(Number(last.created_epoch), last.id) : null };
}

// ---------------------------------------------------------------------------------------------
// The board

async function openPipeline(t: Tenant, pipelineId: string): Promise<Pipeline> {
  return getPipeline(t, pipelineId);
}

function totalsOf(rows: Awaited<ReturnType<typeof columnTotals>>, stages: Stage[]): ColumnTotals[] {
  return stages.map((s) => {
    const r = rows.find((x) => x.stage_id === s.id);
    return { stageId: s.id, count: r ? Number(r.count) : 0, sumCents: r ? Number(r.sum_cents) : 0 };
  });
}

/** Every column's first page and totals: the pipeline, its stages, the cards and the totals read at once. */
export async function board(t: Tenant, pipelineId: string, filters: BoardFilters, limit: number): Promise<Board> {
  if (!isUuid(pipelineId)) throw notFound(M.pipelineNotFound);
  const p = { companyId: t.companyId, actorId: t.actorId, pipelineId, filters };
  const [pipe, stageRows, rows, totals] = await Promise.all([
    t.db.select().from(P).where(and(eq(P.id, pipelineId), eq(P.companyId, t.companyId))),
    t.db.select().from(S).where(and(eq(S.companyId, t.companyId), eq(S.pipelineId, pipelineId))).orderBy(asc(S.position), asc(S.createdAt)),
    firstPages(t.db, { ...p, limit }),
    columnTotals(t.db, p),
  ]);
  const row = pipe[0];
  if (!row) throw notFound(M.pipelineNotFound);
  const pipeline: Pipeline = { id: row.id, name: row.name, position: row.position, stages: stageRows.map(toStage) };
  const byStage = new Map<string, typeof rows>();
  for (const r of rows) {
    const list = byStage.get(r.stage_id) ?? [];
    list.push(r);
    byStage.set(r.stage_id, list);
  }
  const sums = totalsOf(totals, pipeline.stages);
  return {
    pipeline,
    columns: pipeline.stages.map((s, i) => {
      const list = byStage.get(s.id) ?? [];
      const more = list.length > limit;
      const items = more ? list.slice(0, limit) : list;
      const last = items[items.length - 1];
      return { ...s, ...sums[i]!, items: items.map(toCard), nextCursor: more && last ? encodeCursor(Number(last.position), last.id) : null };
    }),
  };
}

export async function column(t: Tenant, pipelineId: string, stageId: string, filters: BoardFilters, cursor: string | undefined, limit: number): Promise<DealPage> {
  await pipelineRow(t.db, t.companyId, pipelineId);
  const stage = await stageRow(t.db, t.companyId, stageId);
  if (stage.pipelineId !== pipelineId) throw notFound(M.stageNotFound);
  const after = cursor ? decodeCursor(cursor, M.cursorInvalid) : null;
  const rows = await columnPage(t.db, { companyId: t.companyId, actorId: t.actorId, pipelineId, stageId, filters, after, limit });
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return { items: items.map(toCard), nextCursor: more && last ? encodeCursor(Number(last.position), last.id) : null };
}

export async function totals(t: Tenant, pipelineId: string, filters: BoardFilters): Promise<ColumnTotals[]> {
  const pipeline = await openPipeline(t, pipelineId);
  return totalsOf(await columnTotals(t.db, { companyId: t.companyId, actorId: t.actorId, pipelineId, filters }), pipeline.stages);
}

export async function cardOf(t: Tenant, id: string) {
  const row = await cardById(t.db, t.companyId, id);
  if (!row) throw notFound(M.dealNotFound);
  return toCard(row);
}

/** Tags and sources in use (the filters' suggestions). */
export async function facets(t: Tenant): Promise<{ tags: string[]; sources: string[] }> {
  const tags = await t.db.execute(sql`SELECT DISTINCT unnest(tags) AS tag FROM deals WHERE company_id = ${t.companyId} ORDER BY 1 LIMIT 200`);
  const sources = await t.db.execute(sql`SELECT DISTINCT source FROM deals WHERE company_id = ${t.companyId} AND source IS NOT NULL AND source <> '' ORDER BY 1 LIMIT 200`);
  return { tags: (tags.rows as Array<{ tag: string }>).map((r) => r.tag), sources: (sources.rows as Array<{ source: string }>).map((r) => r.source) };
}

