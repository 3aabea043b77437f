import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { schema } from '@sede/db/client';
import { FIELD_MESSAGES as FM, type FieldView, type fieldsSaveSchema } from '@sede/shared/esign/fields';
import { envelopeCreateSchema, ESIGN_MESSAGES, type EnvelopeView, type SignerRole, type SigningOrder } from '@sede/shared/esign/schemas';
import { TEMPLATE_MESSAGES as M, type TemplateSummary, type templateBlankSchema, type templateCreateSchema, type templateUpdateSchema, type templateUseSchema, type TemplateView } from '@sede/shared/esign/templates';
import { addDays, daysBetween, todayInBrazil } from '@sede/shared/platform/calendar';
import { badRequest, notFound, parseWith } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { foundOr404 } from '../../platform/tenant.ts';
import { givenOf, pick } from '../../platform/values.ts';
import type { Services, Tenant } from '../../services.ts';
import { readEntityFile, removeEntityFile, storeMemberFile } from '../files/public.ts';
import { checkSignablePdf, createEnvelope, ENVELOPE_ENTITY, envelopeRow, getEnvelope } from './envelopes.ts';
import { fieldsOf } from './field-rows.ts';
import { checkFieldTargets, saveFields } from './fields.ts';

const { signatureTemplates: T, signatureSigners: S, files: F } = schema;
export const TEMPLATE_ENTITY = 'signature_template';
type TemplateRow = typeof T.$inferSelect;
type Slot = TemplateView['slots'][number];

const liveTemplate = (tenant: Pick<Tenant, 'db' | 'companyId'>, id: string) => and(eq(T.id, id), eq(T.companyId, tenant.companyId), isNull(T.archivedAt));
export const templateExists = async (tenant: Tenant, id: string) => (await tenant.db.select({ id: T.id }).from(T).where(liveTemplate(tenant, id))).length > 0;
const templateRow = (tenant: Tenant, id: string) => foundOr404(id, M.notFound, () => tenant.db.select().from(T).where(liveTemplate(tenant, id)));

const slotsOf = (t: TemplateRow) => t.slots as Slot[];
const fieldsOfTemplate = (t: TemplateRow) => t.fields as unknown as FieldView[];

const summaryOf = (t: TemplateRow): TemplateSummary => ({ ...pick(t, 'id', 'name', 'title', 'documentPages'), slots: slotsOf(t), fieldsCount: fieldsOfTemplate(t).length, updatedAt: t.updatedAt.toISOString() });

export async function listTemplates(tenant: Tenant): Promise<TemplateSummary[]> {
  const rows = await tenant.db.select().from(T).where(and(eq(T.companyId, tenant.companyId), isNull(T.archivedAt))).orderBy(asc(T.name), asc(T.id)).limit(500);
  return rows.map(summaryOf);
}

export async function getTemplate(tenant: Tenant, id: string): Promise<TemplateView> {
  const t = await templateRow(tenant, id);
  const [doc] = t.documentFileId ? await tenant.db.select({ name: F.name }).from(F).where(and(eq(F.id, t.documentFileId), eq(F.companyId, tenant.companyId))) : [];
  return {
    ...summaryOf(t),
    ...pick(t, 'message', 'expiresInDays', 'remindEveryDays', 'documentFileId'),
    signingOrder: t.signingOrder as SigningOrder,
    documentName: doc?.name ?? null,
    fields: fieldsOfTemplate(t),
  };
}

/**
 * 'Salvar como modelo' (decision 0620): the envelope's original PDF is copied into the template
 * (its own file: the envelope may go, the template stays), its signers become the named roles in
 * their order and its fields are kept per role. Any envelope with a PDF may be saved, sent or not.
 */
export async function createTemplate(s: Services, tenant: Tenant, input: z.output<typeof templateCreateSchema>): Promise<TemplateView> {
  const e = await envelopeRow(tenant, input.envelopeId);
  if (!e.documentFileId || !e.documentPages) throw badRequest(M.noDocument, 'NO_DOCUMENT');
  const signers = await tenant.db.select().from(S).where(and(eq(S.companyId, tenant.companyId), eq(S.envelopeId, e.id))).orderBy(asc(S.position));
  if (input.slots.length !== signers.length) throw badRequest(M.slotsCount, 'SLOTS_COUNT');
  const pdf = await readEntityFile(s, tenant, e.documentFileId, ENVELOPE_ENTITY, e.id);
  if (!pdf) throw badRequest(M.noDocument, 'NO_DOCUMENT');
  const slots: Slot[] = signers.map((x, i) => ({ id: randomUUID(), label: input.slots[i]!, role: x.role as SignerRole }));
  const slotOf = new Map(signers.map((x, i) => [x.id, slots[i]!.id]));
  const fields = (await fieldsOf(tenant.db, tenant.companyId, e.id)).map((f) => ({ ...f, id: randomUUID(), signerId: slotOf.get(f.signerId)!, value: null }));
  // The envelope's days to expire counted from the day it was drafted, in Brazil (its expiresOn is a Brazilian date).
  const expiresInDays = input.expiresInDays ?? Math.min(365, Math.max(1, daysBetween(todayInBrazil(e.createdAt), e.expiresOn)));
  const [row] = await tenant.db
    .insert(T)
    .values({ companyId: tenant.companyId, name: input.name, title: e.title, message: e.message, signingOrder: e.signingOrder, expiresInDays, remindEveryDays: e.remindEveryDays, documentPages: e.documentPages, slots, fields, createdBy: tenant.actorId || null })
    .returning({ id: T.id });
  try {
    const file = await storeMemberFile(s, tenant, { entityType: TEMPLATE_ENTITY, entityId: row!.id, kind: 'document', name: pdf.name, body: new Blob([new Uint8Array(pdf.bytes)]).stream() });
    await tenant.db.update(T).set({ documentFileId: file.id }).where(eq(T.id, row!.id));
  } catch (err) {
    // No template without its PDF: the copy failed (storage, quota), so the row goes too.
    await tenant.db.delete(T).where(eq(T.id, row!.id));
    throw err;
  }
  return getTemplate(tenant, row!.id);
}

/** 'Novo modelo' from a PDF (decision 0620): the roles and settings first; the PDF is uploaded to it next (`attachTemplateDocument`). */
export async function createBlankTemplate(tenant: Tenant, input: z.output<typeof templateBlankSchema>): Promise<TemplateView> {
  const slots: Slot[] = input.slots.map((x) => ({ id: randomUUID(), ...x }));
  const [row] = await tenant.db
    .insert(T)
    .values({ companyId: tenant.companyId, ...pick(input, 'name', 'title', 'signingOrder', 'expiresInDays', 'remindEveryDays'), message: input.message ?? null, slots, createdBy: tenant.actorId || null })
    .returning({ id: T.id });
  return getTemplate(tenant, row!.id);
}

/**
 * The PDF uploaded to the template becomes its document, as for an envelope: one we cannot sign is
 * removed with the reason; with fields placed, the new PDF must have as many pages.
 */
export async function attachTemplateDocument(s: Services, tenant: Tenant, id: string, fileId: string): Promise<TemplateView> {
  const t = await templateRow(tenant, id);
  const file = await readEntityFile(s, tenant, fileId, TEMPLATE_ENTITY, id);
  if (!file) throw notFound(ESIGN_MESSAGES.fileNotFound);
  let pages: number;
  try {
    pages = await checkSignablePdf(file.bytes, file.name);
    if (t.documentPages && pages !== t.documentPages && fieldsOfTemplate(t).length) throw badRequest(FM.samePages(t.documentPages), 'PAGES_DIFFER');
  } catch (err) {
    const removeBytes = await removeEntityFile(s, tenant, fileId, TEMPLATE_ENTITY);
    await removeBytes?.();
    throw err;
  }
  await tenant.db.update(T).set({ documentFileId: fileId, documentPages: pages, updatedAt: new Date() }).where(liveTemplate(tenant, id));
  return getTemplate(tenant, id);
}

/** Settings and roles: the same roles (by id), renamed, re-roled or reordered; a role keeping fields must still sign. */
export async function updateTemplate(tenant: Tenant, id: string, input: z.output<typeof templateUpdateSchema>): Promise<TemplateView> {
  const t = await templateRow(tenant, id);
  if (input.slots) {
    const before = new Set(slotsOf(t).map((x) => x.id));
    if (input.slots.length !== before.size || input.slots.some((x) => !before.has(x.id)) || new Set(input.slots.map((x) => x.id)).size !== before.size) throw badRequest(M.slotsChanged, 'SLOTS_CHANGED');
    const withFields = new Set(fieldsOfTemplate(t).map((f) => f.signerId));
    if (input.slots.some((x) => x.role === 'receber_copia' && withFields.has(x.id))) throw badRequest(M.slotWithFields, 'SLOT_HAS_FIELDS');
  }
  await tenant.db
    .update(T)
    .set({ ...givenOf(input, 'name', 'title', 'message', 'signingOrder', 'expiresInDays', 'remindEveryDays', 'slots'), updatedAt: new Date() })
    .where(liveTemplate(tenant, id));
  return getTemplate(tenant, id);
}

/** The template's fields, replaced whole as the editor saves them (decision 0590's rules, roles instead of signers). */
export async function saveTemplateFields(tenant: Tenant, id: string, input: z.output<typeof fieldsSaveSchema>): Promise<FieldView[]> {
  const t = await templateRow(tenant, id);
  if (!t.documentPages) throw badRequest(M.templateNoDocument, 'NO_DOCUMENT');
  checkFieldTargets(input.fields, slotsOf(t), t.documentPages);
  const fields: FieldView[] = input.fields.map((f) => ({ ...f, id: randomUUID(), value: null }));
  await tenant.db.update(T).set({ fields, updatedAt: new Date() }).where(liveTemplate(tenant, id));
  return fields;
}

/** 'Excluir' archives: envelopes made from it keep their own copies. */
export async function archiveTemplate(tenant: Tenant, id: string) {
  const t = await templateRow(tenant, id);
  await tenant.db.transaction(async (tx) => {
    await tx.update(T).set({ archivedAt: new Date() }).where(liveTemplate(tenant, id));
    await logAudit(tx, tenant, { action: 'envelope_template_archived', entity: TEMPLATE_ENTITY, id, details: { label: t.name } });
  });
}

/**
 * 'Usar modelo' (decision 0620): a draft envelope with the template's PDF, one signer per role
 * (the role's part, in the role's order) and the fields copied onto them. The envelope's page
 * then sends it, or swaps the PDF for another with as many pages.
 */
export async function envelopeFromTemplate(s: Services, tenant: Tenant, id: string, input: z.output<typeof templateUseSchema>): Promise<EnvelopeView> {
  const t = await templateRow(tenant, id);
  const slots = slotsOf(t);
  const given = new Map(input.signers.map((x) => [x.slotId, x]));
  if (given.size !== input.signers.length || slots.some((x) => !given.has(x.id)) || input.signers.length !== slots.length) throw badRequest(M.slotMissing, 'SLOTS_MISSING');
  const pdf = t.documentFileId ? await readEntityFile(s, tenant, t.documentFileId, TEMPLATE_ENTITY, t.id) : null;
  if (!pdf) throw badRequest(M.templateNoDocument, 'NO_DOCUMENT');
  const today = todayInBrazil(new Date(s.clock.now()));
  const envelope = parseWith(envelopeCreateSchema, {
    title: input.title ?? t.title,
    message: input.message === undefined ? t.message : input.message,
    signingOrder: t.signingOrder,
    expiresOn: input.expiresOn ?? addDays(today, t.expiresInDays),
    remindEveryDays: t.remindEveryDays,
    signers: slots.map((slot) => ({ ...pick(given.get(slot.id)!, 'name', 'email', 'cpf'), role: slot.role })),
  });
  const created = await createEnvelope(s, tenant, envelope, { pdf });
  const signerOf = new Map(slots.map((slot, i) => [slot.id, created.signers[i]!.id]));
  const fields = fieldsOfTemplate(t).map(({ id: _id, value: _value, ...f }) => ({ ...f, signerId: signerOf.get(f.signerId)! }));
  if (fields.length) await saveFields(s, tenant, created.id, { fields });
  return getEnvelope(s, tenant, created.id);
}
