import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, defaultCategoryId, recordSettledEntries, type SettledEntryInput } from '../../src/modules/finance/public.ts';
import { systemTenant } from '../../src/platform/tenant.ts';
import { seedCompany } from '../support/seed.ts';
import { createConfirmedUser, startTestServer, type TestServer } from '../support/test-server.ts';
import { sql, uniqueEmail } from '../team/support.ts';

/** Entries written already paid, in one statement (decisions 0750, 0744): what a store's paid orders become. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function company(name: string) {
  const owner = await createConfirmedUser(server, { email: uniqueEmail(name) });
  const companyId = await seedCompany(server.services.db, { adminUserId: owner.userId });
  const t = systemTenant(server.services, companyId, 'webhook');
  const account = await createAccount(t, { name: `Loja ${name}`, kind: 'checking', openingDate: '2026-11-01' });
  const income = await defaultCategoryId(t, 'income', 'Venda de produtos');
  return { companyId, t, accountId: account.id, income };
}

const sale = (accountId: string, categoryId: string | null, o: Partial<SettledEntryInput> = {}): SettledEntryInput => ({
  kind: 'receivable',
  description: 'Pedido #1 — Loja',
  amountCents: 12_345,
  paidDate: '2026-11-20',
  competenceDate: '2026-11-19',
  categoryId,
  accountId,
  personId: null,
  organizationId: null,
  documentNumber: '1',
  ...o,
});

const rowsOf = (companyId: string) =>
  sql(
    server,
    `SELECT e.id, e.kind, e.status, e.amount_cents::int AS amount, e.paid_cents::int AS paid, e.settled_date::text AS settled, e.due_date::text AS due,
            e.competence_date::text AS competence, e.category_id, p.account_id, p.paid_date::text AS paid_date, p.amount_cents::int AS paid_amount,
            (SELECT count(*)::int FROM activity_log a WHERE a.company_id = e.company_id AND a.action = 'payment_recorded' AND a.details->>'id' = e.id::text AND a.details->>'paymentId' = p.id::text) AS audited
       FROM fin_entries e JOIN fin_payments p ON p.entry_id = e.id WHERE e.company_id = $1 ORDER BY e.document_number`,
    [companyId],
  );

describe('recordSettledEntries', () => {
  it('writes each entry paid in full with its payment on the account and its audit line, answering the ids in order', async () => {
    const { companyId, t, accountId, income } = await company('pagos');
    expect(income).toBeTruthy();
    const ids = await recordSettledEntries(t, [
      sale(accountId, income, { documentNumber: '1' }),
      sale(accountId, null, { documentNumber: '2', kind: 'payable', description: 'Tarifa', amountCents: 1_500 }),
    ]);
    const rows = await rowsOf(companyId);
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(rows[0]).toMatchObject({ kind: 'receivable', status: 'paid', amount: 12_345, paid: 12_345, settled: '2026-11-20', due: '2026-11-20', competence: '2026-11-19', category_id: income, account_id: accountId, paid_date: '2026-11-20', paid_amount: 12_345, audited: 1 });
    expect(rows[1]).toMatchObject({ kind: 'payable', status: 'paid', amount: 1_500, paid: 1_500, category_id: null, paid_amount: 1_500, audited: 1 });
  });

  it('writes nothing for an archived account (409), another company’s account or category (404)', async () => {
    const mine = await company('recusa');
    const other = await company('alheia');
    await expect(recordSettledEntries(mine.t, [sale(other.accountId, mine.income)])).rejects.toMatchObject({ status: 404 });
    await expect(recordSettledEntries(mine.t, [sale(mine.accountId, other.income)])).rejects.toMatchObject({ status: 404 });
    // One good account and one foreign: the whole batch is refused, not the foreign line alone.
    await expect(recordSettledEntries(mine.t, [sale(mine.accountId, mine.income), sale(other.accountId, mine.income, { documentNumber: '2' })])).rejects.toMatchObject({ status: 404 });
    await sql(server, 'UPDATE fin_accounts SET archived_at = now() WHERE id = $1', [mine.accountId]);
    await expect(recordSettledEntries(mine.t, [sale(mine.accountId, mine.income)])).rejects.toMatchObject({ status: 409, code: 'ACCOUNT_ARCHIVED' });
    expect(await sql(server, 'SELECT id FROM fin_entries WHERE company_id = $1', [mine.companyId])).toEqual([]);
    expect(await sql(server, 'SELECT id FROM fin_payments WHERE company_id = $1', [mine.companyId])).toEqual([]);
    expect(await sql(server, `SELECT id FROM activity_log WHERE company_id = $1 AND action = 'payment_recorded'`, [mine.companyId])).toEqual([]);
  });
});
