import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '@sede/shared/ecommerce/schemas';
import { eventually } from '../support/eventually.ts';
import { type FakeMercadoLivre, mercadolivreOrder, startFakeMercadoLivre } from '../support/fake-mercadolivre.ts';
import { type FakeNuvemshop, nuvemshopOrder, startFakeNuvemshop } from '../support/fake-nuvemshop.ts';
import { startTestServer, tempDataDir, type CookieJar, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, sql } from '../team/support.ts';
import { connectMercadoLivre, connectNuvemshop } from './support.ts';

let ml: FakeMercadoLivre;
let nuvem: FakeNuvemshop;
beforeAll(async () => {
  ml = await startFakeMercadoLivre();
  nuvem = await startFakeNuvemshop();
  nuvem.state.redirectUrl = 'http://localhost:3000/ecommerce/conectar/nuvemshop';
});
afterAll(async () => {
  await ml?.close();
  await nuvem?.close();
});

type Scenario = {
  /** Puts the orders at the platform; answers the seller/store id and the orders' ids, and which are paid. */
  seed(): { accountId: string; ids: string[]; paid: number };
  connect(server: TestServer, who: { jar: CookieJar }, accountId: string): Promise<Store>;
  /** The orders one page holds: the first page is in when the server stops. */
  pageSize: number;
  fake: { holdAfter(pages: number | null): void; release(): void };
};

/**
 * The 90 days' import stopped midway (decision 0117's restart): the server stops while the
 * platform holds the second page; the next server resumes the run from the start, and every
 * order is there once, every paid one with one receivable.
 */
async function stoppedAndResumed(sc: Scenario) {
  const a = await startTestServer({ ...ml.env, ...nuvem.env });
  let b: TestServer | null = null;
  try {
    const { companyId, admin } = await createCompanyWithAdmin(a, 'Loja Retomada');
    const { accountId, ids, paid } = sc.seed();
    sc.fake.holdAfter(1);
    const store = await sc.connect(a, admin, accountId);
    const count = async (server: TestServer) => (await sql(server, 'SELECT count(*)::int AS n FROM ecommerce_orders WHERE store_id = $1', [store.id]))[0]!.n as number;
    await eventually(() => count(a), (n) => n === sc.pageSize);

    const databaseUrl = a.databaseUrl;
    await a.stop();
    sc.fake.release();
    sc.fake.holdAfter(null);

    b = await startTestServer({ ...ml.env, ...nuvem.env, DATABASE_URL: databaseUrl, DATA_DIR: tempDataDir('sede-ecommerce-b-') });
    const run = await eventually(async () => (await sql(b!, 'SELECT status, attempts, done FROM job_runs WHERE id = $1', [store.importJobId]))[0], (r) => r?.status === 'done' || r?.status === 'failed', {
      timeoutMs: 60_000,
    });
    expect(run).toMatchObject({ status: 'done', done: ids.length });
    expect(run.attempts).toBeGreaterThanOrEqual(2);
    const rows = await sql(b, 'SELECT external_id FROM ecommerce_orders WHERE store_id = $1', [store.id]);
    expect(rows.map((r) => r.external_id as string).sort()).toEqual([...ids].sort());
    const receivables = await sql(b, `SELECT document_number, count(*)::int AS n FROM fin_entries WHERE company_id = $1 AND kind = 'receivable' GROUP BY document_number`, [companyId]);
    expect(receivables).toHaveLength(paid);
    expect(receivables.every((r) => r.n === 1)).toBe(true);
  } finally {
    sc.fake.release();
    sc.fake.holdAfter(null);
    await b?.stop();
    await a.stop().catch(() => {});
  }
}

describe('an import stopped by a restart resumes without duplicates', () => {
  it('Mercado Livre', async () => {
    await stoppedAndResumed({
      pageSize: 50,
      fake: ml,
      seed() {
        const accountId = ml.addSeller('RETOMADA_ML');
        const orders = Array.from({ length: 120 }, (_, i) => ml.putOrder(accountId, mercadolivreOrder({ status: i % 4 === 0 ? 'paid' : 'confirmed', created: new Date(Date.now() - (i + 1) * 3_600_000) })));
        return { accountId, ids: orders.map((o) => String(o.id)), paid: orders.filter((o) => o.status === 'paid').length };
      },
      connect: (server, who, id) => connectMercadoLivre(server, ml, who, id, { wait: false }),
    });
  });

  it('Nuvemshop', async () => {
    await stoppedAndResumed({
      pageSize: 200,
      fake: nuvem,
      seed() {
        const accountId = nuvem.addStore('Retomada Nuvem');
        const orders = Array.from({ length: 230 }, (_, i) =>
          nuvem.putOrder(accountId, nuvemshopOrder({ number: 5000 + i, payment_status: i % 10 === 0 ? 'paid' : 'pending', created_at: new Date(Date.now() - (i + 1) * 3_600_000) })),
        );
        return { accountId, ids: orders.map((o) => String(o.id)), paid: orders.filter((o) => o.payment_status === 'paid').length };
      },
      connect: (server, who, id) => connectNuvemshop(server, nuvem, who, id, { wait: false }),
    });
  });
});
