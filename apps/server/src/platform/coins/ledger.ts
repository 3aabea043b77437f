import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@sede/db/client';
import type { CoinKind } from '@sede/shared/billing';
import { AppError } from '../../http/errors.ts';

export type { CoinKind };

export type CoinEntry = {
  companyId: string;
  /** Positive credits, negative debits; whole coins only. */
  amount: number;
  kind: CoinKind;
  reason: string;
  actorId?: string | null;
  /** Billing period key (allowance, expiry): applied at most once per company, kind and period. */
  period?: string | null;
  /** External reference (payment id, company id for the welcome bonus): at most once per kind. */
  reference?: string | null;
};

export type CoinResult = { applied: true; entryId: number; balanceAfter: number } | { applied: false; reason: 'duplicate' };

export const insufficientCoins = () =>
  new AppError(409, 'INSUFFICIENT_COINS', 'Saldo de moedas insuficiente para esta ação. Compre mais moedas para continuar.');

const MAX_ABS_AMOUNT = 1_000_000;

type Row = { id: number | null; balance_after: number | null; status: 'applied' | 'duplicate' };

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
};

const inTransaction = (db: DbOrTx) => !('$client' in db);

/**
 * The single door for every change of a company's coins. The balance and the ledger row change
 * in ONE statement (so they can never disagree, even outside a transaction); the balance never
 * goes negative (a debit beyond it changes nothing and is a 409); entries with a period or a
 * reference are applied at most once, however often or concurrently they are retried.
 */
export async function applyCoins(db: DbOrTx, entry: CoinEntry): Promise<CoinResult> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0 || Math.abs(entry.amount) > MAX_ABS_AMOUNT) {
    throw new AppError(400, 'INVALID_AMOUNT', 'A quantidade de moedas deve ser um número inteiro diferente de zero.');
  }
  const keyed = entry.period != null || entry.reference != null;
  if (!keyed) return toResult(await runUnkeyed(db, entry));
  try {
    // A concurrent twin can pass the "already there?" check before either commits; the unique
    // index then stops the second one. Inside a caller's transaction a savepoint keeps that
    // failure from aborting the caller's other work.
    const row = inTransaction(db) ? await db.transaction((sp) => runKeyed(sp, entry)) : await runKeyed(db, entry);
    return toResult(row);
  } catch (e) {
    if (isUniqueViolation(e)) return { applied: false, reason: 'duplicate' };
    throw e;
  }
}

function toResult(row: Row | undefined): CoinResult {
  if (row?.status === 'applied') return { applied: true, entryId: Number(row.id), balanceAfter: Number(row.balance_after) };
  if (row?.status === 'duplicate') return { applied: false, reason: 'duplicate' };
  throw insufficientCoins();
}

/** The hot path (debits of AI actions): a conditional UPDATE and its ledger row, nothing else. */
const UNKEYED_SQL = `
  WITH upd AS (
    UPDATE companies SET currency_amount = currency_amount + $2, updated_at = now()
     WHERE id = $1 AND currency_amount + $2 >= 0
    RETURNING currency_amount
  )
  INSERT INTO coin_ledger (company_id, amount, kind, reason, actor_id, balance_after)
  SELECT $1, $2, $3, $4, $5, upd.currency_amount FROM upd
  RETURNING id, balance_after, 'applied' AS status`;

async function runUnkeyed(db: DbOrTx, e: CoinEntry): Promise<Row | undefined> {
  const values = [e.companyId, e.amount, e.kind, e.reason, e.actorId ?? null];
  if ('$client' in db) {
    // Outside a transaction: a named prepared statement straight on the pool (parsed and
    // planned once per connection), skipping the query builder on the hottest path.
    const result = await db.$client.query<Row>({ name: 'coin-ledger-unkeyed', text: UNKEYED_SQL, values });
    return result.rows[0];
  }
  const result = await db.execute<Row>(sql`
    WITH upd AS (
      UPDATE companies SET currency_amount = currency_amount + ${e.amount}, updated_at = now()
       WHERE id = ${e.companyId} AND currency_amount + ${e.amount} >= 0
      RETURNING currency_amount
    )
    INSERT INTO coin_ledger (company_id, amount, kind, reason, actor_id, balance_after)
    SELECT ${e.companyId}, ${e.amount}, ${e.kind}, ${e.reason}, ${e.actorId ?? null}, upd.currency_amount FROM upd
    RETURNING id, balance_after, 'applied' AS status
  `);
  return result.rows[0];
}

async function runKeyed(db: DbOrTx, e: CoinEntry): Promise<Row | undefined> {
  const period = e.period ?? null;
  const reference = e.reference ?? null;
  const result = await db.execute<Row>(sql`
    WITH dup AS (
      SELECT 1 FROM coin_ledger
       WHERE (${period}::text IS NOT NULL AND company_id = ${e.companyId} AND kind = ${e.kind} AND period = ${period})
          OR (${reference}::text IS NOT NULL AND kind = ${e.kind} AND reference = ${reference})
       LIMIT 1
    ), upd AS (
      UPDATE companies SET currency_amount = currency_amount + ${e.amount}, updated_at = now()
       WHERE id = ${e.companyId} AND currency_amount + ${e.amount} >= 0 AND NOT EXISTS (SELECT 1 FROM dup)
      RETURNING currency_amount
    ), ins AS (
      INSERT INTO coin_ledger (company_id, amount, kind, reason, actor_id, balance_after, period, reference)
      SELECT ${e.companyId}, ${e.amount}, ${e.kind}, ${e.reason}, ${e.actorId ?? null}, upd.currency_amount, ${period}, ${reference}
        FROM upd
      RETURNING id, balance_after
    )
    SELECT id, balance_after, 'applied' AS status FROM ins
    UNION ALL SELECT NULL, NULL, 'duplicate' FROM dup
  `);
  return result.rows[0];
}
