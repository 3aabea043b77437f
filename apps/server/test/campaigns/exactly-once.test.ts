import { afterAll, describe, expect, it } from 'vitest';
import { apiOf } from '../crm/contacts-support.ts';
import { spawnServer, type ServerProcess } from '../foundation/server-process.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server.ts';
import { freshDatabase, startTestServer, tempDataDir } from '../support/test-server.ts';
import { createCompanyWithAdmin, sql } from '../team/support.ts';
import { sleep } from './support.ts';

const N = 300;
let smtp: TestSmtp | null = null;
const procs: ServerProcess[] = [];
afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await smtp?.close();
});

async function call(base: string, path: string, cookie: string, json?: unknown) {
  const res = await fetch(`${base}${path}`, { method: json === undefined ? 'GET' : 'POST', headers: { cookie, 'content-type': 'application/json' }, body: json === undefined ? undefined : JSON.stringify(json) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('exactly once', () => {
  it('a kill -9 of the server at ~50 % resumes the campaign without sending anyone twice', async () => {
    smtp = await startTestSmtp({ parse: false });
    const databaseUrl = await freshDatabase();
    // Seed through an in-process server on the shared database, then hand the database to real processes.
    const seeder = await startTestServer({ DATABASE_URL: databaseUrl });
    const { companyId, admin } = await createCompanyWithAdmin(seeder, 'Envio Durável Ltda');
    const api = apiOf(seeder);
    const sender = await api('/api/campaigns/sender', admin, { method: 'PUT', json: { fromName: 'Durável', ratePerSecond: 60, smtp: { host: '127.0.0.1', port: smtp.port, secure: false, fromEmail: 'envios@duravel.com.br' } } });
    expect(sender.status, JSON.stringify(sender.body)).toBe(200);
    const list = await api<{ id: string }>('/api/crm-contacts/lists', admin, { json: { name: 'Todos' } });
    await sql(
      seeder,
      `WITH p AS (INSERT INTO people (company_id, name, emails, legal_basis)
                  SELECT $1, 'Pessoa ' || i, ARRAY['pessoa' || i || '@exemplo.com.br'], 'consentimento' FROM generate_series(1, $3::int) i RETURNING id)
       INSERT INTO crm_list_members (company_id, list_id, person_id) SELECT $1, $2, id FROM p`,
      [companyId, list.body.id, N],
    );
    const created = await api<{ id: string }>('/api/campaigns', admin, { json: { name: 'Durável', listId: list.body.id, subject: 'Olá {{primeiro_nome}}', html: '<p>Oi {{nome}}</p>' } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await seeder.stop();

    const env = { DATABASE_URL: databaseUrl, CAMPAIGN_LEASE_MS: '3000', APP_URL: '' };
    const first = await spawnServer({ ...env, DATA_DIR: tempDataDir() });
    procs.push(first);
    const sent = await call(first.url, `/api/campaigns/${id}/send`, admin.jar.cookie, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // Kill -9 at about half.
    for (let i = 0; i < 600 && smtp.deliveries.length < N / 2; i++) await sleep(20);
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = smtp.deliveries.length;
    expect(atKill).toBeGreaterThan(N / 4);
    expect(atKill).toBeLessThan(N);

    const second = await spawnServer({ ...env, DATA_DIR: tempDataDir() });
    procs.push(second);
    let status = '';
    for (let i = 0; i < 600 && status !== 'sent'; i++) {
      status = (await call(second.url, `/api/campaigns/${id}`, admin.jar.cookie)).body.status as string;
      if (status !== 'sent') await sleep(100);
    }
    expect(status).toBe('sent');
    second.child.kill('SIGTERM');
    await second.exited;

    const counts = smtp.countByRecipient();
    const duplicates = [...counts].filter(([, n]) => n > 1);
    expect(duplicates).toEqual([]);
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM campaign_recipients WHERE campaign_id = $1 GROUP BY status`, [id]);
    const { rows: sentRows } = await client.query<{ email: string }>(`SELECT email FROM campaign_recipients WHERE campaign_id = $1 AND status = 'sent'`, [id]);
    const { rows: uncertainRows } = await client.query<{ email: string }>(`SELECT email FROM campaign_recipients WHERE campaign_id = $1 AND status = 'uncertain'`, [id]);
    await client.end();
    const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    // Every recipient ended: sent, or 'incerto' (claimed when the process died: not resent).
    expect((by.sent ?? 0) + (by.uncertain ?? 0)).toBe(N);
    // 'incerto' holds what the lanes had claimed and not sent yet when the process died — at most
    // 10 lanes × 10 — plus what was sent but not yet marked 'sent' (marks are written in batches
    // every 50 ms, later on a slow database): only the first kind is bounded by the lanes.
    expect(uncertainRows.length).toBe(by.uncertain ?? 0);
    expect(uncertainRows.filter((r) => !counts.has(r.email)).length).toBeLessThanOrEqual(100);
    // Every 'sent' one was delivered exactly once; the deliveries are the sent plus some of the uncertain.
    for (const r of sentRows) expect(counts.get(r.email)).toBe(1);
    expect(smtp.deliveries.length).toBeGreaterThanOrEqual(by.sent);
    expect(smtp.deliveries.length).toBeLessThanOrEqual(N);
    // Three real server processes (seeder, killed, resumer) start here: minutes on a busy 2-core CI.
  }, 240_000);
});
