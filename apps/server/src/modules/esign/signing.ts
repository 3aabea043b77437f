import { randomInt } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { schema } from '@sede/db/client';
import { actsOnEnvelope, ESIGN_LIMITS as L, ESIGN_MESSAGES as M, FINISHED_STATUSES, type EnvelopeStatus, type PublicSigningView, type SignerRole, type SignerStatus, type signSchema } from '@sede/shared/esign/schemas';
import type { z } from 'zod';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { systemTenant, tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { readEntityFile } from '../files/public.ts';
import { notifySender } from './completion.ts';
import { startSealingRun, wakeSealing } from './sealing-job.ts';
import { entityPayloads } from '../../platform/live/announce.ts';
import { announceEnvelope, ENVELOPE_ENTITY, type EnvelopeRow, expireDue, type SignerRow } from './envelopes.ts';
import { changeWithEvent, recordEvent, type Witness } from './evidence.ts';
import { fieldsOf } from './field-rows.ts';
import { fieldValuesFor, writeFieldValues } from './fields.ts';
import { signingCodeEmail } from './mail.ts';
import { companyNameOf, hashSecret, issueLinks, senderNameOf, signersDue } from './sending.ts';

const { signatureEnvelopes: E, signatureSigners: S } = schema;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

type Link = { signer: SignerRow; envelope: EnvelopeRow; tenant: Tenant };

/** Past its expiry date and still waiting for someone: the next read marks it 'expirado' (decision 0551). */
const dueToExpire = (s: Services, e: EnvelopeRow) => e.expiresOn < todayInBrazil(new Date(s.clock.now())) && e.status !== 'rascunho' && !FINISHED_STATUSES.includes(e.status as EnvelopeStatus);

/**
 * The signer a token names, their envelope and its company's tenant, in one statement (every
 * request of the signing page starts here; decision 0720): the token is all the page has (404
 * when forged or replaced). An envelope due to expire is expired first.
 */
async function linkOf(s: Services, token: string): Promise<Link> {
  if (!TOKEN_SHAPE.test(token)) throw notFound(M.linkInvalid);
  const [row] = await s.db
    .select({ signer: S, envelope: E })
    .from(S)
    .innerJoin(E, and(eq(E.id, S.envelopeId), eq(E.companyId, S.companyId)))
    .where(eq(S.tokenHash, hashSecret(token)));
  if (!row) throw notFound(M.linkInvalid);
  const { signer } = row;
  const tenant = systemTenant(s, signer.companyId, 'public-link');
  if (!dueToExpire(s, row.envelope)) return { signer, envelope: row.envelope, tenant };
  await expireDue(s, tenant, signer.envelopeId);
  const [envelope] = await tenant.db.select().from(E).where(and(eq(E.id, signer.envelopeId), eq(E.companyId, signer.companyId)));
  if (!envelope) throw notFound(M.linkInvalid);
  return { signer, envelope, tenant };
}

const closedMessage = (status: EnvelopeStatus) =>
  status === 'cancelado' ? M.envelopeCancelled : status === 'expirado' ? M.envelopeExpired : status === 'recusado' ? M.envelopeRefused : FINISHED_STATUSES.includes(status) ? M.finished : null;

function stateOf({ signer, envelope }: Link): { state: PublicSigningView['state']; message: string | null } {
  if (signer.status === 'assinado') return { state: 'assinado', message: null };
  if (signer.status === 'recusado') return { state: 'recusado', message: null };
  const closed = closedMessage(envelope.status as EnvelopeStatus);
  if (closed) return { state: 'encerrado', message: closed };
  if (signer.locked) return { state: 'bloqueado', message: M.linkLocked };
  return signer.codeConfirmedAt ? { state: 'assinar', message: null } : { state: 'confirmar_codigo', message: null };
}

/** Refuses any action once the signer answered, the envelope closed or the link locked. */
function mustBeOpen(link: Link) {
  const { state, message } = stateOf(link);
  if (state === 'assinado' || state === 'recusado') throw new AppError(410, 'LINK_USED', M.linkUsed);
  if (state === 'encerrado') throw new AppError(410, 'ENVELOPE_CLOSED', message ?? M.finished);
  if (state === 'bloqueado') throw new AppError(403, 'LINK_LOCKED', M.linkLocked);
}

/** 'f****o@empresa.com.br': enough for the person to recognise their address, not to read it. */
const maskEmail = (email: string) => email.replace(/^(.)(.*)(.)@/, (_, a: string, mid: string, b: string) => `${a}${'*'.repeat(Math.min(mid.length, 6))}${b}@`);

/** The page's view; the first one of a signer records 'viewed' (with address and browser) and moves the envelope to 'visualizado'. */
export async function publicSigning(s: Services, token: string, witness: Witness): Promise<PublicSigningView> {
  const link = await linkOf(s, token);
  const { signer, envelope, tenant } = link;
  if (signer.status === 'enviado' && !FINISHED_STATUSES.includes(envelope.status as EnvelopeStatus)) {
    const movedEnvelope = sql`UPDATE ${E} SET status = 'visualizado', updated_at = now() WHERE ${E.id} = ${envelope.id} AND ${E.status} = 'enviado' AND EXISTS (SELECT 1 FROM changed)`;
    const [payload] = entityPayloads({ companyId: signer.companyId, entity: ENVELOPE_ENTITY, id: envelope.id, action: 'updated' });
    await changeWithEvent(
      tenant.db,
      tenant.db.update(S).set({ status: 'visualizado' }).where(and(eq(S.id, signer.id), eq(S.status, 'enviado'))).returning({ id: S.id }),
      { companyId: signer.companyId, envelopeId: envelope.id, kind: 'viewed', at: new Date(s.clock.now()), documentSha256: envelope.documentSha256, witness },
      [movedEnvelope],
      payload,
    );
    signer.status = 'visualizado';
  }
  const { state, message } = stateOf(link);
  return {
    envelopeTitle: envelope.title,
    companyName: await companyNameOf(tenant, signer.companyId),
    senderName: await senderNameOf(tenant, envelope.createdBy),
    message: envelope.message,
    expiresOn: envelope.expiresOn,
    documentPages: envelope.documentPages ?? 0,
    documentSha256: envelope.documentSha256 ?? '',
    signer: { name: signer.name, email: maskEmail(signer.email), role: signer.role as SignerRole, status: signer.status as SignerStatus },
    state,
    stateMessage: message,
    verificationCode: envelope.status === 'assinado' ? envelope.verificationCode : null,
    finalizing: envelope.status === 'finalizando',
    fields: await fieldsOf(tenant.db, signer.companyId, envelope.id, signer.id),
  };
}

/** The original document's bytes, for pdf.js on the page (the signer reads what they sign). */
export async function publicDocument(s: Services, token: string) {
  const { envelope, tenant } = await linkOf(s, token);
  const file = envelope.documentFileId ? await readEntityFile(s, tenant, envelope.documentFileId, ENVELOPE_ENTITY, envelope.id) : null;
  if (!file) throw notFound(M.linkInvalid);
  return file;
}

export async function sendCode(s: Services, token: string, witness: Witness) {
  const link = await linkOf(s, token);
  mustBeOpen(link);
  const { signer, envelope, tenant } = link;
  const code = String(randomInt(0, 10 ** L.codeDigits)).padStart(L.codeDigits, '0');
  const expiresAt = new Date(s.clock.now() + L.codeMinutes * 60_000);
  await changeWithEvent(
    tenant.db,
    tenant.db.update(S).set({ codeHash: hashSecret(`${signer.id}:${code}`), codeExpiresAt: expiresAt }).where(eq(S.id, signer.id)).returning({ id: S.id }),
    { companyId: signer.companyId, envelopeId: envelope.id, kind: 'code_sent', at: new Date(s.clock.now()), documentSha256: envelope.documentSha256, witness },
  );
  await s.mailer.send({ to: signer.email, ...signingCodeEmail({ signerName: signer.name, title: envelope.title, code, minutes: L.codeMinutes }) });
  return { sentTo: maskEmail(signer.email), expiresAt: expiresAt.toISOString() };
}

/** A wrong code counts; the fifth locks the link until the sender resends it (decision 0551). */
export async function confirmCode(s: Services, token: string, code: string, witness: Witness) {
  const link = await linkOf(s, token);
  mustBeOpen(link);
  const { signer, envelope, tenant } = link;
  if (!signer.codeHash || !signer.codeExpiresAt || signer.codeExpiresAt.getTime() < s.clock.now()) throw badRequest(M.codeExpired, 'CODE_EXPIRED');
  if (hashSecret(`${signer.id}:${code}`) !== signer.codeHash) {
    const [after] = await tenant.db
      .update(S)
      .set({ codeAttempts: sql`${S.codeAttempts} + 1`, locked: sql`${S.codeAttempts} + 1 >= ${L.codeAttempts}` })
      .where(eq(S.id, signer.id))
      .returning({ attempts: S.codeAttempts, locked: S.locked });
    if (after?.locked) throw new AppError(403, 'LINK_LOCKED', M.linkLocked);
    const left = L.codeAttempts - (after?.attempts ?? L.codeAttempts);
    throw new AppError(400, 'CODE_INVALID', `${M.codeInvalid} ${left === 1 ? 'Resta 1 tentativa.' : `Restam ${left} tentativas.`}`, { attemptsLeft: left });
  }
  await changeWithEvent(
    tenant.db,
    tenant.db.update(S).set({ codeConfirmedAt: new Date(s.clock.now()), codeHash: null, codeAttempts: 0 }).where(eq(S.id, signer.id)).returning({ id: S.id }),
    { companyId: signer.companyId, envelopeId: envelope.id, kind: 'code_confirmed', at: new Date(s.clock.now()), documentSha256: envelope.documentSha256, witness },
  );
  return { confirmed: true as const };
}

async function drawnPng(image: string): Promise<string> {
  const bytes = Buffer.from(image.slice(image.indexOf(',') + 1), 'base64');
  if (bytes.length > L.signatureImageBytes) throw new AppError(413, 'SIGNATURE_TOO_LARGE', M.signatureImage);
  try {
    await (await PDFDocument.create()).embedPng(bytes);
  } catch {
    throw badRequest(M.signatureImage, 'SIGNATURE_INVALID');
  }
  return image;
}

/**
 * The signer's answer, under a lock of the envelope's row so two last signers cannot both miss
 * completing it (nor both complete it); then the next signer in order gets the link, or the seal is queued.
 */
async function answer(
  s: Services,
  token: string,
  witness: Witness,
  change: (link: Link) => Promise<Partial<typeof S.$inferInsert>>,
  kind: 'signed' | 'refused',
  fieldValues: { id: string; value: string }[] = [],
) {
  const link = await linkOf(s, token);
  mustBeOpen(link);
  if (kind === 'signed' && !link.signer.codeConfirmedAt) throw new AppError(403, 'CODE_REQUIRED', M.codeFirst);
  const fields = await change(link);
  const { signer, tenant } = link;
  const now = new Date(s.clock.now());
  // The signer's fields are checked before anything is written: nothing half-signed (decision 0590).
  const values = kind === 'signed' ? await fieldValuesFor(tenant.db, signer, fieldValues, now) : [];
  // One short transaction (decision 0720): the lock, the envelope's signers read once, the writes.
  const result = await tenantTransaction(tenant, async (t) => {
    const tx = t.db;
    const [envelope] = await tx.select().from(E).where(and(eq(E.id, signer.envelopeId), eq(E.companyId, signer.companyId))).for('update');
    const signers = await tx.select().from(S).where(and(eq(S.companyId, signer.companyId), eq(S.envelopeId, signer.envelopeId))).orderBy(asc(S.position));
    const current = signers.find((x) => x.id === signer.id);
    if (!envelope || !current) throw notFound(M.linkInvalid);
    mustBeOpen({ signer: current, envelope, tenant });
    const answered = { ...fields, status: kind === 'signed' ? 'assinado' : 'recusado' };
    await tx.update(S).set(answered).where(eq(S.id, signer.id));
    Object.assign(current, answered);
    await writeFieldValues(tx, signer.companyId, values);
    await recordEvent(tx, { companyId: signer.companyId, envelopeId: envelope.id, signerId: signer.id, kind, at: now, documentSha256: envelope.documentSha256, witness });
    const acting = signers.filter((x) => actsOnEnvelope(x.role as SignerRole));
    const allSigned = kind === 'signed' && acting.every((x) => x.status === 'assinado');
    // The last signature answers at once: the seal is a job queued in this commit (decision 0623).
    const status: EnvelopeStatus = kind === 'refused' ? 'recusado' : allSigned ? 'finalizando' : 'parcialmente_assinado';
    const sealingRunId = allSigned ? await startSealingRun(s, t, envelope) : undefined;
    const [updated] = await tx.update(E).set({ status, updatedAt: now, ...(sealingRunId ? { sealingRunId } : {}) }).where(eq(E.id, envelope.id)).returning();
    await announceEnvelope(tx, signer.companyId, envelope.id);
    return { envelope: updated!, signers, allSigned };
  });
  if (kind === 'refused') await notifySender(s, result.envelope, 'refused', signer.name);
  else if (result.allSigned) wakeSealing(s);
  else if (result.envelope.signingOrder === 'sequencial') {
    const next = signersDue('sequencial', result.signers).filter((x) => x.status === 'pendente');
    if (next.length) await issueLinks(s, tenant, result.envelope, next, 'sent');
  }
  return { done: true as const };
}

export const signByLink = (s: Services, token: string, input: z.output<typeof signSchema>, witness: Witness) =>
  answer(
    s,
    token,
    witness,
    async () => (input.signature.kind === 'typed' ? { signatureText: input.signature.text, signedAt: new Date(s.clock.now()) } : { signatureImage: await drawnPng(input.signature.image), signedAt: new Date(s.clock.now()) }),
    'signed',
    input.fields,
  );

export const refuseByLink = (s: Services, token: string, reason: string, witness: Witness) =>
  answer(s, token, witness, async () => ({ refusalReason: reason, refusedAt: new Date(s.clock.now()) }), 'refused');

