import { and, asc, eq, isNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { schema } from '@sede/db/client';
import { EVENT_LABELS, type EnvelopeEventKind, type SignerRole } from '@sede/shared/esign/schemas';
import { JobFailure } from '../../platform/jobs/run.ts';
import { notify } from '../../platform/notifications/notify.ts';
import { sealingCertificate } from '../../platform/sealing/certificate.ts';
import { sealPdf } from '../../platform/sealing/seal.ts';
import { tenantTransaction } from '../../platform/tenant.ts';
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

export type SealingProgress = (p: { stage: string; done: number; total: number }) => void;
const STEPS = 4;

/** Everything the certificate page and the stamps need, read under the envelope's lock. */
async function summaryOf(s: Services, { db }: Pick<Tenant, 'db'>, e: EnvelopeRow, sealedAt: Date) {
  const signers = await db.select().from(S).where(eq(S.envelopeId, e.id)).orderBy(asc(S.position));
  const events = await db.select({ v: V, name: S.name }).from(V).leftJoin(S, eq(S.id, V.signerId)).where(eq(V.envelopeId, e.id)).orderBy(asc(V.seq));
  const summary: CompletionSummary = {
    title: e.title,
    companyName: await companyNameOf({ db }, e.companyId),
    documentSha256: e.documentSha256 ?? '',
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
  const stamps: FieldStamp[] = (await fieldsOf(db, e.companyId, e.id)).map((f) => ({ ...f, signature: signatureOf.get(f.signerId) ?? { text: null, imagePng: null } }));
  return { summary, stamps, signers };
}

/**
 * The sealing job's work once every signer signed (decision 0623): builds and seals the final PDF
 * under a lock of the envelope's row, stores it, marks the envelope 'assinado', then tells the
 * sender, the source and every signer. Idempotent: the seal is made only while the envelope is
 * 'finalizando' (a second run, or one waiting on the lock, finds it 'assinado'), and the telling
 * is claimed once (`completion_told_at`), so a job run twice seals once and mails once.
 */
export async function sealEnvelope(s: Services, tenant: Tenant, envelopeId: string, progress: SealingProgress = () => {}) {
  const sealed = await tenantTransaction(tenant, async ({ db }) => {
    // Everything inside reads and writes through the transaction: one connection, and the final file's row commits with 'assinado'.
    const t: Tenant = { ...tenant, db: db as unknown as Tenant['db'] };
    const [e] = await db.select().from(E).where(and(eq(E.id, envelopeId), eq(E.companyId, tenant.companyId))).for('update');
    if (e?.status === 'assinado') return { envelope: e, bytes: null };
    if (e?.status !== 'finalizando' || !e.documentFileId || !e.documentSha256) return null;
    const original = await readEntityFile(s, t, e.documentFileId, ENVELOPE_ENTITY, e.id);
    if (!original) throw new JobFailure('O documento original do envelope não foi encontrado.');
    const sealedAt = new Date(s.clock.now());
    progress({ stage: 'Lendo as assinaturas', done: 0, total: STEPS });
    const { summary, stamps } = await summaryOf(s, t, e, sealedAt);
    progress({ stage: 'Selando o PDF', done: 1, total: STEPS });
    const bytes = await finalPdf(s, t, original.bytes, summary, sealedAt, stamps);
    const finalSha = sha256Hex(bytes);
    progress({ stage: 'Guardando o PDF assinado', done: 2, total: STEPS });
    const stored = await storeExternalFile(s, t, { entityType: ENVELOPE_ENTITY, entityId: e.id, kind: 'document', name: safeName(e.title), body: new Blob([new Uint8Array(bytes)]).stream() });
    const [done] = await db
      .update(E)
      .set({ status: 'assinado', finalFileId: stored.id, finalSha256: finalSha, completedAt: sealedAt, updatedAt: sealedAt })
      .where(eq(E.id, e.id))
      .returning();
    await recordEvent(db, { companyId: e.companyId, envelopeId: e.id, kind: 'completed', at: sealedAt, documentSha256: finalSha });
    await announceEnvelope(db, e.companyId, e.id);
    return { envelope: done!, bytes };
  });
  if (!sealed) return;
  progress({ stage: 'Enviando o PDF assinado', done: 3, total: STEPS });
  await tellCompletion(s, tenant, sealed.envelope, sealed.bytes);
}

/** After the seal: the contract's copy, the source (a quote becomes accepted), the sender's notice and the signers' e-mails, once. */
async function tellCompletion(s: Services, tenant: Tenant, e: EnvelopeRow, sealedBytes: Buffer | null) {
  const claimed = await tenant.db.update(E).set({ completionToldAt: new Date(s.clock.now()) }).where(and(eq(E.id, e.id), eq(E.companyId, tenant.companyId), isNull(E.completionToldAt))).returning({ id: E.id });
  if (!claimed.length || !e.finalFileId || !e.completedAt) return;
  const bytes = sealedBytes ?? (await readEntityFile(s, tenant, e.finalFileId, ENVELOPE_ENTITY, e.id))?.bytes;
  if (!bytes) return;
  const name = safeName(e.title);
  if (e.contractId) await storeExternalFile(s, tenant, { entityType: CONTRACT_ENTITY, entityId: e.contractId, kind: 'document', name, body: new Blob([new Uint8Array(bytes)]).stream() });
  await notifySource(s, tenant, { entity: e.sourceEntity, id: e.sourceId, options: e.sourceOptions }, { envelopeId: e.id, signedPdf: { name, bytes }, completedAt: e.completedAt });
  await notifySender(s, e, 'completed');
  const signers = await tenant.db.select().from(S).where(and(eq(S.envelopeId, e.id), eq(S.companyId, tenant.companyId))).orderBy(asc(S.position));
  for (const x of signers) {
    const mail = completedEmail({ name: x.name, title: e.title, role: x.role as SignerRole, verifyUrl: verifyUrl(s, e.verificationCode), code: e.verificationCode });
    await s.mailer.send({ to: x.email, ...mail, attachments: [{ filename: name, content: Buffer.from(bytes), contentType: 'application/pdf' }] });
  }
}
