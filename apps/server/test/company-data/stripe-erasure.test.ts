import { afterAll, beforeAll, expect, it } from 'vitest';
import { eraseDueCompanies } from '../../src/modules/company-data/service.ts';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, sql } from '../team/support.ts';

let server: TestServer;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer({ STRIPE_SECRET_KEY: 'sk_test_sede', STRIPE_WEBHOOK_SECRET: 'whsec_test', STRIPE_API_URL: fake.url });
});
afterAll(async () => {
  await server?.stop();
  await fake?.stop();
});

it("erasing a closed company cancels its Stripe subscription (and nobody else's); a Stripe failure keeps the company for the next run", async () => {
  const closing = await createCompanyWithAdmin(server, 'Assinante Que Sai Ltda');
  const staying = await createCompanyWithAdmin(server, 'Assinante Que Fica Ltda');
  const mine = fake.addSubscription(closing.companyId);
  const old = fake.addSubscription(closing.companyId, 'canceled');
  const theirs = fake.addSubscription(staying.companyId);
  await sql(server, "UPDATE companies SET closure_requested_at = now(), erase_after = now() - interval '1 minute' WHERE id = $1", [closing.companyId]);

  fake.failNext(2); // Stripe down (the SDK retries once): the company waits for the next run
  expect(await eraseDueCompanies(server.services)).toEqual([]);
  expect(await sql(server, 'SELECT id FROM companies WHERE id = $1', [closing.companyId])).toHaveLength(1);

  expect(await eraseDueCompanies(server.services)).toEqual([closing.companyId]);
  expect(fake.subscriptions.get(mine)!.status).toBe('canceled');
  expect(fake.subscriptions.get(theirs)!.status).toBe('active');
  expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/v1/subscriptions/${mine}`]);
  expect(fake.requests.some((r) => r.path === `/v1/subscriptions/${old}`)).toBe(false);
});
