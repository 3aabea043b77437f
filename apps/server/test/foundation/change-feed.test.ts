import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** The triggers' payloads on 'sede_changes', which every cache and SSE stream relies on. */
describe('change notifications', () => {
  let server: TestServer;
  let listener: pg.Client;
  const received: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    server = await startTestServer();
    listener = new pg.Client({ connectionString: server.databaseUrl });
    await listener.connect();
    listener.on('notification', (m) => received.push(JSON.parse(m.payload!)));
    await listener.query('LISTEN sede_changes');
  });
  afterAll(async () => {
    await listener?.end();
    await server?.stop();
  });

  const next = async (type: string) => {
    await expect.poll(() => received.some((r) => r.t === type)).toBe(true);
    const i = received.findIndex((r) => r.t === type);
    return received.splice(i, 1)[0]!;
  };

  it('flags a change of the balance alone, and only that', async () => {
    const { rows } = await server.services.pool.query(
      `INSERT INTO companies (name, cnpj, currency_amount) VALUES ('Padaria', '98765432000198', 10) RETURNING id`,
    );
    const id = rows[0].id as string;
    await server.services.pool.query('UPDATE companies SET currency_amount = 7, updated_at = now() WHERE id = $1', [id]);
    expect(await next('company')).toMatchObject({ companyId: id, currencyAmount: 7, balanceOnly: true });
    await server.services.pool.query(`UPDATE companies SET name = 'Padaria Aurora' WHERE id = $1`, [id]);
    expect(await next('company')).toMatchObject({ companyId: id, balanceOnly: false });
    await server.services.pool.query(`UPDATE companies SET currency_amount = 9, plan_type = 'annual' WHERE id = $1`, [id]);
    expect(await next('company')).toMatchObject({ companyId: id, currencyAmount: 9, balanceOnly: false });
  });
});
