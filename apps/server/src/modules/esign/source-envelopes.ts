import { and, desc, eq, inArray } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { actsOnEnvelope, type EnvelopeStatus, type SignerRole } from '@sede/shared/esign/schemas';
import type { Services, Tenant } from '../../services.ts';
import { expireDue } from './envelopes.ts';

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
