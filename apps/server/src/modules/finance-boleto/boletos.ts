import { randomBytes } from 'node:crypto';
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { type AutoCancelReason, type Boleto, BOLETO_MESSAGES as M, type EntryBoleto, isValidBoletoLine, type PaymentProviderKey, type ProviderEnvironment } from '@sede/shared/finance/boleto';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Services, Tenant } from '../../services.ts';
import { pick } from '../../platform/values.ts';
import { CHARGE_ENTITY, chargeableCents, entryOf, qrSvg } from '../finance-pix/public.ts';
import { type PaymentProvider, ProviderError } from './provider.ts';
import { providerFailure, providerFor, settingsRow } from './settings.ts';

const { finBoletos: B, finCharges: CH, finProviderCustomers: PC, organizations: O, people: P } = schema;

type BoletoRow = typeof B.$inferSelect;
type ChargeRow = typeof CH.$inferSelect;

/** A reservation older than this whose issuing never finished (the server stopped midway) no longer blocks a new boleto. */
const STALE_ISSUING_MS = 2 * 60_000;

const toBoleto = (b: BoletoRow, c: ChargeRow): Boleto => ({
  ...pick(b, 'id', 'externalId', 'status', 'dueDate', 'identificationField', 'barCode', 'bankSlipUrl'),
  chargeId: c.id,
  entryId: c.entryId,
  autoCancel: b.autoCancelState ? { reason: b.autoCancelReason as AutoCancelReason, state: b.autoCancelState as 'done' | 'failed', error: b.autoCancelError, at: b.autoCancelAt?.toISOString() ?? null } : null,
  provider: b.provider as PaymentProviderKey,
  environment: b.environment as ProviderEnvironment,
  amountCents: c.amountCents,
  pixPayload: c.brCode,
  paidAt: c.paidAt?.toISOString() ?? null,
  createdAt: b.createdAt.toISOString(),
});

async function latestBoleto(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, entryId: string) {
  const [row] = await db
    .select({ b: B, c: CH })
    .from(B)
    .innerJoin(CH, eq(CH.id, B.chargeId))
    .where(and(eq(B.companyId, tenant.companyId), eq(B.entryId, entryId)))
    .orderBy(desc(B.createdAt))
    .limit(1);
  return row ?? null;
}

/** The receivable's boleto panel: whether the provider is configured and its latest boleto. */
export async function entryBoleto(tenant: Tenant, entryId: string): Promise<EntryBoleto> {
  const entry = await entryOf(tenant.db, tenant, entryId);
  if (entry.kind !== 'receivable') throw conflict('Só contas a receber podem ser cobradas.', 'NOT_RECEIVABLE');
  const [settings, latest] = await Promise.all([settingsRow(tenant.db, tenant), latestBoleto(tenant.db, tenant, entryId)]);
  return { configured: !!settings, boleto: latest ? toBoleto(latest.b, latest.c) : null };
}

type Payer = { name: string; taxId: string; email: string | null };

/** The receivable's customer as the provider needs them: a name and a valid CPF or CNPJ. */
async function payerOf(db: DbOrTx, tenant: Tenant, entry: { organizationId: string | null; personId: string | null }): Promise<Payer> {
  if (entry.organizationId) {
    const [o] = await db.select({ name: O.razaoSocial, cnpj: O.cnpj, email: O.email }).from(O).where(and(eq(O.companyId, tenant.companyId), eq(O.id, entry.organizationId)));
    if (o) {
      if (!o.cnpj) throw badRequest(M.noTaxId, 'PAYER_TAX_ID_MISSING');
      if (!isValidCnpj(o.cnpj)) throw badRequest(M.invalidTaxId, 'PAYER_TAX_ID_INVALID');
      return { name: o.name, taxId: o.cnpj, email: o.email };
    }
  }
  if (entry.personId) {
    const [p] = await db.select({ name: P.name, cpf: P.cpf, emails: P.emails }).from(P).where(and(eq(P.companyId, tenant.companyId), eq(P.id, entry.personId)));
    if (p) {
      if (!p.cpf) throw badRequest(M.noTaxId, 'PAYER_TAX_ID_MISSING');
      if (!isValidCpf(p.cpf)) throw badRequest(M.invalidTaxId, 'PAYER_TAX_ID_INVALID');
      return { name: p.name, taxId: p.cpf.replace(/\D/g, ''), email: p.emails[0] ?? null };
    }
  }
  throw badRequest(M.noCustomer, 'PAYER_MISSING');
}

const isUnique = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (e.code ?? e.cause?.code) === '23505' && (e.constraint ?? e.cause?.constraint) === constraint;
};

/** The provider's customer of that CPF/CNPJ, made once per company and environment. */
async function customerId(tenant: Tenant, provider: PaymentProvider, payer: Payer, entryId: string): Promise<string> {
  const where = and(eq(PC.companyId, tenant.companyId), eq(PC.provider, provider.key), eq(PC.environment, provider.environment), eq(PC.taxId, payer.taxId));
  const [known] = await tenant.db.select({ externalId: PC.externalId }).from(PC).where(where);
  if (known) return known.externalId;
  const made = await provider.createCustomer({ ...payer, externalReference: entryId });
  await tenant.db
    .insert(PC)
    .values({ companyId: tenant.companyId, provider: provider.key, environment: provider.environment, taxId: payer.taxId, externalId: made.id })
    .onConflictDoNothing();
  const [kept] = await tenant.db.select({ externalId: PC.externalId }).from(PC).where(where);
  return kept?.externalId ?? made.id;
}

/**
 * 'Emitir boleto' (decision 0571): a registered boleto at the provider for what is left to pay,
 * at most one open per receivable. The charge row is reserved first (the open-charge unique index
 * is the lock: a second request answers 409 before anything reaches the provider), then the
 * provider is called outside any transaction, then the row is completed; any failure removes the
 * reservation (and cancels a payment the provider already made), so nothing is half-issued.
 */
export async function issueBoleto(s: Services, tenant: Tenant, entryId: string): Promise<EntryBoleto> {
  // What is refused without the provider comes first: another company's id, nothing to charge, no payer's CPF/CNPJ.
  const entry = await entryOf(tenant.db, tenant, entryId);
  const settings = await settingsRow(tenant.db, tenant);
  if (!settings) throw conflict(M.notConfigured, 'PROVIDER_NOT_CONFIGURED');
  const provider = providerFor(s, settings);
  chargeableCents(entry);
  const payer = await payerOf(tenant.db, tenant, entry);
  const reserved = await reserve(tenant, entryId, settings.accountId, provider);
  let paymentId: string | null = null;
  let asked = false;
  try {
    const customer = await customerId(tenant, provider, payer, entryId);
    asked = true;
    const payment = await provider.createBoleto({ customerId: customer, amountCents: reserved.charge.amountCents, dueDate: reserved.boleto.dueDate, description: reserved.entry.description, externalReference: reserved.charge.id });
    paymentId = payment.id;
    const [code, pix] = await Promise.all([provider.getBoletoCode(payment.id), provider.getPixCode(payment.id)]);
    if (!isValidBoletoLine(code.identificationField)) throw new AppError(503, 'PROVIDER_BAD_LINE', M.badLine);
    await tenant.db.transaction(async (tx) => {
      await tx
        .update(CH)
        .set({ providerReference: payment.id, brCode: pix, qrSvg: pix ? await qrSvg(pix) : null, updatedAt: new Date() })
        .where(eq(CH.id, reserved.charge.id));
      await tx
        .update(B)
        .set({
          externalId: payment.id,
          customerExternalId: customer,
          status: 'open',
          identificationField: code.identificationField,
          barCode: code.barCode,
          nossoNumero: code.nossoNumero ?? payment.nossoNumero,
          bankSlipUrl: payment.bankSlipUrl,
          invoiceUrl: payment.invoiceUrl,
          updatedAt: new Date(),
        })
        .where(eq(B.id, reserved.boleto.id));
      await logAudit(tx, tenant, { action: 'boleto_issued', entity: 'fin_entry', id: entryId, details: { provider: provider.key, environment: provider.environment, amountCents: reserved.charge.amountCents } });
      await announce(tx, { companyId: tenant.companyId, entity: CHARGE_ENTITY, id: entryId, action: 'updated' });
    });
  } catch (e) {
    // A payment made whose answer never came (timeout) is found by its reference, our charge id.
    if (!paymentId && asked && e instanceof ProviderError && (e.kind === 'timeout' || e.kind === 'unavailable'))
      paymentId = await provider.findPaymentByReference(reserved.charge.id).catch(() => null);
    if (paymentId) await provider.cancelPayment(paymentId).catch((err) => console.error('[finance-boleto] cancel after failure', (err as Error).message));
    await tenant.db.delete(CH).where(eq(CH.id, reserved.charge.id));
    if (e instanceof ProviderError) providerFailure(e);
    throw e;
  }
  return entryBoleto(tenant, entryId);
}

async function reserve(tenant: Tenant, entryId: string, accountId: string, provider: PaymentProvider) {
  try {
    return await tenant.db.transaction(async (tx) => {
      const entry = await entryOf(tx, tenant, entryId, true);
      const amountCents = chargeableCents(entry);
      // A reservation left by an issuing that never finished does not block for ever.
      const stale = await tx
        .select({ id: B.chargeId })
        .from(B)
        .where(and(eq(B.companyId, tenant.companyId), eq(B.entryId, entryId), eq(B.status, 'issuing'), lt(B.createdAt, new Date(Date.now() - STALE_ISSUING_MS))));
      if (stale.length) await tx.delete(CH).where(inArray(CH.id, stale.flatMap((r) => (r.id ? [r.id] : []))));
      const today = todayInBrazil();
      // Asaas refuses a due date in the past: an overdue receivable's boleto is due today.
      const dueDate = [entry.dueDate, today].sort()[1]!;
      const [charge] = await tx
        .insert(CH)
        .values({ companyId: tenant.companyId, entryId, method: 'boleto', provider: provider.key, accountId, amountCents, txid: `BOL${randomBytes(16).toString('hex')}`, createdBy: tenant.actorId || null })
        .returning();
      const [boleto] = await tx
        .insert(B)
        .values({ companyId: tenant.companyId, chargeId: charge!.id, entryId, provider: provider.key, environment: provider.environment, dueDate, label: entry.description.slice(0, 200), createdBy: tenant.actorId || null })
        .returning();
      return { entry, charge: charge!, boleto: boleto! };
    });
  } catch (err) {
    if (isUnique(err, 'fin_charges_open_entry_method_idx')) throw conflict(M.alreadyIssued, 'BOLETO_ALREADY_ISSUED');
    throw err;
  }
}

/** Cancels the receivable's open boleto at the provider and here (a payment the provider no longer knows is cancelled here too). */
export async function cancelBoleto(s: Services, tenant: Tenant, entryId: string): Promise<EntryBoleto> {
  await entryOf(tenant.db, tenant, entryId);
  const latest = await latestBoleto(tenant.db, tenant, entryId);
  if (!latest || !['open', 'overdue', 'issuing'].includes(latest.b.status) || latest.c.status !== 'open') throw notFound(M.noBoleto);
  if (latest.b.externalId) {
    const settings = await settingsRow(tenant.db, tenant);
    if (!settings) throw conflict(M.notConfigured, 'PROVIDER_NOT_CONFIGURED');
    try {
      await providerFor(s, settings).cancelPayment(latest.b.externalId);
    } catch (e) {
      if (!(e instanceof ProviderError && e.kind === 'not_found')) providerFailure(e);
    }
  } else if (Date.now() - latest.b.createdAt.getTime() < STALE_ISSUING_MS) {
    throw conflict('Este boleto ainda está sendo emitido. Aguarde um instante.', 'BOLETO_ISSUING');
  }
  await tenant.db.transaction(async (tx) => {
    const [charge] = await tx
      .update(CH)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(CH.id, latest.c.id), eq(CH.status, 'open')))
      .returning({ id: CH.id });
    if (!charge) throw conflict('Este boleto não está mais em aberto.', 'CHARGE_NOT_OPEN');
    await tx.update(B).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(B.id, latest.b.id));
    await logAudit(tx, tenant, { action: 'boleto_cancelled', entity: 'fin_entry', id: entryId, details: { provider: latest.b.provider } });
    await announce(tx, { companyId: tenant.companyId, entity: CHARGE_ENTITY, id: entryId, action: 'updated' });
  });
  return entryBoleto(tenant, entryId);
}
