import { and, desc, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { type AutoCancelReason, type AutoCancellation, BOLETO_MESSAGES as M } from '@sede/shared/finance/boleto';
import { notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import { systemTenant, tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { CHARGE_ENTITY } from '../finance-pix/public.ts';
import { ProviderError } from './provider.ts';
import { PROVIDER_ENTITY, providerFor, settingsRow } from './settings.ts';

const { finBoletos: B, finCharges: CH, finEntries: E } = schema;

export const AUTO_CANCEL_QUEUE = 'finance-boleto-auto-cancel';
export const AUTO_CANCEL_CRON = '* * * * *';
const BATCH = 200;

/** Why a boleto open at the provider has nothing left to charge: its receivable was deleted, cancelled or settled another way. */
const reasonOf = (entryStatus: string | null): AutoCancelReason => (entryStatus === null ? 'deleted' : entryStatus === 'cancelled' ? 'cancelled' : 'settled');

/**
 * The schedule (decision 0602): every minute, each company's boletos still open at the provider
 * whose receivable was settled another way (by hand, by Pix), cancelled or deleted, and that Sede
 * has not tried to cancel yet, are deleted at the provider — so the customer cannot pay twice. A
 * boleto whose own charge is paid is never one of them. Answers how many were cancelled.
 */
export async function autoCancelBoletos(s: Services, only?: { companyId: string }): Promise<number> {
  const rows = await s.db
    .select({ id: B.id, companyId: B.companyId, entryStatus: E.status })
    .from(B)
    .leftJoin(E, eq(E.id, B.entryId))
    .leftJoin(CH, eq(CH.id, B.chargeId))
    .where(
      and(
        only ? eq(B.companyId, only.companyId) : undefined,
        inArray(B.status, ['open', 'overdue']),
        isNotNull(B.externalId),
        isNull(B.autoCancelState),
        or(isNull(CH.id), ne(CH.status, 'paid')),
        or(isNull(B.entryId), inArray(E.status, ['paid', 'cancelled'])),
      ),
    )
    .limit(BATCH);
  let cancelled = 0;
  for (const row of rows) {
    const tenant = systemTenant(s, row.companyId, 'schedule');
    if ((await cancelAtProvider(s, tenant, row.id, reasonOf(row.entryStatus))) === 'done') cancelled++;
  }
  return cancelled;
}

/**
 * Deletes one boleto at the provider and records the result on it (a payment the provider no
 * longer knows counts as cancelled). A failure keeps the provider's words, for the person to read
 * and retry; the schedule does not try it again by itself.
 */
export async function cancelAtProvider(s: Services, tenant: Tenant, boletoId: string, reason: AutoCancelReason): Promise<'done' | 'failed'> {
  const [b] = await tenant.db
    .select()
    .from(B)
    .where(and(eq(B.companyId, tenant.companyId), eq(B.id, boletoId)));
  if (!b?.externalId) throw notFound(M.noBoleto);
  let error: string | null = null;
  const settings = await settingsRow(tenant.db, tenant);
  if (!settings) error = M.settingsNotFound;
  else {
    try {
      await providerFor(s, settings).cancelPayment(b.externalId);
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e;
      if (e.kind !== 'not_found') error = e.kind === 'refused' ? `${M.refused}: ${e.detail}` : e.kind === 'auth' ? M.apiKeyRefused : e.kind === 'timeout' ? 'O Asaas não respondeu a tempo.' : 'O Asaas está indisponível.';
    }
  }
  const state = error ? 'failed' : 'done';
  await tenantTransaction(tenant, async ({ db }) => {
    await db
      .update(B)
      .set({ ...(error ? {} : { status: 'cancelled' as const }), autoCancelReason: reason, autoCancelState: state, autoCancelError: error?.slice(0, 300) ?? null, autoCancelAt: new Date(), updatedAt: new Date() })
      .where(eq(B.id, b.id));
    if (!error && b.chargeId)
      await db
        .update(CH)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(CH.id, b.chargeId), eq(CH.status, 'open')));
    await logAudit(db, tenant, { action: error ? 'boleto_auto_cancel_failed' : 'boleto_cancelled', entity: 'fin_entry', id: b.entryId ?? b.id, details: { provider: b.provider, automatic: true, reason } });
    if (b.entryId) await announce(db, { companyId: tenant.companyId, entity: CHARGE_ENTITY, id: b.entryId, action: 'updated' });
    if (settings) await announce(db, { companyId: tenant.companyId, entity: PROVIDER_ENTITY, id: settings.id, action: 'updated' });
  });
  return state;
}

/** 'Tentar de novo' on a cancellation that failed: the same cancellation, asked now. */
export async function retryAutoCancel(s: Services, tenant: Tenant, boletoId: string): Promise<AutoCancellation> {
  const [b] = await tenant.db
    .select({ reason: B.autoCancelReason, state: B.autoCancelState })
    .from(B)
    .where(and(eq(B.companyId, tenant.companyId), eq(B.id, boletoId)));
  if (b?.state !== 'failed') throw notFound('Não há cancelamento a tentar de novo para este boleto.');
  await cancelAtProvider(s, tenant, boletoId, b.reason as AutoCancelReason);
  const [row] = await cancellations(tenant, boletoId);
  return row!;
}

/** The boletos Sede cancelled by itself or failed to, newest first (the settings' list). */
export async function cancellations(tenant: Tenant, boletoId?: string): Promise<AutoCancellation[]> {
  const rows = await tenant.db
    .select()
    .from(B)
    .where(and(eq(B.companyId, tenant.companyId), isNotNull(B.autoCancelState), boletoId ? eq(B.id, boletoId) : undefined))
    .orderBy(desc(B.autoCancelAt))
    .limit(50);
  return rows.map((b) => ({
    id: b.id,
    entryId: b.entryId,
    label: b.label ?? 'Boleto',
    externalId: b.externalId,
    reason: b.autoCancelReason as AutoCancelReason,
    state: b.autoCancelState as 'done' | 'failed',
    error: b.autoCancelError,
    at: b.autoCancelAt?.toISOString() ?? null,
  }));
}
