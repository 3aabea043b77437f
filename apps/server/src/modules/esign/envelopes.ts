import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, lt, notInArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { z } from 'zod';
import { schema } from '@sede/db/client';
import {
  actsOnEnvelope,
  ESIGN_LIMITS,
  ESIGN_MESSAGES as M,
  FINISHED_STATUSES,
  type EnvelopeStatus,
  type EnvelopeSummary,
  type EnvelopeView,
  type envelopeCreateSchema,
  type envelopeListQuerySchema,
  type SignerRole,
  type SignerStatus,
  type SigningOrder,
} from '@sede/shared/esign/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { announce } from '../../platform/live/announce.ts';
import { foundOr404 } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { pick } from '../../platform/values.ts';
import { FIELD_MESSAGES as FM } from '@sede/shared/esign/fields';
import { readEntityFile, removeEntityFile, storeMemberFile } from '../files/public.ts';
import { CONTRACT_ENTITY, contractExists } from '../legal/public.ts';
import { recordEvent, sha256Hex } from './evidence.ts';
import { fieldsOf } from './field-rows.ts';
import { failedSealings, sealingOf } from './sealing-progress.ts';

const { signatureEnvelopes: E, signatureSigners: S, signatureEvents: V, files: F } = schema;
export const ENVELOPE_ENTITY = 'signature_envelope';
export type EnvelopeRow = typeof E.$inferSelect;
export type SignerRow = typeof S.$inferSelect;

/** Ten characters without look-alikes (no 0/O, 1/I/L), grouped for reading aloud: 'K7QX-M4PA-9T'. */
export function newVerificationCode(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

export const announceEnvelope = (db: Parameters<typeof announce>[0], companyId: string, id: string) => announce(db, { companyId, entity: ENVELOPE_ENTITY, id, action: 'updated' });

export const envelopeExists = async (tenant: Tenant, id: string) => Boolean(await findEnvelope(tenant, id));

async function findEnvelope(tenant: Pick<Tenant, 'db' | 'companyId'>, id: string) {
  const [row] = await tenant.db.select().from(E).where(and(eq(E.id, id), eq(E.companyId, tenant.companyId)));
  return row ?? null;
}

export const envelopeRow = (tenant: Pick<Tenant, 'db' | 'companyId'>, id: string) => foundOr404(id, M.envelopeNotFound, async () => { const r = await findEnvelope(tenant, id); return r ? [r] : []; });

/** Envelopes past their expiry date that still wait for someone become 'expirado' (read by the list and the pages; decision 0551). */
export async function expireDue(s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>, envelopeId?: string) {
  const today = todayInBrazil(new Date(s.clock.now()));
  const expired = await tenant.db
    .update(E)
    .set({ status: 'expirado', updatedAt: new Date(s.clock.now()) })
    .where(and(eq(E.companyId, tenant.companyId), lt(E.expiresOn, today), notInArray(E.status, ['rascunho', ...FINISHED_STATUSES]), envelopeId ? eq(E.id, envelopeId) : undefined))
    .returning({ id: E.id, sha: E.documentSha256 });
  for (const e of expired) {
    await recordEvent(tenant.db, { companyId: tenant.companyId, envelopeId: e.id, kind: 'expired', at: new Date(s.clock.now()), documentSha256: e.sha });
    await announceEnvelope(tenant.db, tenant.companyId, e.id);
  }
}

const summaryOf = (e: EnvelopeRow, signers: SignerRow[], sealingFailed = false): EnvelopeSummary => {
  const acting = signers.filter((x) => actsOnEnvelope(x.role as SignerRole));
  return {
    ...pick(e, 'id', 'title', 'expiresOn', 'contractId'),
    status: e.status as EnvelopeStatus,
    sealingFailed: e.status === 'finalizando' && sealingFailed,
    signingOrder: e.signingOrder as SigningOrder,
    signersDone: acting.filter((x) => x.status === 'assinado').length,
    signersTotal: acting.length,
    createdAt: e.createdAt.toISOString(),
    sentAt: e.sentAt?.toISOString() ?? null,
    completedAt: e.completedAt?.toISOString() ?? null,
  };
};

export async function listEnvelopes(s: Services, tenant: Tenant, q: z.output<typeof envelopeListQuerySchema>): Promise<EnvelopeSummary[]> {
  await expireDue(s, tenant);
  const rows = await tenant.db
    .select()
    .from(E)
    .where(
      and(
        eq(E.companyId, tenant.companyId),
        q.status ? eq(E.status, q.status) : undefined,
        q.contractId ? eq(E.contractId, q.contractId) : undefined,
        q.q?.trim() ? ilike(E.title, `%${q.q.trim().replace(/[%_\\]/g, '')}%`) : undefined,
      ),
    )
    .orderBy(desc(E.createdAt), desc(E.id))
    .limit(500);
  if (!rows.length) return [];
  const signers = await tenant.db.select().from(S).where(and(eq(S.companyId, tenant.companyId), inArray(S.envelopeId, rows.map((r) => r.id))));
  // A seal that failed shows in the list too, not only on the envelope's page (decision 0754).
  const failed = await failedSealings(tenant, rows);
  return rows.map((e) => summaryOf(e, signers.filter((x) => x.envelopeId === e.id), failed.has(e.id)));
}

export async function getEnvelope(s: Services, tenant: Tenant, id: string): Promise<EnvelopeView> {
  await expireDue(s, tenant, id);
  const e = await envelopeRow(tenant, id);
  const signers = await tenant.db.select().from(S).where(and(eq(S.companyId, tenant.companyId), eq(S.envelopeId, id))).orderBy(asc(S.position));
  const events = await tenant.db
    .select({ v: V, signerName: S.name })
    .from(V)
    .leftJoin(S, eq(S.id, V.signerId))
    .where(and(eq(V.companyId, tenant.companyId), eq(V.envelopeId, id)))
    .orderBy(asc(V.seq));
  const [doc] = e.documentFileId ? await tenant.db.select({ name: F.name }).from(F).where(and(eq(F.id, e.documentFileId), eq(F.companyId, tenant.companyId))) : [];
  const sealing = await sealingOf(tenant, e);
  return {
    ...summaryOf(e, signers, sealing?.status === 'failed'),
    ...pick(e, 'message', 'remindEveryDays', 'documentFileId', 'documentSha256', 'documentPages', 'finalFileId', 'finalSha256'),
    documentName: doc?.name ?? null,
    verificationCode: e.status === 'assinado' ? e.verificationCode : null,
    signers: signers.map((x) => ({
      ...pick(x, 'id', 'position', 'name', 'email', 'cpf', 'refusalReason'),
      role: x.role as SignerRole,
      status: x.status as SignerStatus,
      signedAt: x.signedAt?.toISOString() ?? null,
      refusedAt: x.refusedAt?.toISOString() ?? null,
    })),
    events: events.map(({ v, signerName }) => ({ id: v.id, kind: v.kind as EnvelopeView['events'][number]['kind'], at: v.at.toISOString(), signerName, ip: v.ip, userAgent: v.userAgent, documentSha256: v.documentSha256 })),
    fields: await fieldsOf(tenant.db, tenant.companyId, id),
    source: e.sourceEntity && e.sourceId ? { entity: e.sourceEntity, id: e.sourceId } : null,
    sealing,
  };
}

/** A PDF we can sign: not encrypted, readable by pdf-lib, at least one page. DOCX and other types are refused with their own message (decision 0550). */
export async function checkSignablePdf(bytes: Uint8Array, name: string): Promise<number> {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) {
    if (head.startsWith('PK') && /\.docx?$/i.test(name)) throw badRequest(M.docx, 'DOCX_NOT_SUPPORTED');
    throw badRequest(M.notPdf, 'NOT_PDF');
  }
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (err) {
    if (err instanceof Error && /encrypt/i.test(err.message)) throw badRequest(M.pdfEncrypted, 'PDF_ENCRYPTED');
    throw badRequest(M.pdfBroken, 'PDF_BROKEN');
  }
  if (doc.isEncrypted) throw badRequest(M.pdfEncrypted, 'PDF_ENCRYPTED');
  // A file with a PDF header and no catalogue loads, then throws on its pages: broken all the same.
  const pages = (() => {
    try {
      return doc.getPageCount();
    } catch {
      return 0;
    }
  })();
  if (pages < 1) throw badRequest(M.pdfBroken, 'PDF_BROKEN');
  return pages;
}

/** Keeps the envelope's own copy of the document (a signed document never changes, whatever happens to where it came from). */
async function copyDocument(s: Services, tenant: Tenant, envelopeId: string, name: string, bytes: Uint8Array) {
  const pages = await checkSignablePdf(bytes, name);
  const file = await storeMemberFile(s, tenant, { entityType: ENVELOPE_ENTITY, entityId: envelopeId, kind: 'document', name, body: new Blob([new Uint8Array(bytes)]).stream() });
  await setDocument(tenant, envelopeId, file.id, bytes, pages);
}

async function setDocument(tenant: Tenant, envelopeId: string, fileId: string, bytes: Uint8Array, pages: number) {
  await tenant.db.transaction(async (tx) => {
    await tx.update(E).set({ documentFileId: fileId, documentSha256: sha256Hex(bytes), documentPages: pages, updatedAt: new Date() }).where(and(eq(E.id, envelopeId), eq(E.companyId, tenant.companyId)));
    await announceEnvelope(tx, tenant.companyId, envelopeId);
  });
}

/**
 * The PDF uploaded to the envelope through the platform's files (decision 0550) becomes its
 * document; a file we cannot sign is removed with the reason.
 */
export async function attachDocument(s: Services, tenant: Tenant, id: string, fileId: string): Promise<EnvelopeView> {
  const e = await envelopeRow(tenant, id);
  if (e.status !== 'rascunho') throw conflict(M.notDraft, 'NOT_DRAFT');
  const file = await readEntityFile(s, tenant, fileId, ENVELOPE_ENTITY, id);
  if (!file) throw notFound(M.fileNotFound);
  let pages: number;
  try {
    pages = await checkSignablePdf(file.bytes, file.name);
    // Fields are fractions of pages the old document had (decision 0620): a new PDF keeps them only with as many pages.
    if (e.documentPages && pages !== e.documentPages && (await fieldsOf(tenant.db, tenant.companyId, id)).length) throw badRequest(FM.samePages(e.documentPages), 'PAGES_DIFFER');
  } catch (err) {
    const removeBytes = await removeEntityFile(s, tenant, fileId, ENVELOPE_ENTITY);
    await removeBytes?.();
    throw err;
  }
  await setDocument(tenant, id, fileId, file.bytes, pages);
  return getEnvelope(s, tenant, id);
}

export async function createEnvelope(
  s: Services,
  tenant: Tenant,
  input: z.output<typeof envelopeCreateSchema>,
  from?: { pdf: { name: string; bytes: Uint8Array }; source?: { entity: string; id: string; options?: Record<string, unknown> } },
): Promise<EnvelopeView> {
  const today = todayInBrazil(new Date(s.clock.now()));
  if (input.expiresOn <= today || input.expiresOn > addDays(today, ESIGN_LIMITS.maxDays)) throw badRequest(M.expiresOn, 'EXPIRES_ON');
  let source: { name: string; bytes: Uint8Array } | null = null;
  if (from) {
    await checkSignablePdf(from.pdf.bytes, from.pdf.name);
    source = from.pdf;
  }
  if (input.contract) {
    if (!(await contractExists(tenant, input.contract.contractId))) throw notFound('Contrato não encontrado.');
    const file = await readEntityFile(s, tenant, input.contract.fileId, CONTRACT_ENTITY, input.contract.contractId);
    if (!file) throw notFound('Arquivo não encontrado neste contrato.');
    await checkSignablePdf(file.bytes, file.name);
    source = file;
  }
  const now = new Date(s.clock.now());
  const id = await tenant.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(E)
      .values({ companyId: tenant.companyId, title: input.title, message: input.message, signingOrder: input.signingOrder, expiresOn: input.expiresOn, remindEveryDays: input.remindEveryDays, contractId: input.contract?.contractId ?? null, sourceEntity: from?.source?.entity ?? null, sourceId: from?.source?.id ?? null, sourceOptions: from?.source?.options ?? null, verificationCode: newVerificationCode(), createdBy: tenant.actorId || null })
      .returning({ id: E.id });
    await tx.insert(S).values(input.signers.map((x, i) => ({ companyId: tenant.companyId, envelopeId: row!.id, position: i + 1, name: x.name, email: x.email, cpf: x.cpf, role: x.role })));
    await recordEvent(tx, { companyId: tenant.companyId, envelopeId: row!.id, kind: 'created', at: now, documentSha256: null });
    await announce(tx, { companyId: tenant.companyId, entity: ENVELOPE_ENTITY, id: row!.id, action: 'created' });
    return row!.id;
  });
  if (source) await copyDocument(s, tenant, id, source.name, source.bytes);
  return getEnvelope(s, tenant, id);
}

