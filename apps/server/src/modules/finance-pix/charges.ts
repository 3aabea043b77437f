import { and, desc, eq, inArray, notInArray, or } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { type Charge, type ChargeMethod, type ChargeStatus, PIX_MESSAGES as M } from '@sede/shared/finance/pix';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { announce } from '../../platform/live/announce.ts';
import { serverState } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { pick } from '../../platform/values.ts';
import { newStaticTxid, qrSvg, staticBrCode } from './br-code.ts';
import { defaultPixKey } from './keys.ts';

const { finCharges: CH, finEntries: E, companies: CO } = schema;

/** Live entity of a receivable's charge (its id is the entry's): the panel and the public page's owner refetch. */
export const CHARGE_ENTITY = 'fin_charge';

export type ChargeRow = typeof CH.$inferSelect;
type EntryRow = typeof E.$inferSelect;

export function toCharge(r: ChargeRow): Charge {
  return {
    ...pick(r, 'id', 'entryId', 'amountCents', 'txid', 'pixKey', 'brCode', 'paidCents', 'payerName', 'endToEndId'),
    method: r.method as ChargeMethod,
    status: r.status as ChargeStatus,
    qrSvg: r.status === 'open' ? r.qrSvg : null,
    paidAt: r.paidAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** What may be charged of an entry: an open receivable with something left to pay (409/400 otherwise). */
export function chargeableCents(entry: EntryRow): number {
  if (entry.kind !== 'receivable') throw conflict(M.notReceivable, 'NOT_RECEIVABLE');
  if (entry.status === 'paid') throw conflict(M.alreadyPaid, 'ENTRY_ALREADY_PAID');
  if (entry.status === 'cancelled') throw conflict(M.cancelled, 'ENTRY_CANCELLED');
  const open = entry.amountCents - entry.paidCents;
  if (open <= 0) throw badRequest(M.zeroAmount, 'ZERO_AMOUNT');
  return open;
}

export async function entryOf(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, entryId: string, lock = false) {
  const q = db.select().from(E).where(and(eq(E.companyId, tenant.companyId), eq(E.id, entryId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(M.entryNotFound);
  return row;
}

/** The Pix methods (static BR Code, the API Pix's cob and cobv): one receivable is charged by one of them at a time. */
export const PIX_METHODS: ChargeMethod[] = ['pix_static', 'pix_cob', 'pix_cobv'];

/** The receivable's open charge of `method`, or of any Pix method when none is named. */
export async function openCharge(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, entryId: string, method?: ChargeMethod) {
  const [row] = await db
    .select()
    .from(CH)
    .where(and(eq(CH.companyId, tenant.companyId), eq(CH.entryId, entryId), method ? eq(CH.method, method) : inArray(CH.method, PIX_METHODS), eq(CH.status, 'open')));
  return row ?? null;
}

/** Whether an open charge still asks for what is left to pay, with the company's default key. */
export const isCurrent = (charge: Pick<ChargeRow, 'amountCents' | 'pixKey'>, entry: Pick<EntryRow, 'amountCents' | 'paidCents'>, defaultKey: string | null) => charge.amountCents === entry.amountCents - entry.paidCents && charge.pixKey === defaultKey;

/**
 * The receivable's latest Pix charge (open, or the last one paid or cancelled); a boleto
 * (finance-boleto) or a Pix Automático cobrança (finance-pix-api), each shown by its own panel,
 * only once it is the one paid.
 */
export async function latestCharge(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, entryId: string) {
  const [row] = await db
    .select()
    .from(CH)
    .where(and(eq(CH.companyId, tenant.companyId), eq(CH.entryId, entryId), or(notInArray(CH.method, ['boleto', 'pix_cobr']), eq(CH.status, 'paid'))))
    .orderBy(desc(eq(CH.status, 'paid')), desc(CH.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Dynamic Pix (decision 0562): the API Pix module registers, in its start, who makes a receivable's
 * charge when the default key's account has the API configured (null: it has not, static Pix).
 */
export type DynamicPixMaker = (tx: DbOrTx, tenant: Tenant, input: { entry: EntryRow; amountCents: number; key: { key: string; accountId: string }; current: ChargeRow | null }) => Promise<ChargeRow | null>;
const DYNAMIC_PIX = 'finance-pix.dynamic';
export const registerDynamicPix = (s: Services, maker: DynamicPixMaker) => void (serverState(s, DYNAMIC_PIX, () => ({ maker: null as DynamicPixMaker | null })).maker = maker);

/**
 * The open static Pix charge of a receivable for what is left to pay, with the company's default
 * key (decision 0531): the current one when it still matches, else a new one (the old cancelled in
 * the same transaction). The caller holds the transaction; the entry is locked.
 */
export async function ensureStaticCharge(tx: DbOrTx, tenant: Tenant, entryId: string, s?: Services): Promise<ChargeRow> {
  const entry = await entryOf(tx, tenant, entryId, true);
  const amountCents = chargeableCents(entry);
  const key = await defaultPixKey(tx, tenant);
  const current = await openCharge(tx, tenant, entryId);
  // The default key's account charges through its bank's API Pix (decision 0562): its maker answers.
  const dynamic = s ? serverState(s, DYNAMIC_PIX, () => ({ maker: null as DynamicPixMaker | null })).maker : null;
  const made = dynamic ? await dynamic(tx, tenant, { entry, amountCents, key, current }) : null;
  if (made) return made;
  if (current && isCurrent(current, entry, key.key)) return current;
  if (current) await tx.update(CH).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(CH.id, current.id));
  const [company] = await tx.select({ name: CO.name, fantasia: CO.fantasia, city: CO.city }).from(CO).where(eq(CO.id, tenant.companyId));
  const txid = newStaticTxid();
  const brCode = staticBrCode({ pixKey: key.key, amountCents, txid, merchantName: company?.fantasia?.trim() || company?.name || '', merchantCity: company?.city ?? null });
  const [row] = await tx
    .insert(CH)
    .values({ companyId: tenant.companyId, entryId, method: 'pix_static', provider: 'pix_static', accountId: key.accountId, pixKey: key.key, amountCents, txid, brCode, qrSvg: await qrSvg(brCode), createdBy: tenant.actorId || null })
    .returning();
  await announce(tx, { companyId: tenant.companyId, entity: CHARGE_ENTITY, id: entryId, action: 'updated' });
  return row!;
}
