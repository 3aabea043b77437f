import { and, eq, lt, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { coinsLabel, PAID_ACTION_MESSAGES, PRICES, priceOf, type PaidAction, type PriceEntry } from '@sede/shared/platform/prices';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import type { Services, Tenant } from '../../services.ts';
import { logAudit } from '../audit.ts';
import { applyCoins, insufficientCoins } from '../coins/ledger.ts';
import { scheduleJob } from '../jobs/schedules.ts';

export type PaidActionRequest = {
  action: PaidAction;
  /**
   * The idempotency key, unique per company: the same reference is charged at most once, however
   * often or concurrently it is run (e.g. `deal:<id>:summary:<updatedAt>`).
   */
  reference: string;
  /** Units for per-unit prices (leads revealed); 1 by default. */
  quantity?: number;
  /** The person's own AI key pays the provider: an AI action then costs no coins (decision 0121). */
  ownKey?: boolean;
};

export type PaidActionContext = { paidActionId: string; coins: number };

export type PaidActionOutcome<T> = {
  result: T;
  paidActionId: string;
  /** Coins charged (0 with the person's own AI key). */
  charged: number;
  /** The company's balance after the charge. */
  balance: number;
};

/** Reservations older than this without a commit are refunded by the sweep (decision 0122). */
export const STALE_RESERVATION_MS = 15 * 60_000;
export const PAID_ACTIONS_SWEEP_QUEUE = 'paid-actions-sweep';
export const PAID_ACTIONS_SWEEP_CRON = '*/5 * * * *';

const MAX_REFERENCE = 200;
const refKey = (id: string) => `paid-action:${id}`;

async function balanceOf(tenant: Tenant): Promise<number> {
  const [row] = await tenant.db
    .select({ balance: schema.companies.currencyAmount })
    .from(schema.companies)
    .where(eq(schema.companies.id, tenant.companyId));
  return Number(row?.balance ?? 0);
}

/**
 * The reservation in ONE statement (one round trip, one commit): the balance's conditional
 * debit, the reservation row, its ledger line and the admin's activity line (decision 0390) —
 * all or nothing. A reference already used breaks the reservation row's unique index, which
 * rolls the whole statement back; no row back means the balance was short.
 */
const RESERVE_SQL = `
  WITH upd AS (
    UPDATE companies SET currency_amount = currency_amount - $5, updated_at = now()
     WHERE id = $1 AND currency_amount - $5 >= 0
    RETURNING currency_amount
  ), pa AS (
    INSERT INTO paid_actions (company_id, reference, action, quantity, coins, actor_id)
    SELECT $1, $2, $3, $4, $5, $6 FROM upd
    RETURNING id
  ), ledger AS (
    INSERT INTO coin_ledger (company_id, amount, kind, reason, actor_id, balance_after, reference)
    SELECT $1, -$5::int, 'debit', $7, $6, upd.currency_amount, 'paid-action:' || pa.id FROM upd, pa
    RETURNING balance_after
  ), audit AS (
    INSERT INTO activity_log (company_id, action, user_id, details)
    SELECT $1, 'coins_spent', NULLIF($6, ''),
           jsonb_build_object('paidAction', $3::text, 'coins', $5::int, 'quantity', $4::int, 'entity', 'paid_action', 'id', pa.id)
      FROM pa
  )
  SELECT pa.id, ledger.balance_after FROM pa, ledger`;

/** The commit, without waiting for its WAL flush (set for this statement's transaction only). */
const COMMIT_SQL = `
  WITH async AS (SELECT set_config('synchronous_commit', 'off', true))
  UPDATE paid_actions SET status = 'committed', finished_at = now()
   WHERE id = $1 AND status = 'reserved' AND EXISTS (SELECT 1 FROM async)
  RETURNING id`;

type Reservation = { id: string; balance: number | null };

async function reserve(
  tenant: Tenant,
  r: { action: PaidAction; reference: string; quantity: number; coins: number; reason: string },
): Promise<Reservation> {
  if (r.coins === 0) {
    const [row] = await tenant.db
      .insert(schema.paidActions)
      .values({ companyId: tenant.companyId, reference: r.reference, action: r.action, quantity: r.quantity, coins: 0, actorId: tenant.actorId })
      .onConflictDoNothing({ target: [schema.paidActions.companyId, schema.paidActions.reference] })
      .returning({ id: schema.paidActions.id });
    if (!row) throw conflict(PAID_ACTION_MESSAGES.duplicate, 'PAID_ACTION_DUPLICATE');
    return { id: row.id, balance: null };
  }
  const values = [tenant.companyId, r.reference, r.action, r.quantity, r.coins, tenant.actorId, r.reason];
  let rows: { id: string; balance_after: number }[];
  try {
    ({ rows } = await tenant.db.$client.query<{ id: string; balance_after: number }>({ name: 'paid-action-reserve', text: RESERVE_SQL, values }));
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw conflict(PAID_ACTION_MESSAGES.duplicate, 'PAID_ACTION_DUPLICATE');
    throw e;
  }
  const [row] = rows;
  if (row) return { id: row.id, balance: Number(row.balance_after) };
  // Short of coins — unless the reference was already used, which is the answer that matters.
  const [used] = await tenant.db
    .select({ id: schema.paidActions.id })
    .from(schema.paidActions)
    .where(and(eq(schema.paidActions.companyId, tenant.companyId), eq(schema.paidActions.reference, r.reference)));
  if (used) throw conflict(PAID_ACTION_MESSAGES.duplicate, 'PAID_ACTION_DUPLICATE');
  throw insufficientCoins();
}

/**
 * Runs a paid action exactly once: reserves its coins through the ledger (a debit, with the
 * reservation row, in one transaction), runs `work`, then commits the reservation — or, when
 * `work` throws, refunds it (a `refund` ledger entry) and rethrows. Not enough coins is a 409
 * `INSUFFICIENT_COINS` with the price, the balance and where to buy; the same `reference` twice
 * is a 409 `PAID_ACTION_DUPLICATE` and charges nothing more.
 */
export async function runPaidAction<T>(
  s: Services,
  tenant: Tenant,
  req: PaidActionRequest,
  work: (ctx: PaidActionContext) => Promise<T>,
): Promise<PaidActionOutcome<T>> {
  const entry: PriceEntry = PRICES[req.action];
  if (!entry) throw new Error(`unknown paid action ${req.action}`);
  const reference = req.reference.trim();
  if (!reference || reference.length > MAX_REFERENCE) throw badRequest('Referência da ação paga inválida.');
  const quantity = req.quantity ?? 1;
  let price: number;
  try {
    price = priceOf(req.action, quantity);
  } catch {
    throw badRequest('Quantidade inválida para esta ação.');
  }
  const coins = req.ownKey && entry.ai ? 0 : price;

  const reserved = await reserve(tenant, { ...req, reference, quantity, coins, reason: quantity > 1 && entry.unit ? `${entry.label} (${quantity} ${entry.unit.plural})` : entry.label }).catch(
    async (e: unknown) => {
      if (e instanceof AppError && e.code === 'INSUFFICIENT_COINS') {
        const balance = await balanceOf(tenant);
        throw new AppError(409, 'INSUFFICIENT_COINS', PAID_ACTION_MESSAGES.insufficient(price, balance), {
          price,
          balance,
          buyPath: PAID_ACTION_MESSAGES.buyPath,
        });
      }
      throw e;
    },
  );

  let result: T;
  try {
    result = await work({ paidActionId: reserved.id, coins });
  } catch (e) {
    await refundPaidAction(s, reserved.id);
    if (e instanceof AppError) e.details = { ...e.details, refunded: true, charged: 0 };
    throw e;
  }
  // The commit does not wait for its WAL flush: the coins already moved durably with the
  // reservation, and a commit lost in a crash only leaves the row reserved, which the sweep then
  // refunds (the customer is not charged). It halves the fsyncs of the hot path.
  const committed = await tenant.db.$client.query<{ id: string }>({ name: 'paid-action-commit', text: COMMIT_SQL, values: [reserved.id] });
  if (committed.rows.length === 0) return { result, paidActionId: reserved.id, charged: 0, balance: await balanceOf(tenant) };
  return { result, paidActionId: reserved.id, charged: coins, balance: reserved.balance ?? (await balanceOf(tenant)) };
}
/**
 * Gives a reservation's coins back, at most once: only a row still `reserved` turns `refunded`
 * (row lock + status check), and the refund's ledger entry is keyed by the reservation.
 */
export async function refundPaidAction(s: Services, id: string): Promise<boolean> {
  return s.db.transaction(async (tx) => {
    // The company's row first, in the order a reservation takes its locks (the balance, then the
    // reservation's unique reference): a refund that held its reservation row while waiting for the
    // balance deadlocked with a resend of the same reference, whose insert waits on that row.
    const [owner] = await tx.select({ companyId: schema.paidActions.companyId }).from(schema.paidActions).where(eq(schema.paidActions.id, id));
    if (!owner) return false;
    await tx.select({ id: schema.companies.id }).from(schema.companies).where(eq(schema.companies.id, owner.companyId)).for('no key update');
    const [row] = await tx
      .update(schema.paidActions)
      .set({ status: 'refunded', finishedAt: sql`now()` })
      .where(and(eq(schema.paidActions.id, id), eq(schema.paidActions.status, 'reserved')))
      .returning();
    if (!row) return false;
    if (row.coins > 0) {
      const label = (PRICES as Record<string, PriceEntry>)[row.action]?.label ?? row.action;
      await logAudit(tx, { companyId: row.companyId, actorId: row.actorId }, { action: 'coins_refunded', entity: 'paid_action', id: row.id, details: { paidAction: row.action, coins: row.coins, quantity: row.quantity } });
      await applyCoins(tx, {
        companyId: row.companyId,
        amount: row.coins,
        kind: 'refund',
        reason: `Estorno: ${label} (${coinsLabel(row.coins)})`,
        actorId: row.actorId,
        reference: refKey(row.id),
      });
    }
    return true;
  });
}

/** Refunds reservations left without a commit (a crash between reserve and commit). */
export async function sweepStaleReservations(s: Services, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - STALE_RESERVATION_MS);
  const stale = await s.db
    .select({ id: schema.paidActions.id })
    .from(schema.paidActions)
    .where(and(eq(schema.paidActions.status, 'reserved'), lt(schema.paidActions.createdAt, before)))
    .limit(1000);
  let refunded = 0;
  for (const { id } of stale) if (await refundPaidAction(s, id)) refunded++;
  return refunded;
}

/** The pg-boss schedule of the sweep (called by the paid-actions module's start). */
export async function registerPaidActionSweep(s: Services) {
  await s.boss.createQueue(PAID_ACTIONS_SWEEP_QUEUE);
  scheduleJob(s.boss, PAID_ACTIONS_SWEEP_QUEUE, PAID_ACTIONS_SWEEP_CRON, 'UTC');
  await s.boss.work(PAID_ACTIONS_SWEEP_QUEUE, async () => {
    const n = await sweepStaleReservations(s);
    if (n) console.log('[paid-actions] refunded stale reservations:', n);
  });
}
