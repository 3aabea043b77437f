import pg from 'pg';
import { createDb, type Database } from '@sede/db/client';
import type { Services, Tenant } from '../../apps/server/src/services.ts';
import type { BenchContext } from '../types.ts';

/**
 * runPaidAction in-process against the server's database (there is no client-callable debit:
 * decision 0122). Only `db` of the services is used by the paid-action helper; its own pool,
 * sized for the concurrency under test.
 */
export async function paidActionHarness(ctx: BenchContext, max = 20) {
  const options = (ctx.db.$client as unknown as { options: pg.PoolConfig }).options;
  // The bench reads the embedded superuser's password lazily (a function); pg wants a string here.
  const password = typeof options.password === 'function' ? await options.password() : options.password;
  const pool = new pg.Pool({ ...options, password, max });
  pool.on('error', () => {});
  const db: Database = createDb(pool);
  const services = { db, pool } as unknown as Services;
  const tenant = (companyId: string, actorId: string): Tenant => ({ db, companyId, actorId });
  return { services, tenant, db, close: () => pool.end() };
}

export async function companyWithCoins(ctx: BenchContext, tag: string, coins: number) {
  const email = `bench.${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@exemplo.com.br`;
  await ctx.signUpConfirmed(email);
  const cnpj = Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('');
  const companyId = await ctx.seedCompany(email, { name: `Bench ${tag}`, cnpj, welcomeCoins: 0, extraCoins: coins });
  const [user] = await ctx.sql<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [email]);
  return { companyId, userId: user!.id };
}

export async function ledgerInvariants(ctx: BenchContext, companyId: string) {
  const [row] = await ctx.sql<{ balance: number; sum: number; debits: number; refunds: number; min_after: number; running_ok: boolean }>(
    `SELECT c.currency_amount AS balance,
            (SELECT COALESCE(SUM(amount), 0)::int FROM coin_ledger WHERE company_id = c.id) AS sum,
            (SELECT count(*)::int FROM coin_ledger WHERE company_id = c.id AND kind = 'debit') AS debits,
            (SELECT count(*)::int FROM coin_ledger WHERE company_id = c.id AND kind = 'refund') AS refunds,
            (SELECT MIN(balance_after) FROM coin_ledger WHERE company_id = c.id) AS min_after,
            (SELECT bool_and(balance_after = running) FROM (
               SELECT balance_after, SUM(amount) OVER (ORDER BY id) AS running FROM coin_ledger WHERE company_id = c.id) t) AS running_ok
       FROM companies c WHERE c.id = $1`,
    [companyId],
  );
  return row!;
}
