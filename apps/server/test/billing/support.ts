import { randomInt } from 'node:crypto';
import { TRIAL } from '@sede/shared/constants';
import { applyCoins } from '../../src/modules/billing/ledger.ts';
import { createConfirmedUser, type TestServer } from '../support/test-server.ts';

let seq = 0;
export const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${(seq++).toString(36)}@exemplo.com.br`;
const randomCnpj = () => Array.from({ length: 14 }, () => randomInt(10)).join('');

/**
 * A company created with SQL the way POST /api/companies does it (trial, admin membership,
 * profile link, 50 welcome coins through the ledger), plus extra members when asked.
 */
export async function createCompany(server: TestServer, opts: { role?: string; extraMembers?: number; welcome?: boolean } = {}) {
  const admin = await createConfirmedUser(server, { email: uniqueEmail('admin') });
  const pool = server.services.pool;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO companies (name, cnpj, created_by, subscription_status, trial_ends_at)
     VALUES ($1, $2, $3, 'trialing', now() + make_interval(days => $4)) RETURNING id`,
    [`Empresa ${seq}`, randomCnpj(), admin.userId, TRIAL.days],
  );
  const companyId = rows[0]!.id;
  await addMember(server, companyId, admin.userId, opts.role ?? 'admin');
  if (opts.welcome !== false) {
    await applyCoins(server.services.db, { companyId, amount: TRIAL.welcomeCoins, kind: 'welcome', reason: 'Bônus de boas-vindas', reference: companyId });
  }
  for (let i = 0; i < (opts.extraMembers ?? 0); i++) {
    await pool.query(
      `WITH u AS (INSERT INTO "user" (id, name, email, email_verified, first_name, last_name) VALUES (gen_random_uuid()::text, 'M', $1, true, 'M', 'X') RETURNING id)
       INSERT INTO company_members (user_id, company_id, role) SELECT id, $2, 'vendas' FROM u`,
      [uniqueEmail('member'), companyId],
    );
  }
  return { ...admin, companyId };
}

export async function addMember(server: TestServer, companyId: string, userId: string, role: string) {
  await server.services.pool.query('INSERT INTO company_members (user_id, company_id, role) VALUES ($1, $2, $3)', [userId, companyId, role]);
  await server.services.pool.query('UPDATE profiles SET company_id = $2 WHERE id = $1', [userId, companyId]);
  // The change feed evicts the cached viewer a moment later; do it now so the next request sees it.
  server.services.viewers.evictViewer(userId);
}

/** The invariants: balance = ledger sum, never negative, and every balance_after consistent. */
export async function ledgerState(server: TestServer, companyId: string) {
  const { rows } = await server.services.pool.query<{ balance: number; sum: number; n: number; min_after: number | null }>(
    `SELECT c.currency_amount AS balance,
            COALESCE((SELECT SUM(amount) FROM coin_ledger WHERE company_id = c.id), 0)::int AS sum,
            (SELECT count(*) FROM coin_ledger WHERE company_id = c.id)::int AS n,
            (SELECT MIN(balance_after) FROM coin_ledger WHERE company_id = c.id) AS min_after
       FROM companies c WHERE c.id = $1`,
    [companyId],
  );
  return rows[0]!;
}

/** The running sum replayed in id order equals each row's balance_after. */
export async function runningSumMatches(server: TestServer, companyId: string) {
  const { rows } = await server.services.pool.query<{ ok: boolean }>(
    `SELECT bool_and(balance_after = running) AS ok FROM (
       SELECT balance_after, SUM(amount) OVER (ORDER BY id) AS running FROM coin_ledger WHERE company_id = $1) t`,
    [companyId],
  );
  return rows[0]!.ok;
}
