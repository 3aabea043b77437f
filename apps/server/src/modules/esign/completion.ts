import { and, asc, eq, ne } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { schema } from '@sede/db/client';
import { EVENT_LABELS, type EnvelopeEventKind, type SignerRole } from '@sede/shared/esign/schemas';
import { notify } from '../../platform/notifications/notify.ts';
import { sealingCertificate } from '../../platform/sealing/certificate.ts';
import { sealPdf } from '../../platform/sealing/seal.ts';
import type { Services, Tenant } from '../../services.ts';
import { readEntityFile, storeExternalFile } from '../files/public.ts';
import { CONTRACT_ENTITY } from '../legal/public.ts';
import { appendCertificatePages, type CompletionSummary } from './certificate-page.ts';
import { announceEnvelope, ENVELOPE_ENTITY, type EnvelopeRow } from './envelopes.ts';
import { recordEvent, sha256Hex } from './evidence.ts';
import { type FieldStamp, stampFields } from './field-stamps.ts';
import { fieldsOf } from './field-rows.ts';
import { completedEmail } from './mail.ts';
import { notifySource } from './sources.ts';
import { companyNameOf } from './sending.ts';

const { signatureEnvelopes: E, signatureSigners: S, signatureEvents: V } = schema;

export const envelopePath = (id: string) => `/juridico/assinaturas/${id}`;
export const verifyUrl = (s: Services, code: string) => `${s.cfg.appUrl}/verificar/${code}`;

/** The original with its certificate of completion, sealed (decisions 0552, 0553): the bytes of the final PDF. */
export async function finalPdf(s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>, original: Uint8Array, summary: CompletionSummary, sealedAt: Date, stamps: FieldStamp[] = []): Promise<Buffer> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  await stampFields(doc, stamps);
  await appendCertificatePages(doc, summary);
  doc.setProducer('Sede');
  doc.setModificationDate(sealedAt);
  return sealPdf(doc, await sealingCertificate(s, tenant), { reason: `Assinaturas eletrônicas concluídas — código ${summary.verificationCode}`, location: 'Brasil', contact: summary.verificationUrl, signingTime: sealedAt });
}

/** The sender hears of the end: all signed, or who refused. */
export async function notifySender(s: Services, e: EnvelopeRow, kind: 'completed' | 'refused', who?: string) {
  if (!e.createdBy) return;
  await notify(s, {
    companyId: e.companyId,
    userIds: [e.createdBy],
    kind: 'alert',
    title: kind === 'completed' ? `Documento assinado: ${e.title}` : `Assinatura recusada: ${e.title}`,
    body: kind === 'completed' ? 'Todos assinaram. O PDF assinado e selado está no envelope.' : `${who ?? 'Um signatário'} recusou assinar.`,
    link: envelopePath(e.id),
    entity: { type: ENVELOPE_ENTITY, id: e.id },
  });
}

const safeName = (title: string) => `${title.replace(/[\\/:*?"<>|]+/g, '-').slice(0, 150)} - assinado.pdf`;

/**
 * Once every signer signed: builds and seals the final PDF, stores it with the envelope (and the
 * contract it came from), marks the envelope 'assinado' and tells the sender and every signer.
 * Idempotent: an envelope already completed is left as it is.
 */
export async function completeEnvelope(s: Services, tenant: Tenant, envelopeId: string) {
  const [e] = await tenant.db.select().from(E).where(and(eq(E.id, envelopeId), eq(E.companyId, tenant.companyId)));
  if (!e || e.status === 'assinado' || !e.documentFileId || !e.documentSha256) return;
  const original = await readEntityFile(s, tenant, e.documentFileId, ENVELOPE_ENTITY, e.id);
  if (!original) return;
  const signers = await tenant.db.select().from(S).where(eq(S.envelopeId, e.id)).orderBy(asc(S.position));
  const events = await tenant.db.select({ v: V, name: S.name }).from(V).leftJoin(S, eq(S.id, V.signerId)).where(eq(V.envelopeId, e.id)).orderBy(asc(V.seq));
  const sealedAt = new Date(s.clock.now());
  const companyName = await companyNameOf(tenant, e.companyId);
  const summary: CompletionSummary = {
    title: e.title,
    companyName,
    documentSha256: e.documentSha256,
    documentPages: e.documentPages ?? 0,
    verificationCode: e.verificationCode,
    verificationUrl: verifyUrl(s, e.verificationCode),
    signers: signers.map((x) => ({
      name: x.name,
      email: x.email,
      cpf: x.cpf,
      role: x.role as SignerRole,
      signedAt: x.signedAt,
      signature: { text: x.signatureText, imagePng: x.signatureImage ? Buffer.from(x.signatureImage.slice(x.signatureImage.indexOf(',') + 1), 'base64') : null },
    })),
    events: [
      ...events.filter(({ v }) => v.kind in EVENT_LABELS).map(({ v, name }) => ({ kind: v.kind as EnvelopeEventKind, at: v.at, signerName: name, ip: v.ip, userAgent: v.userAgent })),
      { kind: 'completed' as const, at: sealedAt, signerName: null, ip: null, userAgent: null },
    ],
  };
  const signatureOf = new Map(signers.map((x, i) => [x.id, summary.signers[i]!.signature]));
  const stamps: FieldStamp[] = (await fieldsOf(tenant.db, e.companyId, e.id)).map((f) => ({ ...f, signature: signatureOf.get(f.signerId) ?? { text: null, imagePng: null } }));
  const bytes = await finalPdf(s, tenant, original.bytes, summary, sealedAt, stamps);
  const finalSha = sha256Hex(bytes);
  const name = safeName(e.title);
  const stored = await storeExternalFile(s, tenant, { entityType: ENVELOPE_ENTITY, entityId: e.id, kind: 'document', name, body: new Blob([new Uint8Array(bytes)]).stream() });
  const done = await tenant.db.transaction(async (tx) => {
    const rows = await tx
      .update(E)
      .set({ status: 'assinado', finalFileId: stored.id, finalSha256: finalSha, completedAt: sealedAt, updatedAt: sealedAt })
      .where(and(eq(E.id, e.id), ne(E.status, 'assinado')))
      .returning();
    if (!rows.length) return null;
    await recordEvent(tx, { companyId: e.companyId, envelopeId: e.id, kind: 'completed', at: sealedAt, documentSha256: finalSha });
    await announceEnvelope(tx, e.companyId, e.id);
    return rows[0]!;
  });
  if (!done) return;
  if (e.contractId) await storeExternalFile(s, tenant, { entityType: CONTRACT_ENTITY, entityId: e.contractId, kind: 'document', name, body: new Blob([new Uint8Array(bytes)]).stream() });
  await notifySource(s, tenant, { entity: e.sourceEntity, id: e.sourceId, options: e.sourceOptions }, { envelopeId: e.id, signedPdf: { name, bytes }, completedAt: sealedAt });
  await notifySender(s, done, 'completed');
  for (const x of signers) {
    const mail = completedEmail({ name: x.name, title: e.title, role: x.role as SignerRole, verifyUrl: summary.verificationUrl, code: e.verificationCode });
    await s.mailer.send({ to: x.email, ...mail, attachments: [{ filename: name, content: bytes, contentType: 'application/pdf' }] });
  }
}
