import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { actsOnEnvelope, ESIGN_MESSAGES as M, FINISHED_STATUSES, type EnvelopeStatus, type EnvelopeView, type SignerRole } from '@sede/shared/esign/schemas';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import type { Services, Tenant } from '../../services.ts';
import { announceEnvelope, type EnvelopeRow, envelopeRow, expireDue, getEnvelope, type SignerRow } from './envelopes.ts';
import { recordEvent, type Witness } from './evidence.ts';
import { signingLinkEmail } from './mail.ts';

const { signatureEnvelopes: E, signatureSigners: S, companies: C, user: U } = schema;

export const hashSecret = (value: string) => createHash('sha256').update(value).digest('hex');

/** The signers whose turn it is: every one still to act at once, or the first of the list in order (decision 0551). */
export function signersDue(order: string, signers: SignerRow[]): SignerRow[] {
  const waiting = signers.filter((x) => actsOnEnvelope(x.role as SignerRole) && x.status !== 'assinado' && x.status !== 'recusado');
  return order === 'sequencial' ? waiting.slice(0, 1) : waiting;
}

export async function companyNameOf(tenant: Pick<Tenant, 'db'>, companyId: string) {
  const [c] = await tenant.db.select({ name: C.name, fantasia: C.fantasia }).from(C).where(eq(C.id, companyId));
  return c?.fantasia?.trim() || c?.name || 'Sede';
}

export async function senderNameOf(tenant: Pick<Tenant, 'db'>, userId: string | null) {
  if (!userId) return null;
  const [u] = await tenant.db.select({ name: U.name }).from(U).where(eq(U.id, userId));
  return u?.name ?? null;
}

/**
 * A fresh link for each signer (a random token; only its SHA-256 is kept, so an older link of the
 * signer stops working) mailed after the transaction that recorded it committed.
 */
export async function issueLinks(s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>, e: EnvelopeRow, signers: SignerRow[], kind: 'sent' | 'resent' | 'reminded', witness?: Witness) {
  const now = new Date(s.clock.now());
  const links = await tenant.db.transaction(async (tx) => {
    const out: { signer: SignerRow; token: string }[] = [];
    for (const signer of signers) {
      const token = randomBytes(32).toString('base64url');
      await tx
        .update(S)
        .set({ tokenHash: hashSecret(token), status: signer.status === 'pendente' ? 'enviado' : signer.status, codeHash: null, codeExpiresAt: null, codeAttempts: 0, locked: false, codeConfirmedAt: null })
        .where(eq(S.id, signer.id));
      await recordEvent(tx, { companyId: e.companyId, envelopeId: e.id, signerId: signer.id, kind, at: now, documentSha256: e.documentSha256, witness });
      out.push({ signer, token });
    }
    await announceEnvelope(tx, e.companyId, e.id);
    return out;
  });
  const companyName = await companyNameOf(tenant, e.companyId);
  for (const { signer, token } of links) {
    const mail = signingLinkEmail({ signerName: signer.name, companyName, title: e.title, message: e.message, role: signer.role as SignerRole, expiresOn: e.expiresOn, url: `${s.cfg.appUrl}/assinar/${token}` });
    await s.mailer.send({ to: signer.email, ...mail, subject: kind === 'reminded' ? `Lembrete: ${mail.subject}` : mail.subject });
  }
}

const signersOf = (tenant: Pick<Tenant, 'db' | 'companyId'>, envelopeId: string) =>
  tenant.db.select().from(S).where(and(eq(S.companyId, tenant.companyId), eq(S.envelopeId, envelopeId))).orderBy(asc(S.position));

export async function sendEnvelope(s: Services, tenant: Tenant, id: string, witness: Witness): Promise<EnvelopeView> {
  const e = await envelopeRow(tenant, id);
  if (e.status !== 'rascunho') throw conflict(M.notDraft, 'NOT_DRAFT');
  if (!e.documentFileId || !e.documentSha256) throw badRequest(M.noDocument, 'NO_DOCUMENT');
  const sentAt = new Date(s.clock.now());
  const updated = await tenant.db.transaction(async (tx) => {
    const rows = await tx.update(E).set({ status: 'enviado', sentAt, updatedAt: sentAt }).where(and(eq(E.id, id), eq(E.companyId, tenant.companyId), eq(E.status, 'rascunho'))).returning();
    if (rows.length) await logAudit(tx, tenant, { action: 'envelope_sent', entity: 'signature_envelope', id, details: { label: e.title } });
    return rows[0];
  });
  if (!updated) throw conflict(M.notDraft, 'NOT_DRAFT');
  await issueLinks(s, tenant, updated, signersDue(updated.signingOrder, await signersOf(tenant, id)), 'sent', witness);
  return getEnvelope(s, tenant, id);
}

export async function cancelEnvelope(s: Services, tenant: Tenant, id: string, witness: Witness): Promise<EnvelopeView> {
  await expireDue(s, tenant, id);
  const e = await envelopeRow(tenant, id);
  if (FINISHED_STATUSES.includes(e.status as EnvelopeStatus)) throw conflict(M.finished, 'ENVELOPE_FINISHED');
  const now = new Date(s.clock.now());
  await tenant.db.transaction(async (tx) => {
    const rows = await tx.update(E).set({ status: 'cancelado', updatedAt: now }).where(and(eq(E.id, id), eq(E.companyId, tenant.companyId), eq(E.status, e.status))).returning({ id: E.id });
    if (!rows.length) throw conflict(M.finished, 'ENVELOPE_FINISHED');
    await recordEvent(tx, { companyId: tenant.companyId, envelopeId: id, kind: 'cancelled', at: now, documentSha256: e.documentSha256, witness });
    await logAudit(tx, tenant, { action: 'envelope_cancelled', entity: 'signature_envelope', id, details: { label: e.title } });
    await announceEnvelope(tx, tenant.companyId, id);
  });
  return getEnvelope(s, tenant, id);
}

/** A new link to one signer whose turn it is (a lost e-mail, a locked link): the old link stops working. */
export async function resendLink(s: Services, tenant: Tenant, id: string, signerId: string, witness: Witness): Promise<EnvelopeView> {
  await expireDue(s, tenant, id);
  const e = await envelopeRow(tenant, id);
  const signers = await signersOf(tenant, id);
  const signer = signers.find((x) => x.id === signerId);
  if (!signer) throw notFound(M.signerNotFound);
  if (e.status === 'rascunho') throw conflict(M.notDraft, 'NOT_SENT');
  if (FINISHED_STATUSES.includes(e.status as EnvelopeStatus)) throw conflict(M.finished, 'ENVELOPE_FINISHED');
  if (signer.status === 'assinado' || signer.status === 'recusado' || !actsOnEnvelope(signer.role as SignerRole)) throw conflict(M.signerDone, 'SIGNER_DONE');
  if (!signersDue(e.signingOrder, signers).some((x) => x.id === signerId)) throw conflict(M.notYourTurn, 'NOT_YOUR_TURN');
  await issueLinks(s, tenant, e, [signer], 'resent', witness);
  return getEnvelope(s, tenant, id);
}
