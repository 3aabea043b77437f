import { and, asc, eq, gte, inArray, lte, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { schema } from '@sede/db/client';
import { PIX_API_MESSAGES, PIX_WEBHOOK_SECRET_SHAPE } from '@sede/shared/finance/pix-api';
import { PIX_AUTOMATIC_MESSAGES as M, type PixAutomatic } from '@sede/shared/finance/pix-automatic';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { systemTenant, tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { chargeableCents } from '../finance-pix/public.ts';
import { announceSeries, applyRecStatus, COBR_MAX_DAYS, COBR_MIN_DAYS, getPixAutomatic, latestRecurrence, type RecurrenceRow, refreshRecurrence } from './automatic.ts';
import { newDynamicTxid, PIX_API_PROVIDER, reais } from './charges.ts';
import { type PixSchemas, pspCall } from './client.ts';
import { settleReceivedPix } from './settlement.ts';
import { connectionOf, type SettingsRow, settingsByWebhookSecret, settingsRow } from './settings.ts';

const { finPixRecurrences: R, finEntries: E, finCharges: CH, finAccounts: A } = schema;

/**
 * The cobrança recorrente of one due occurrence (decision 0611): `PUT /cobr/{txid}` with the
 * approved recurrence, the due date, what is left to pay and the company's bank account as
 * `recebedor`, then a `pix_cobr` charge row (provider reference = idRec) that the one settlement
 * pays. The entry is locked and re-read: an occurrence already charged (or paid) is skipped.
 */
async function issueCobr(s: Services, rec: RecurrenceRow, entryId: string): Promise<boolean> {
  const tenant = systemTenant(s, rec.companyId, 'schedule');
  return tenantTransaction(tenant, async ({ db }) => {
    const [entry] = await db.select().from(E).where(and(eq(E.companyId, rec.companyId), eq(E.id, entryId))).for('update');
    if (entry?.status !== 'open') return false;
    const [taken] = await db
      .select({ id: CH.id })
      .from(CH)
      .where(and(eq(CH.companyId, rec.companyId), eq(CH.entryId, entryId), eq(CH.method, 'pix_cobr'), inArray(CH.status, ['open', 'paid'])));
    if (taken) return false;
    const amountCents = chargeableCents(entry);
    const settings = await settingsRow(db, rec, rec.accountId);
    const conn = settings ? connectionOf(s, settings) : null;
    const [account] = await db.select({ agency: A.agency, number: A.accountNumber, kind: A.kind }).from(A).where(and(eq(A.companyId, rec.companyId), eq(A.id, rec.accountId)));
    if (!settings || !conn || !account?.number) return false;
    const txid = newDynamicTxid();
    const body: PixSchemas['CobRSolicitada'] = {
      idRec: rec.idRec,
      infoAdicional: entry.description.slice(0, 140),
      calendario: { dataDeVencimento: entry.dueDate },
      valor: { original: reais(amountCents) },
      ajusteDiaUtil: true,
      recebedor: { conta: account.number.replace(/\D/g, '').slice(0, 20), tipoConta: account.kind === 'savings' ? 'POUPANCA' : 'CORRENTE', ...(account.agency ? { agencia: account.agency.replace(/\D/g, '').slice(0, 4) } : {}) },
    };
    await pspCall<PixSchemas['CobRGerada']>(s, conn, 'PUT', `/cobr/${txid}`, body, M.refused);
    await db.insert(CH).values({ companyId: rec.companyId, entryId, method: 'pix_cobr', provider: PIX_API_PROVIDER, accountId: rec.accountId, pixKey: settings.pixKey, amountCents, txid, providerReference: rec.idRec });
    await announceSeries(db, rec.companyId, rec.recurrenceId);
    return true;
  });
}

/**
 * Every approved recurrence's occurrences due within BCB's window (2 to 10 days ahead), each
 * without a live cobrança, get one (a schedule of the platform's across companies, or one
 * recurrence right after its approval). One failure is logged and tried again at the next run.
 */
export async function issueDueCobrs(s: Services, only?: RecurrenceRow): Promise<number> {
  const today = todayInBrazil(new Date(s.clock.now()));
  const recs = only ? [only] : await s.db.select().from(R).where(eq(R.status, 'APROVADA'));
  let issued = 0;
  for (const rec of recs) {
    const { db } = systemTenant(s, rec.companyId, 'schedule');
    const due = await db
      .select({ id: E.id })
      .from(E)
      .where(
        and(
          eq(E.companyId, rec.companyId),
          eq(E.recurrenceId, rec.recurrenceId),
          eq(E.status, 'open'),
          // Not before the recurrence's first date: with Jornadas 3–4 the occurrence before it is paid by the QR's own charge.
          gte(E.dueDate, rec.startDate),
          gte(E.dueDate, addDays(today, COBR_MIN_DAYS)),
          lte(E.dueDate, addDays(today, COBR_MAX_DAYS)),
          notExists(
            db
              .select({ one: sql`1` })
              .from(CH)
              .where(and(eq(CH.entryId, E.id), eq(CH.method, 'pix_cobr'), inArray(CH.status, ['open', 'paid']))),
          ),
        ),
      )
      .orderBy(asc(E.dueDate));
    for (const { id } of due) {
      try {
        if (await issueCobr(s, rec, id)) issued++;
      } catch (err) {
        console.warn('[pix-api] cobr not issued', rec.idRec, id, (err as Error).message);
      }
    }
  }
  return issued;
}

/** 'Atualizar' on the panel: the recurrence read again at the PSP; approved, its due occurrences are charged at once. */
export async function refreshPixAutomatic(s: Services, tenant: Tenant, entryId: string): Promise<PixAutomatic> {
  const [entry] = await tenant.db.select({ recurrenceId: E.recurrenceId }).from(E).where(and(eq(E.companyId, tenant.companyId), eq(E.id, entryId)));
  if (!entry) throw notFound(M.entryNotFound);
  const row = entry.recurrenceId ? await latestRecurrence(tenant.db, tenant, entry.recurrenceId) : null;
  if (!row) throw conflict(M.notLive, 'PIX_AUTOMATIC_NOT_LIVE');
  if (await tenant.db.transaction((tx) => refreshRecurrence(s, tx, row))) await issueDueCobrs(s, { ...row, status: 'APROVADA' });
  return getPixAutomatic(s, tenant, entryId);
}

const endSchema = z.object({ codigo: z.string().max(10).optional(), descricao: z.string().max(400).optional(), solicitante: z.string().max(40).optional() }).passthrough();
const recNotificationSchema = z.object({
  recs: z
    .array(
      z
        .object({ idRec: z.string().regex(/^[a-zA-Z0-9]{29}$/), status: z.string().max(20), encerramento: z.object({ rejeicao: endSchema.optional(), cancelamento: endSchema.optional() }).passthrough().optional() })
        .passthrough(),
    )
    .max(1000),
});
const pixSchema = z.object({ endToEndId: z.string().min(1).max(64), txid: z.string().max(35).optional(), valor: z.string().regex(/^\d{1,10}\.\d{2}$/), horario: z.string().refine((v) => !Number.isNaN(Date.parse(v))) }).passthrough();
const cobrNotificationSchema = z.object({
  cobsr: z.array(z.object({ idRec: z.string().max(29), txid: z.string().max(35), status: z.string().max(20), pix: z.array(pixSchema).max(50).optional() }).passthrough()).max(1000),
});

async function accountOfSecret(s: Services, secret: string): Promise<SettingsRow> {
  const row = PIX_WEBHOOK_SECRET_SHAPE.test(secret) ? await settingsByWebhookSecret(s, secret) : null;
  if (!row) throw notFound(PIX_API_MESSAGES.webhookNotFound);
  return row;
}

/**
 * `POST …/webhook/:secret/rec` (decision 0612): each recurrence of this account's company takes
 * the status told (forward only: a repeat changes nothing); one just approved has its due
 * occurrences charged. Another company's idRec is ignored.
 */
export async function receiveRecWebhook(s: Services, secret: string, body: unknown): Promise<{ received: number; updated: number }> {
  const settings = await accountOfSecret(s, secret);
  const parsed = recNotificationSchema.safeParse(body);
  if (!parsed.success) throw badRequest(M.webhookBody, 'PIX_WEBHOOK_INVALID');
  const tenant = systemTenant(s, settings.companyId, 'webhook');
  let updated = 0;
  for (const told of parsed.data.recs) {
    const [row] = await tenant.db.select().from(R).where(and(eq(R.companyId, settings.companyId), eq(R.accountId, settings.accountId), eq(R.idRec, told.idRec)));
    if (!row) continue;
    const before = row.status;
    const approved = await tenant.db.transaction((tx) => applyRecStatus(tx, row, told));
    const [after] = await tenant.db.select({ status: R.status }).from(R).where(eq(R.id, row.id));
    if (after?.status !== before) updated++;
    if (approved) await issueDueCobrs(s, { ...row, status: 'APROVADA' });
  }
  return { received: parsed.data.recs.length, updated };
}

/** A cobrança the PSP ended without payment: open no more (the receivable can be charged otherwise). */
async function endCobr(s: Services, settings: SettingsRow, txid: string, status: string) {
  const tenant = systemTenant(s, settings.companyId, 'webhook');
  await tenant.db.transaction(async (tx) => {
    const [charge] = await tx
      .update(CH)
      .set({ status: status === 'EXPIRADA' ? 'expired' : 'cancelled', updatedAt: new Date() })
      .where(and(eq(CH.companyId, settings.companyId), eq(CH.accountId, settings.accountId), eq(CH.txid, txid), eq(CH.method, 'pix_cobr'), eq(CH.status, 'open')))
      .returning({ entryId: CH.entryId });
    if (!charge) return;
    const [entry] = await tx.select({ recurrenceId: E.recurrenceId }).from(E).where(eq(E.id, charge.entryId));
    if (entry?.recurrenceId) await announceSeries(tx, settings.companyId, entry.recurrenceId);
  });
}

/** One cobrança recorrente as the PSP tells it: its Pix settle through the one settlement (by end-to-end id: once); an end without payment closes it. */
async function applyCobr(s: Services, settings: SettingsRow, cobr: z.infer<typeof cobrNotificationSchema>['cobsr'][number]): Promise<number> {
  let settled = 0;
  for (const pix of cobr.pix ?? []) if ((await settleReceivedPix(s, settings, { ...pix, txid: pix.txid ?? cobr.txid })) === 'settled') settled++;
  if (['CANCELADA', 'REJEITADA', 'EXPIRADA'].includes(cobr.status)) await endCobr(s, settings, cobr.txid, cobr.status);
  return settled;
}

/** `POST …/webhook/:secret/cobr` (decision 0612): BCB's `{ cobsr: [...] }` of this account. */
export async function receiveCobrWebhook(s: Services, secret: string, body: unknown): Promise<{ received: number; settled: number }> {
  const settings = await accountOfSecret(s, secret);
  const parsed = cobrNotificationSchema.safeParse(body);
  if (!parsed.success) throw badRequest(M.webhookBody, 'PIX_WEBHOOK_INVALID');
  let settled = 0;
  for (const cobr of parsed.data.cobsr) settled += await applyCobr(s, settings, cobr);
  return { received: parsed.data.cobsr.length, settled };
}

export const AUTOMATIC_QUEUE = 'pix-api-automatic';
export const AUTOMATIC_CRON = '7,37 * * * *';

/**
 * What the webhooks may have missed (decision 0612), every half hour: recurrences still awaiting
 * the payer read again (`GET /rec`), due occurrences charged, and open cobranças read again
 * (`GET /cobr`) and settled or closed as the PSP tells. Answers how many were settled.
 */
export async function reconcileAutomatic(s: Services, only?: { companyId: string }): Promise<{ settled: number; issued: number }> {
  const pending = (await s.db.select().from(R).where(eq(R.status, 'CRIADA'))).filter((r) => !only || r.companyId === only.companyId);
  for (const row of pending) {
    try {
      await systemTenant(s, row.companyId, 'schedule').db.transaction((tx) => refreshRecurrence(s, tx, row));
    } catch (err) {
      console.warn('[pix-api] recurrence not refreshed', row.idRec, (err as Error).message);
    }
  }
  const issued = await issueDueCobrs(s);
  const open = (await s.db.select({ companyId: CH.companyId, accountId: CH.accountId, txid: CH.txid }).from(CH).where(and(eq(CH.method, 'pix_cobr'), eq(CH.status, 'open')))).filter(
    (c) => !only || c.companyId === only.companyId,
  );
  let settled = 0;
  for (const c of open) {
    try {
      const settings = await settingsRow(systemTenant(s, c.companyId, 'schedule').db, c, c.accountId);
      const conn = settings ? connectionOf(s, settings) : null;
      if (!settings || !conn) continue;
      const cobr = (await pspCall<PixSchemas['CobRCompleta']>(s, conn, 'GET', `/cobr/${c.txid}`)).body;
      const parsed = cobrNotificationSchema.shape.cobsr.element.safeParse(cobr);
      if (parsed.success) settled += await applyCobr(s, settings, parsed.data);
    } catch (err) {
      console.warn('[pix-api] cobr not reconciled', c.txid, (err as Error).message);
    }
  }
  return { settled, issued };
}
