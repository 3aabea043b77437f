import { and, desc, eq, inArray } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { actsOnEnvelope, ESIGN_MESSAGES as M, type EnvelopeStatus, type EnvelopeView, type SignerRole } from '@sede/shared/esign/schemas';
import { notFound } from '../../http/errors.ts';
import type { Services, Tenant } from '../../services.ts';
import { readEntityFile } from '../files/public.ts';
import { ENVELOPE_ENTITY, envelopeRow, expireDue, getEnvelope } from './envelopes.ts';

const { signatureEnvelopes: E, signatureSigners: S } = schema;

/** The envelopes another module started for one of its records (decision 0591), newest first: for that module's page. */
export async function envelopesOfSource(s: Services, tenant: Tenant, entity: string, id: string) {
  await expireDue(s, tenant);
  const rows = await tenant.db
    .select()
    .from(E)
    .where(and(eq(E.companyId, tenant.companyId), eq(E.sourceEntity, entity), eq(E.sourceId, id)))
    .orderBy(desc(E.createdAt));
  if (!rows.length) return [];
  const signers = await tenant.db.select().from(S).where(and(eq(S.companyId, tenant.companyId), inArray(S.envelopeId, rows.map((r) => r.id))));
  return rows.map((e) => {
    const acting = signers.filter((x) => x.envelopeId === e.id && actsOnEnvelope(x.role as SignerRole));
    return {
      id: e.id,
      status: e.status as EnvelopeStatus,
      signersDone: acting.filter((x) => x.status === 'assinado').length,
      signersTotal: acting.length,
      sentAt: e.sentAt?.toISOString() ?? null,
      completedAt: e.completedAt?.toISOString() ?? null,
      options: e.sourceOptions ?? {},
    };
  });
}

/**
 * One envelope the module started for its record (decision 0760), for the module's own routes and
 * permissions: an envelope of another company, of no source or of another record is 404.
 */
export async function sourceEnvelope(s: Services, tenant: Tenant, entity: string, id: string, envelopeId: string): Promise<EnvelopeView & { options: Record<string, unknown> }> {
  const row = await envelopeRow(tenant, envelopeId);
  if (row.sourceEntity !== entity || row.sourceId !== id) throw notFound(M.envelopeNotFound);
  return { ...(await getEnvelope(s, tenant, envelopeId)), options: row.sourceOptions ?? {} };
}

/** The PDF of that envelope (the one the signers read): for the module's page that places the fields, to people who may not read Jurídico's files. */
export async function sourceEnvelopeDocument(s: Services, tenant: Tenant, entity: string, id: string, envelopeId: string) {
  const e = await sourceEnvelope(s, tenant, entity, id, envelopeId);
  const file = e.documentFileId ? await readEntityFile(s, tenant, e.documentFileId, ENVELOPE_ENTITY, e.id) : null;
  if (!file) throw notFound(M.noDocument);
  return file;
}
