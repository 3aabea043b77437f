import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, schema } from '@sede/db/client';
import { FIELD_MESSAGES as FM, FILLABLE_FIELD_TYPES, type FieldView, type fieldsSaveSchema, normalizeFieldValue } from '@sede/shared/esign/fields';
import { actsOnEnvelope, type SignerRole } from '@sede/shared/esign/schemas';
import { badRequest, conflict } from '../../http/errors.ts';
import type { Services, Tenant } from '../../services.ts';
import { announceEnvelope, envelopeRow, type SignerRow } from './envelopes.ts';
import { fieldsOf } from './field-rows.ts';


const { signatureFields: F, signatureSigners: S } = schema;
type Db = DbOrTx;

/**
 * Replaces the envelope's fields (decision 0590): only in a draft with its PDF (409 once sent),
 * every field on a page the document has and of a signer of this envelope who acts on it.
 */
export async function saveFields(_s: Services, tenant: Tenant, envelopeId: string, input: z.output<typeof fieldsSaveSchema>): Promise<FieldView[]> {
  const e = await envelopeRow(tenant, envelopeId);
  if (e.status !== 'rascunho') throw conflict(FM.locked, 'FIELDS_LOCKED');
  if (!e.documentPages) throw badRequest(FM.noDocument, 'NO_DOCUMENT');
  const signers = await tenant.db.select().from(S).where(and(eq(S.companyId, tenant.companyId), eq(S.envelopeId, envelopeId)));
  checkFieldTargets(input.fields, signers, e.documentPages);
  await tenant.db.transaction(async (tx) => {
    // The row lock keeps a send that races this save from locking a half-written set.
    const [locked] = await tx.select({ status: schema.signatureEnvelopes.status }).from(schema.signatureEnvelopes).where(eq(schema.signatureEnvelopes.id, envelopeId)).for('update');
    if (locked?.status !== 'rascunho') throw conflict(FM.locked, 'FIELDS_LOCKED');
    await tx.delete(F).where(and(eq(F.companyId, tenant.companyId), eq(F.envelopeId, envelopeId)));
    if (input.fields.length)
      await tx.insert(F).values(input.fields.map((f, i) => ({ companyId: tenant.companyId, envelopeId, signerId: f.signerId, type: f.type, page: f.page, x: f.x, y: f.y, w: f.w, h: f.h, allPages: f.allPages, required: f.required, label: f.label, position: i })));
    await announceEnvelope(tx, tenant.companyId, envelopeId);
  });
  return fieldsOf(tenant.db, tenant.companyId, envelopeId);
}

/** Every field of a person who acts on the document (not a copy recipient) and on a page it has: else 400. Envelopes and templates alike. */
export function checkFieldTargets(fields: readonly { signerId: string; page: number }[], people: readonly { id: string; role: string }[], pages: number) {
  const acting = new Set(people.filter((x) => actsOnEnvelope(x.role as SignerRole)).map((x) => x.id));
  for (const f of fields) {
    if (!acting.has(f.signerId)) throw badRequest(FM.unknownSigner, 'UNKNOWN_SIGNER');
    if (f.page > pages) throw badRequest(FM.page, 'FIELD_PAGE');
  }
}

/** 'dd/mm/aaaa' in Brasília: what a 'data' field shows. */
const BRASILIA_DAY = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });
const brasiliaDay = (d: Date) => BRASILIA_DAY.format(d);

/**
 * The values a signer's fields take when they sign: what they typed for cpf, texto and checkbox
 * (checked against the field: required, a valid CPF), their name and the day for nome and data.
 * The signature fields stay empty: the stamp draws the signature itself.
 */
export async function fieldValuesFor(db: Db, signer: SignerRow, given: { id: string; value: string }[], at: Date): Promise<{ id: string; value: string | null }[]> {
  const mine = await fieldsOf(db, signer.companyId, signer.envelopeId, signer.id);
  const byId = new Map(given.map((g) => [g.id, g.value]));
  for (const id of byId.keys()) if (!mine.some((f) => f.id === id && FILLABLE_FIELD_TYPES.includes(f.type))) throw badRequest(FM.unknownField, 'UNKNOWN_FIELD');
  return mine.map((f) => {
    if (f.type === 'nome') return { id: f.id, value: signer.name };
    if (f.type === 'data') return { id: f.id, value: brasiliaDay(at) };
    if (!FILLABLE_FIELD_TYPES.includes(f.type)) return { id: f.id, value: null };
    let value: string | null;
    try {
      value = normalizeFieldValue(f.type, byId.get(f.id) ?? (f.type === 'cpf' && signer.cpf ? signer.cpf : undefined));
    } catch (err) {
      throw badRequest((err as Error).message, 'FIELD_INVALID');
    }
    if (f.required && (value === null || (f.type === 'checkbox' && value !== 'true'))) throw badRequest(FM.required, 'FIELDS_REQUIRED');
    return { id: f.id, value };
  });
}

/** The signer's values in one statement, however many fields they have (decision 0720). */
export async function writeFieldValues(db: Db, companyId: string, values: { id: string; value: string | null }[]) {
  if (!values.length) return;
  const rows = sql.join(values.map((v) => sql`(${v.id}::uuid, ${v.value}::text)`), sql`, `);
  await db.execute(sql`UPDATE ${F} SET value = v.value FROM (VALUES ${rows}) AS v(id, value) WHERE ${F.id} = v.id AND ${F.companyId} = ${companyId}`);
}
