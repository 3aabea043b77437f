import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { PIX_AUTOMATIC_MESSAGES as M, type PixAutomatic, type pixAutomaticRequestSchema, type PixJourney, type PixRecStatus, type PixRecurrence } from '@sede/shared/finance/pix-automatic';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import type { z } from 'zod';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import { decryptSecret } from '../../platform/secret-box.ts';
import type { Services, Tenant } from '../../services.ts';
import { CHARGE_ENTITY, ensureStaticCharge, findDefaultPixKey, qrSvg } from '../finance-pix/public.ts';
import { debtorOf, reais } from './charges.ts';
import { type PixSchemas, type PspConnection, PspError, pspCall } from './client.ts';
import { connectionOf, type SettingsRow, settingsRow, webhookUrl } from './settings.ts';

const { finPixRecurrences: R, finEntries: E, finCharges: CH, finAccounts: A } = schema;
export type RecurrenceRow = typeof R.$inferSelect;
type EntryRow = typeof E.$inferSelect;

/** BCB's window for a cobrança recorrente: sent between 2 and 10 calendar days before its due date. */
export const COBR_MIN_DAYS = 2;
export const COBR_MAX_DAYS = 10;
/** Days the payer's bank keeps the authorisation request open. */
const SOLIC_DAYS = 7;
const LIVE: PixRecStatus[] = ['CRIADA', 'APROVADA'];
/** A status never goes back: created → approved → ended (rejected, expired, cancelled). */
const RANK: Record<PixRecStatus, number> = { CRIADA: 0, APROVADA: 1, REJEITADA: 2, EXPIRADA: 2, CANCELADA: 2 };


/** The receivable and every entry of its recurrence, in due order (404 when not the company's). */
async function seriesOf(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, entryId: string, lock = false) {
  const [entry] = await db.select().from(E).where(and(eq(E.companyId, tenant.companyId), eq(E.id, entryId)));
  if (!entry) throw notFound(M.entryNotFound);
  if (!entry.recurrenceId) return { entry, entries: [] as EntryRow[] };
  const q = db.select().from(E).where(and(eq(E.companyId, tenant.companyId), eq(E.recurrenceId, entry.recurrenceId))).orderBy(asc(E.dueDate), asc(E.id));
  return { entry, entries: lock ? await q.for('update') : await q };
}

/** The series' periodicity, from the months between its first two due dates (a lone entry: monthly). */
export function periodicityOf(entries: Pick<EntryRow, 'dueDate'>[]): PixRecurrence['periodicity'] {
  if (entries.length < 2) return 'MENSAL';
  const [a, b] = [entries[0]!.dueDate, entries[1]!.dueDate];
  const months = (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
  return months >= 12 ? 'ANUAL' : months >= 6 ? 'SEMESTRAL' : months >= 3 ? 'TRIMESTRAL' : 'MENSAL';
}

export async function latestRecurrence(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, recurrenceId: string) {
  const [row] = await db.select().from(R).where(and(eq(R.companyId, tenant.companyId), eq(R.recurrenceId, recurrenceId))).orderBy(desc(R.createdAt)).limit(1);
  return row ?? null;
}

const maskDocument = (doc: string) => (doc.length === 11 ? `***.***.${doc.slice(6, 9)}-${doc.slice(9)}` : `**.***.${doc.slice(5, 8)}/${doc.slice(8, 12)}-${doc.slice(12)}`);

async function toRecurrence(db: DbOrTx, row: RecurrenceRow): Promise<PixRecurrence> {
  const charges = await db
    .select({ entryId: CH.entryId, dueDate: E.dueDate, amountCents: CH.amountCents, status: CH.status, paidAt: CH.paidAt })
    .from(CH)
    .innerJoin(E, eq(E.id, CH.entryId))
    .where(and(eq(CH.companyId, row.companyId), eq(CH.method, 'pix_cobr'), eq(CH.providerReference, row.idRec)))
    .orderBy(asc(E.dueDate), asc(CH.createdAt));
  const [first] = row.firstChargeId
    ? await db
        .select({ entryId: CH.entryId, dueDate: E.dueDate, amountCents: CH.amountCents, status: CH.status, paidAt: CH.paidAt })
        .from(CH)
        .innerJoin(E, eq(E.id, CH.entryId))
        .where(and(eq(CH.companyId, row.companyId), eq(CH.id, row.firstChargeId)))
    : [];
  const asCharge = (c: (typeof charges)[number]) => ({ ...c, status: c.status, paidAt: c.paidAt?.toISOString() ?? null });
  return {
    id: row.id,
    idRec: row.idRec,
    status: row.status as PixRecStatus,
    solicStatus: (row.solicStatus as PixRecurrence['solicStatus']) ?? null,
    periodicity: row.periodicity as PixRecurrence['periodicity'],
    amountCents: row.amountCents,
    startDate: row.startDate,
    endDate: row.endDate,
    debtorName: row.debtorName,
    debtorDocument: maskDocument(row.debtorDocument),
    reason: row.reason,
    journey: (row.journey as PixJourney | null) ?? (row.qrCode ? 'JORNADA_2' : row.idSolicRec ? 'JORNADA_1' : null),
    qrCode: row.status === 'CRIADA' ? row.qrCode : null,
    qrSvg: row.status === 'CRIADA' ? row.qrSvg : null,
    firstPayment: first ? asCharge(first) : null,
    charges: charges.map(asCharge),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type Ready = { settings: SettingsRow; conn: PspConnection; account: { agency: string | null; accountNumber: string; kind: string }; debtor: { cpf: string; nome: string } | { cnpj: string; nome: string }; open: EntryRow[] };

/**
 * What a recurrence needs (decision 0610), each missing piece a 409 in Portuguese: a receivable of
 * a recurrence, the default Pix key's account with its API Pix (certificate included) and its bank
 * account number (the cobr's `recebedor`), the customer's CPF/CNPJ, and an open occurrence due at
 * least COBR_MIN_DAYS ahead (the first one the PSP can still charge).
 */
async function readiness(s: Services, db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, entry: EntryRow, entries: EntryRow[]): Promise<Ready> {
  if (entry.kind !== 'receivable') throw conflict(M.notReceivable, 'NOT_RECEIVABLE');
  if (!entry.recurrenceId) throw conflict(M.notRecurring, 'NOT_RECURRING');
  const key = await findDefaultPixKey(db, tenant);
  const settings = key ? await settingsRow(db, tenant, key.accountId) : null;
  const conn = settings ? connectionOf(s, settings) : null;
  if (!settings || !conn) throw conflict(M.noApi, 'PIX_API_NOT_CONFIGURED');
  const [account] = await db.select({ agency: A.agency, accountNumber: A.accountNumber, kind: A.kind }).from(A).where(and(eq(A.companyId, tenant.companyId), eq(A.id, settings.accountId)));
  if (!account?.accountNumber) throw conflict(M.noBankAccount, 'BANK_ACCOUNT_MISSING');
  const debtor = await debtorOf(db, tenant, entry);
  if (!debtor) throw conflict(M.noDebtor, 'DEBTOR_MISSING');
  const first = addDays(todayInBrazil(new Date(s.clock.now())), COBR_MIN_DAYS);
  const open = entries.filter((e) => e.status === 'open' && e.dueDate >= first && e.amountCents > e.paidCents);
  if (!open.length) throw conflict(M.noOpenOccurrence, 'NO_OPEN_OCCURRENCE');
  return { settings, conn, account: { ...account, accountNumber: account.accountNumber }, debtor: { ...debtor, nome: debtor.nome.slice(0, 140) }, open };
}

/** The receivable's 'Pix Automático' panel: the series' latest recurrence, and what blocks a new request. */
export async function getPixAutomatic(s: Services, tenant: Tenant, entryId: string): Promise<PixAutomatic> {
  const { entry, entries } = await seriesOf(tenant.db, tenant, entryId);
  const row = entry.recurrenceId ? await latestRecurrence(tenant.db, tenant, entry.recurrenceId) : null;
  let blocked: string | null = null;
  if (!row || !LIVE.includes(row.status as PixRecStatus)) {
    try {
      await readiness(s, tenant.db, tenant, entry, entries);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      blocked = err.message;
    }
  }
  return { recurrence: row ? await toRecurrence(tenant.db, row) : null, blocked };
}

/** Both Pix Automático webhooks at the PSP, on the account's one address (the PSP appends `/rec` and `/cobr`); a refusal is only logged: the reconcile job still reads the statuses. */
async function registerAutomaticWebhooks(s: Services, settings: SettingsRow, conn: PspConnection) {
  const url = webhookUrl(s, decryptSecret(s, settings.webhookSecretEncrypted));
  for (const path of ['/webhookrec', '/webhookcobr']) {
    try {
      await pspCall(s, conn, 'PUT', path, { webhookUrl: url });
    } catch (err) {
      console.warn('[pix-api] automatic webhook not registered', path, (err as Error).message);
    }
  }
}

/** Every entry of a series told to refetch its charges (the panel, the list). */
export async function announceSeries(db: DbOrTx, companyId: string, recurrenceId: string) {
  const ids = await db.select({ id: E.id }).from(E).where(and(eq(E.companyId, companyId), eq(E.recurrenceId, recurrenceId)));
  for (const { id } of ids) await announce(db, { companyId, entity: CHARGE_ENTITY, id, action: 'updated' });
}

/** Jornadas 3–4 (decision 0756): the first occurrence and the charge of it that the QR pays (its txid only for a cob). */
type FirstPaymentPlan = { firstEntryId: string; firstDueDate: string; txid: string | null };

/**
 * A recurrence awaiting its authorisation, asked again another way: its first date follows what it
 * now covers (all open occurrences, or those after the one the QR pays) and a Jornada 3 names its
 * cob (`PATCH /rec`, allowed while CRIADA).
 */
async function revisedStart(s: Services, tx: DbOrTx, ready: Ready, row: RecurrenceRow, plan: FirstPaymentPlan | null): Promise<RecurrenceRow> {
  const start = ready.open[0]!.dueDate;
  if (start === row.startDate && !plan?.txid) return row;
  const revision: PixSchemas['RecRevisada'] = { calendario: { dataInicial: start }, ...(plan?.txid ? { ativacao: { dadosJornada: { txid: plan.txid } } } : {}) };
  await pspCall(s, ready.conn, 'PATCH', `/rec/${encodeURIComponent(row.idRec)}`, revision, M.refused);
  const [revised] = await tx.update(R).set({ startDate: start, updatedAt: new Date() }).where(eq(R.id, row.id)).returning();
  return revised!;
}

/** The recurrence's QR location (`POST /locrec`, then `PATCH /rec` with it), once: a recurrence with a QR has one. */
async function ensureLocation(s: Services, conn: PspConnection, rec: RecurrenceRow) {
  if (rec.qrCode) return;
  const loc = (await pspCall<PixSchemas['PayloadLocationRecGerada']>(s, conn, 'POST', '/locrec', { tipo: 'rec' } satisfies PixSchemas['PayloadLocationRecSolicitada'], M.refused)).body;
  if (!loc?.id) throw new PspError('PIX_API_BAD_ANSWER', M.refused('resposta sem a location do QR Code'));
  await pspCall(s, conn, 'PATCH', `/rec/${encodeURIComponent(rec.idRec)}`, { loc: loc.id } satisfies PixSchemas['RecRevisada'], M.refused);
}

/** The QR Composto as the PSP builds it (`GET /rec/{idRec}`, with `?txid=` of the first occurrence's charge for Jornadas 3–4). */
async function composedQr(s: Services, conn: PspConnection, idRec: string, expected: PixJourney, txid?: string): Promise<string> {
  const query = txid ? `?txid=${encodeURIComponent(txid)}` : '';
  const read = (await pspCall<PixSchemas['RecCompleta']>(s, conn, 'GET', `/rec/${encodeURIComponent(idRec)}${query}`, undefined, M.refused)).body;
  const qr = read?.dadosQR;
  if (!qr?.pixCopiaECola || (qr.jornada && qr.jornada !== expected)) throw new PspError('PIX_API_BAD_ANSWER', M.refused('resposta sem o QR Code da recorrência'));
  return qr.pixCopiaECola;
}

/**
 * The series' recurrence at the PSP, with its entries locked: the created one that awaits a new
 * request, or a new one (`POST /rec`: the customer, the contract, the first open due date to the
 * last, the fixed amount when every occurrence asks the same). A live one already asked for is a 409.
 */
async function recurrenceToAsk(s: Services, tx: DbOrTx, tenant: Tenant, entryId: string, plan: FirstPaymentPlan | null = null) {
  const { entry, entries } = await seriesOf(tx, tenant, entryId, true);
  const ready = await readiness(s, tx, tenant, entry, entries);
  // Jornadas 3–4: the first occurrence is paid by the QR's own charge; the recurrence starts after it.
  if (plan) {
    ready.open = ready.open.filter((e) => e.id !== plan.firstEntryId && e.dueDate > plan.firstDueDate);
    if (!ready.open.length) throw conflict(M.noLaterOccurrence, 'NO_LATER_OCCURRENCE');
  }
  const recurrenceId = entry.recurrenceId!;
  const row = await latestRecurrence(tx, tenant, recurrenceId);
  const awaiting = row?.status === 'CRIADA' && !['CRIADA', 'ENVIADA', 'RECEBIDA', 'ACEITA'].includes(row.solicStatus ?? '');
  if (row && LIVE.includes(row.status as PixRecStatus) && !awaiting) throw conflict(M.alreadyLive, 'PIX_AUTOMATIC_LIVE');
  if (row && awaiting) return { entry, ready, rec: await revisedStart(s, tx, ready, row, plan) };
  await registerAutomaticWebhooks(s, ready.settings, ready.conn);
  const first = ready.open[0]!;
  const last = ready.open[ready.open.length - 1]!;
  const amounts = new Set(ready.open.map((e) => e.amountCents - e.paidCents));
  const amountCents = amounts.size === 1 ? [...amounts][0]! : null;
  const body: PixSchemas['RecSolicitada'] = {
    vinculo: { contrato: (entry.documentNumber?.trim() || recurrenceId.replace(/-/g, '')).slice(0, 35), devedor: ready.debtor, objeto: entry.description.slice(0, 35) },
    calendario: { dataInicial: first.dueDate, ...(last.dueDate > first.dueDate ? { dataFinal: last.dueDate } : {}), periodicidade: periodicityOf(entries) },
    ...(amountCents === null ? {} : { valor: { valorRec: reais(amountCents) } }),
    politicaRetentativa: 'NAO_PERMITE',
    ...(plan?.txid ? { ativacao: { dadosJornada: { txid: plan.txid } } } : {}),
  };
  const made = (await pspCall<PixSchemas['RecGerada']>(s, ready.conn, 'POST', '/rec', body, M.refused)).body;
  if (!made?.idRec || !/^[a-zA-Z0-9]{29}$/.test(made.idRec)) throw new PspError('PIX_API_BAD_ANSWER', M.refused('resposta sem o identificador da recorrência'));
  const [rec] = await tx
    .insert(R)
    .values({
      companyId: tenant.companyId,
      recurrenceId,
      accountId: ready.settings.accountId,
      idRec: made.idRec,
      periodicity: body.calendario.periodicidade,
      amountCents,
      startDate: first.dueDate,
      endDate: body.calendario.dataFinal ?? null,
      debtorDocument: 'cpf' in ready.debtor ? ready.debtor.cpf : ready.debtor.cnpj,
      debtorName: ready.debtor.nome,
      createdBy: tenant.actorId || null,
    })
    .returning();
  return { entry, ready, rec: rec! };
}

/**
 * 'Pedir autorização' (decision 0610): the recurrence (recurrenceToAsk), then the request to the
 * payer's bank account (`POST /solicrec`, Jornada 1). A refused request keeps the recurrence (with
 * the reason shown) so the next try only asks again.
 */
export async function requestPixAutomatic(s: Services, tenant: Tenant, entryId: string, input: z.output<typeof pixAutomaticRequestSchema>): Promise<PixAutomatic> {
  const failure = await tenant.db.transaction(async (tx) => {
    const { entry, ready, rec } = await recurrenceToAsk(s, tx, tenant, entryId);
    let failure: PspError | null = null;
    try {
      const solic: PixSchemas['SolicRecSolicitada'] = {
        idRec: rec.idRec,
        calendario: { dataExpiracaoSolicitacao: new Date(s.clock.now() + SOLIC_DAYS * 86_400_000).toISOString() },
        destinatario: { conta: input.account, ispbParticipante: input.ispb, ...(input.agency ? { agencia: input.agency } : {}), ...(rec.debtorDocument.length === 11 ? { cpf: rec.debtorDocument } : { cnpj: rec.debtorDocument }) },
      };
      const sent = (await pspCall<PixSchemas['SolicRecCompleta']>(s, ready.conn, 'POST', '/solicrec', solic, M.refused)).body;
      await tx
        .update(R)
        .set({ idSolicRec: sent?.idSolicRec ?? null, solicStatus: sent?.status ?? 'CRIADA', journey: 'JORNADA_1', reason: null, updatedAt: new Date() })
        .where(eq(R.id, rec.id));
    } catch (err) {
      if (!(err instanceof PspError)) throw err;
      failure = err;
      await tx.update(R).set({ reason: err.message, updatedAt: new Date() }).where(eq(R.id, rec.id));
    }
    await logAudit(tx, tenant, { action: 'pix_automatic_requested', entity: 'fin_entry', id: entry.id, details: { idRec: rec.idRec, ispb: input.ispb, sent: !failure } });
    await announceSeries(tx, tenant.companyId, rec.recurrenceId);
    return failure;
  });
  if (failure) throw failure;
  return getPixAutomatic(s, tenant, entryId);
}

/**
 * 'QR Code de autorização' (Jornada 2, decision 0610): the recurrence (recurrenceToAsk) gets a
 * location (`POST /locrec`, then `PATCH /rec` with it) and its QR is read back (`GET /rec`'s
 * `dadosQR.pixCopiaECola`): the customer scans it in any bank's app, on the payment page or a
 * message. Asked again, the QR already made is shown.
 */
export async function requestPixAutomaticQr(s: Services, tenant: Tenant, entryId: string): Promise<PixAutomatic> {
  await tenant.db.transaction(async (tx) => {
    const { entry, ready, rec } = await recurrenceToAsk(s, tx, tenant, entryId);
    if (rec.qrCode && (rec.journey ?? 'JORNADA_2') === 'JORNADA_2') return;
    await ensureLocation(s, ready.conn, rec);
    const code = await composedQr(s, ready.conn, rec.idRec, 'JORNADA_2');
    await tx.update(R).set({ qrCode: code, qrSvg: await qrSvg(code), journey: 'JORNADA_2', firstChargeId: null, reason: null, updatedAt: new Date() }).where(eq(R.id, rec.id));
    await logAudit(tx, tenant, { action: 'pix_automatic_requested', entity: 'fin_entry', id: entry.id, details: { idRec: rec.idRec, qr: true, sent: true } });
    await announceSeries(tx, tenant.companyId, rec.recurrenceId);
  });
  return getPixAutomatic(s, tenant, entryId);
}

/**
 * 'Pagar a primeira parcela e autorizar' (Jornadas 3 and 4, decision 0756): the series' first open
 * occurrence is charged by the API Pix as usual (a cob when due now, a cobv with a due date), the
 * recurrence covers the occurrences after it (a cob named in `ativacao.dadosJornada`), and the QR
 * Composto read with that charge's txid pays the first and authorises the rest in one scan. Asked
 * again while nothing changed, the same QR.
 */
export async function requestPixAutomaticFirstPaymentQr(s: Services, tenant: Tenant, entryId: string): Promise<PixAutomatic> {
  await tenant.db.transaction(async (tx) => {
    const { entry: asked, entries } = await seriesOf(tx, tenant, entryId, true);
    if (asked.kind !== 'receivable') throw conflict(M.notReceivable, 'NOT_RECEIVABLE');
    if (!asked.recurrenceId) throw conflict(M.notRecurring, 'NOT_RECURRING');
    const first = entries.find((e) => e.status === 'open' && e.amountCents > e.paidCents);
    if (!first) throw conflict(M.noOpenOccurrence, 'NO_OPEN_OCCURRENCE');
    // Checked before the first occurrence is charged at the PSP: a cob made for nothing would stay payable there.
    const chargeable = addDays(todayInBrazil(new Date(s.clock.now())), COBR_MIN_DAYS);
    if (!entries.some((e) => e.id !== first.id && e.status === 'open' && e.amountCents > e.paidCents && e.dueDate > first.dueDate && e.dueDate >= chargeable))
      throw conflict(M.noLaterOccurrence, 'NO_LATER_OCCURRENCE');
    const charge = await ensureStaticCharge(tx, tenant, first.id, s);
    if (charge.method !== 'pix_cob' && charge.method !== 'pix_cobv') throw conflict(M.firstNotDynamic, 'FIRST_NOT_DYNAMIC');
    const journey: PixJourney = charge.method === 'pix_cob' ? 'JORNADA_3' : 'JORNADA_4';
    const plan = { firstEntryId: first.id, firstDueDate: first.dueDate, txid: journey === 'JORNADA_3' ? charge.txid : null };
    const { entry, ready, rec } = await recurrenceToAsk(s, tx, tenant, entryId, plan);
    if (rec.qrCode && rec.journey === journey && rec.firstChargeId === charge.id) return;
    await ensureLocation(s, ready.conn, rec);
    const code = await composedQr(s, ready.conn, rec.idRec, journey, charge.txid);
    await tx.update(R).set({ qrCode: code, qrSvg: await qrSvg(code), journey, firstChargeId: charge.id, reason: null, updatedAt: new Date() }).where(eq(R.id, rec.id));
    await logAudit(tx, tenant, { action: 'pix_automatic_requested', entity: 'fin_entry', id: entry.id, details: { idRec: rec.idRec, qr: true, journey, firstEntryId: first.id, sent: true } });
    await announceSeries(tx, tenant.companyId, rec.recurrenceId);
  });
  return getPixAutomatic(s, tenant, entryId);
}

/** The PSP's words of why a recurrence ended (rejection or cancellation), short. */
function endReason(body: { encerramento?: { rejeicao?: { codigo?: string; descricao?: string }; cancelamento?: { codigo?: string; descricao?: string; solicitante?: string } } }): string | null {
  const e = body.encerramento?.rejeicao ?? body.encerramento?.cancelamento;
  if (!e) return null;
  return [e.codigo, e.descricao].filter(Boolean).join(' — ').slice(0, 400) || null;
}

/**
 * A status the PSP tells (GET /rec, the rec webhook): applied only forward (RANK), so a late or
 * repeated notification changes nothing; answers whether the recurrence just became approved.
 */
export async function applyRecStatus(db: DbOrTx, row: RecurrenceRow, told: { status: string; encerramento?: Parameters<typeof endReason>[0]['encerramento'] }, solicStatus?: string | null): Promise<boolean> {
  const status = told.status as PixRecStatus;
  if (!(status in RANK)) return false;
  const forward = RANK[status] > RANK[row.status as PixRecStatus];
  const solicChanged = solicStatus !== undefined && solicStatus !== null && solicStatus !== row.solicStatus;
  if (!forward && !solicChanged) return false;
  const [updated] = await db
    .update(R)
    .set({
      ...(forward ? { status, reason: endReason(told) ?? row.reason } : {}),
      ...(solicChanged ? { solicStatus } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(R.companyId, row.companyId), eq(R.id, row.id), eq(R.status, row.status)))
    .returning({ id: R.id });
  if (!updated) return false;
  if (forward && RANK[status] === 2) {
    // An ended recurrence's open cobranças can no longer be paid by it.
    await db
      .update(CH)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(CH.companyId, row.companyId), eq(CH.method, 'pix_cobr'), eq(CH.providerReference, row.idRec), eq(CH.status, 'open')));
  }
  await announceSeries(db, row.companyId, row.recurrenceId);
  return forward && status === 'APROVADA';
}

/** 'Atualizar': the recurrence and its request read again at the PSP. */
export async function refreshRecurrence(s: Services, db: DbOrTx, row: RecurrenceRow): Promise<boolean> {
  const settings = await settingsRow(db, row, row.accountId);
  const conn = settings ? connectionOf(s, settings) : null;
  if (!conn) return false;
  const rec = (await pspCall<PixSchemas['RecCompleta']>(s, conn, 'GET', `/rec/${encodeURIComponent(row.idRec)}`, undefined, M.refused)).body;
  let solicStatus: string | null = null;
  if (row.idSolicRec) solicStatus = (await pspCall<PixSchemas['SolicRecCompleta']>(s, conn, 'GET', `/solicrec/${encodeURIComponent(row.idSolicRec)}`, undefined, M.refused)).body?.status ?? null;
  return applyRecStatus(db, row, rec as never, solicStatus);
}

/** 'Cancelar Pix Automático': `PATCH /rec/{idRec}` CANCELADA, then its open cobranças (best effort at the PSP) cancelled here too. */
export async function cancelPixAutomatic(s: Services, tenant: Tenant, entryId: string): Promise<PixAutomatic> {
  await tenant.db.transaction(async (tx) => {
    const { entry } = await seriesOf(tx, tenant, entryId, true);
    const row = entry.recurrenceId ? await latestRecurrence(tx, tenant, entry.recurrenceId) : null;
    if (!row || !LIVE.includes(row.status as PixRecStatus)) throw conflict(M.notLive, 'PIX_AUTOMATIC_NOT_LIVE');
    const settings = await settingsRow(tx, tenant, row.accountId);
    const conn = settings ? connectionOf(s, settings) : null;
    if (!conn) throw conflict(M.noApi, 'PIX_API_NOT_CONFIGURED');
    await pspCall(s, conn, 'PATCH', `/rec/${encodeURIComponent(row.idRec)}`, { status: 'CANCELADA' } satisfies PixSchemas['RecRevisada'], M.refused);
    const open = await tx
      .select({ id: CH.id, txid: CH.txid })
      .from(CH)
      .where(and(eq(CH.companyId, tenant.companyId), eq(CH.method, 'pix_cobr'), eq(CH.providerReference, row.idRec), eq(CH.status, 'open')));
    for (const c of open) {
      try {
        await pspCall(s, conn, 'PATCH', `/cobr/${c.txid}`, { status: 'CANCELADA' } satisfies PixSchemas['CobRRevisada']);
      } catch (err) {
        console.warn('[pix-api] cobr not cancelled at the PSP', c.txid, (err as Error).message);
      }
    }
    if (open.length)
      await tx
        .update(CH)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(inArray(CH.id, open.map((c) => c.id)));
    await tx.update(R).set({ status: 'CANCELADA', reason: 'Cancelado pela empresa.', updatedAt: new Date() }).where(eq(R.id, row.id));
    await logAudit(tx, tenant, { action: 'pix_automatic_cancelled', entity: 'fin_entry', id: entry.id, details: { idRec: row.idRec } });
    await announceSeries(tx, tenant.companyId, row.recurrenceId);
  });
  return getPixAutomatic(s, tenant, entryId);
}
