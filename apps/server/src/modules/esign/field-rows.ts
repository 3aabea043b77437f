import { and, asc, eq } from 'drizzle-orm';
import { type DbOrTx, schema } from '@sede/db/client';
import type { FieldType, FieldView } from '@sede/shared/esign/fields';

const { signatureFields: F } = schema;
type FieldRow = typeof F.$inferSelect;

const viewOf = (f: FieldRow): FieldView => ({
  id: f.id,
  signerId: f.signerId,
  type: f.type as FieldType,
  page: f.page,
  x: f.x,
  y: f.y,
  w: f.w,
  h: f.h,
  allPages: f.allPages,
  required: f.required,
  label: f.label,
  value: f.value,
});

/** The fields of an envelope (or of one signer), in the order they were placed. */
export async function fieldsOf(db: DbOrTx, companyId: string, envelopeId: string, signerId?: string): Promise<FieldView[]> {
  const rows = await db
    .select()
    .from(F)
    .where(and(eq(F.companyId, companyId), eq(F.envelopeId, envelopeId), signerId ? eq(F.signerId, signerId) : undefined))
    .orderBy(asc(F.position));
  return rows.map(viewOf);
}

