import { beforeAll, describe, expect, it } from 'vitest';
import { nuvemshopOrder } from '../support/fake-nuvemshop.ts';
import { recordStatements, type SeenStatements, type Statement } from '../support/statements.ts';
import { createCompanyWithAdmin, sql } from '../team/support.ts';
import { connectNuvemshop, WEBHOOK_PATH, withFakeNuvemshop } from './support.ts';

/**
 * What a webhook costs PostgreSQL (decision 0744): on this kind of machine each round trip costs
 * more than its statement's work, so the hot path's statements are counted here, and a delivery's
 * transaction commits without waiting for the disk while the import's does wait.
 */
const nuvem = withFakeNuvemshop();
const seen: SeenStatements = { on: false, statements: [] };
beforeAll(() => {
  // The delivery's own statements: those of the request, not a schedule's that runs meanwhile (the campaigns' watchdog, every 2 s).
  recordStatements(nuvem.server, seen);
});

const isNotify = (s: Statement) => /pg_notify/.test(s.text);
/**
 * A delivery's statements, its announcement apart (decision 0775: the answer does not wait for it, so it
 * may come just after): `announced` waits for it when the delivery changed something.
 */
async function counted(send: () => Promise<{ status: number }>, announced: boolean) {
  seen.statements = [];
  seen.on = true;
  const { status } = await send();
  expect(status).toBe(200);
  if (announced) await expect.poll(() => seen.statements.some(isNotify), { timeout: 5000 }).toBe(true);
  else await new Promise((r) => setTimeout(r, 100));
  seen.on = false;
  expect(seen.statements.filter(isNotify)).toHaveLength(announced ? 1 : 0);
  return seen.statements.filter((s) => !isNotify(s));
}
type Seen = Statement[];
/** The statements counted, for a failure's message. */
const texts = (seen: Seen) => seen.map((s) => s.text.replace(/\s+/g, ' ').trim().slice(0, 100)).join('\n');
const setsAsync = (s: Seen[number]) => s.text.includes(`set_config('synchronous_commit'`) && s.values.includes(true);
const asyncCommit = (seen: Seen) => seen.some(setsAsync);
/** The transactions that write (a statement outside begin…commit is its own): each must commit asynchronously (decisions 0744, 0748). */
const writingTransactions = (seen: Seen) => {
  const groups: Seen[] = [];
  let open: Seen | null = null;
  for (const s of seen) {
    if (/^\s*begin/i.test(s.text)) open = [];
    else if (/^\s*commit/i.test(s.text)) {
      if (open) groups.push(open);
      open = null;
    } else if (open) open.push(s);
    else groups.push([s]);
  }
  return groups.filter((g) => g.some((s) => /\b(insert|update|delete)\b/i.test(s.text) && !/pg_notify/.test(s.text)));
};

describe('a Nuvemshop webhook', () => {
  it('applies an order in a few statements, a paid one with its customer and receivable, committing without waiting for the disk', async () => {
    const { companyId, admin } = await createCompanyWithAdmin(nuvem.server, 'Loja Contada');
    const storeId = nuvem.fake.addStore('Contada');
    await connectNuvemshop(nuvem.server, nuvem.fake, admin, storeId);
    const notify = (event: string, id: number) => nuvem.fake.notify(storeId, event, id, { url: `${nuvem.server.url}${WEBHOOK_PATH}` });
    // The first paid order makes the store's account and category reads warm; the counted one is the next.
    for (const n of [1, 2]) {
      const order = nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 700 + n, customer: { name: `Cliente ${n}`, email: `cliente${n}@exemplo.com.br` } }));
      const created = await counted(() => notify('order/created', order.id), true);
      nuvem.fake.putOrder(storeId, { ...order, payment_status: 'paid', paid_at: order.created_at });
      const paid = await counted(() => notify('order/paid', order.id), true);
      const repeat = await counted(() => notify('order/updated', order.id), false);
      if (n === 1) continue;
      // The store; the order with its items in one statement, no transaction (decision 0748); then the announcement.
      expect(created.length, texts(created)).toBeLessThanOrEqual(2);
      // A repeat: the store and the order's statement, which writes nothing; no announcement.
      expect(repeat.length, texts(repeat)).toBeLessThanOrEqual(2);
      // The store, the order with the sales category (decision 0775); begin, the buyer and the suppression list
      // (one read), a new person, the receivable with its payment, audit line and the order's claim (one
      // statement), commit; then the announcement.
      expect(paid.length, texts(paid)).toBeLessThanOrEqual(7);
      expect(paid.some((s) => /^\s*select "id" from "fin_categories"/i.test(s.text)), texts(paid)).toBe(false);
      expect([created, paid, repeat].every(asyncCommit)).toBe(true);
      const writes = writingTransactions(paid);
      expect(writes).toHaveLength(2);
      expect(writes.every((g) => g.some(setsAsync))).toBe(true);
    }
    // Both on the sales category: the first found after the chart was made (the company had none), the second read by the order's statement.
    const [row] = await sql(
      nuvem.server,
      `SELECT count(*)::int AS n FROM fin_entries e JOIN fin_categories c ON c.id = e.category_id AND c.name = 'Venda de produtos' WHERE e.company_id = $1 AND e.kind = 'receivable' AND e.status = 'paid'`,
      [companyId],
    );
    expect(row.n).toBe(2);
  });

  it('the import of a connection waits for the disk: it is what the catch-up of a lost delivery reads from', async () => {
    const { admin } = await createCompanyWithAdmin(nuvem.server, 'Loja Importada');
    const storeId = nuvem.fake.addStore('Importada');
    nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 801, payment_status: 'paid' }));
    // A job's statements, not a request's: every statement of the pool.
    seen.statements = [];
    seen.scope = 'pool';
    seen.on = true;
    const store = await connectNuvemshop(nuvem.server, nuvem.fake, admin, storeId);
    await expect.poll(async () => (await sql(nuvem.server, 'SELECT status FROM job_runs WHERE id = $1', [store.importJobId]))[0]?.status, { timeout: 20_000 }).toBe('done');
    seen.on = false;
    expect(seen.statements.some((s) => s.text.includes('insert into "ecommerce_orders"'))).toBe(true);
    expect(asyncCommit(seen.statements)).toBe(false);
  });
});
