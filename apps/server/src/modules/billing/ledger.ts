import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@sede/db/client';
import { AppError } from '../../http/errors.ts';

export type CoinKind = 'welcome' | 'allowance' | 'allowance_expiry' | 'purchase' | 'debit' | 'adjustment';

export type CoinEntry = {
  companyId: string;
  /** Positive credits, negative debits; whole coins only. */
  amount: number;
  kind: CoinKind;
  reason: string;
  actorId?: string | null;
  /** Billing period ('2026-11') for once-per-period entries (allowance, expiry). */
  period?: string | null;
  /** External reference (payment id) for once-per-payment entries. */
  reference?: string | null;
};

export type CoinResult = { applied: true; entryId: number; balanceAfter: number } | { applied: false; reason: 'duplicate' };

export const insufficientCoins = () =>
  new AppError(409, 'INSUFFICIENT_COINS', 'Saldo de moedas insuficiente para esta ação. Compre mais moedas para continuar.');

/**
 * The single door for every change of a company's coins. The balance and the ledger row change
 * in one statement; the balance never goes negative (a debit beyond it changes nothing), and
 * entries with a period or a reference are applied at most once, however often they are retried.
 */
export async function applyCoins(db: DbOrTx, entry: CoinEntry): Promise<CoinResult> {
  if (!Number.isInteger(entry.amount) || entry.amount === 0) {
    throw new AppError(400, 'INVALID_AMOUNT', 'A quantidade de moedas deve ser um número inteiro diferente de zero.');
  }
  const period = entry.period ?? null;
  const reference = entry.reference ?? null;
  // The UPDATE runs only when the ledger row is new (idempotency keys) and the balance allows it.
  const result = await db.execute<{ id: number; balance_after: number; status: string }>(sql`
    WITH dup AS (
      SELECT 1 FROM coin_ledger
       WHERE (${period}::text IS NOT NULL AND company_id = ${entry.companyId} AND kind = ${entry.kind} AND period = ${period})
          OR (${reference}::text IS NOT NULL AND kind = ${entry.kind} AND reference = ${reference})
       LIMIT 1
    ), upd AS (
      UPDATE companies SET currency_amount = currency_amount + ${entry.amount}, updated_at = now()
       WHERE id = ${entry.companyId} AND currency_amount + ${entry.amount} >= 0 AND NOT EXISTS (SELECT 1 FROM dup)
      RETURNING currency_amount
    ), ins AS (
      INSERT INTO coin_ledger (company_id, amount, kind, reason, actor_id, balance_after, period, reference)
      SELECT ${entry.companyId}, ${entry.amount}, ${entry.kind}, ${entry.reason}, ${entry.actorId ?? null}, upd.currency_amount, ${period}, ${reference}
        FROM upd
      RETURNING id, balance_after
    )
    SELECT id, balance_after, 'applied' AS status FROM ins
    UNION ALL SELECT NULL, NULL, 'duplicate' FROM dup
  `);
  const row = result.rows[0];
  if (row?.status === 'applied') return { applied: true, entryId: Number(row.id), balanceAfter: Number(row.balance_after) };
  if (row?.status === 'duplicate') return { applied: false, reason: 'duplicate' };
  throw insufficientCoins();
}
