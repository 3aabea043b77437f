import { and, asc, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { ESIGN_MESSAGES as M, type SignerRole, type VerificationView } from '@sede/shared/esign/schemas';
import { notFound } from '../../http/errors.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import { readEntityFile } from '../files/public.ts';
import { ENVELOPE_ENTITY, type EnvelopeRow } from './envelopes.ts';
import { sha256Hex } from './evidence.ts';
import { companyNameOf } from './sending.ts';

const { signatureEnvelopes: E, signatureSigners: S } = schema;

/**
 * What the public verification page tells (decision 0554): whether the document is intact, its
 * title, the company, who signed and when. Nothing else of the company (no e-mails, no CPF).
 */
async function viewOf(s: Services, e: EnvelopeRow, intact: boolean): Promise<VerificationView> {
  const tenant = systemTenant(s, e.companyId, 'public-link');
  const signers = await tenant.db.select().from(S).where(and(eq(S.envelopeId, e.id), eq(S.status, 'assinado'))).orderBy(asc(S.position));
  return {
    intact,
    title: e.title,
    companyName: await companyNameOf(tenant, e.companyId),
    completedAt: e.completedAt!.toISOString(),
    sha256: e.finalSha256!,
    code: e.verificationCode,
    signers: signers.map((x) => ({ name: x.name, role: x.role as SignerRole, signedAt: x.signedAt!.toISOString() })),
  };
}

const completed = (rows: EnvelopeRow[]) => {
  const e = rows[0];
  if (e?.status !== 'assinado' || !e.finalSha256 || !e.completedAt) throw notFound(M.verifyNotFound);
  return e;
};

/** By the code printed on the certificate page: the stored final PDF is hashed again, so a changed file says so. */
export async function verifyByCode(s: Services, code: string): Promise<VerificationView> {
  const normalized = code.trim().toUpperCase();
  const e = completed(await s.db.select().from(E).where(eq(E.verificationCode, normalized)));
  const file = e.finalFileId ? await readEntityFile(s, systemTenant(s, e.companyId, 'public-link'), e.finalFileId, ENVELOPE_ENTITY, e.id) : null;
  return viewOf(s, e, Boolean(file && sha256Hex(file.bytes) === e.finalSha256));
}

/**
 * By the PDF itself, hashed in the person's browser (the file never leaves it; decision 0554): its
 * SHA-256 must be the one sealed; any other file (or a changed byte) is not found.
 */
export async function verifyByHash(s: Services, sha256: string): Promise<VerificationView> {
  const e = completed(await s.db.select().from(E).where(eq(E.finalSha256, sha256.toLowerCase())));
  return viewOf(s, e, true);
}
