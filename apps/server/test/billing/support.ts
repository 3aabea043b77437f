import { seedCompany, seedMember } from '../support/seed.ts';
import { createConfirmedUser, type TestServer } from '../support/test-server.ts';

let seq = 0;
export const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${(seq++).toString(36)}@exemplo.com.br`;

/**
 * A company seeded through the service POST /api/companies uses (trial, admin membership,
 * profile link, 50 welcome coins through the ledger), plus extra members when asked.
 */
export async function createCompany(server: TestServer, opts: { role?: string; extraMembers?: number; welcome?: boolean } = {}) {
  const admin = await createConfirmedUser(server, { email: uniqueEmail('admin') });
  const pool = server.services.pool;
  const companyId = await seedCompany(server.services.db, {
    adminUserId: admin.userId,
    name: `Empresa ${seq}`,
    role: opts.role,
    onboardingCompleted: false,
    welcomeCoins: opts.welcome === false ? 0 : undefined,
  });
  server.services.viewers.evictViewer(admin.userId);
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
  await seedMember(server.services.db, { companyId, userId, role });
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
