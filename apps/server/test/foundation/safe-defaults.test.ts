import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES } from '@sede/shared/billing';
import { TRIAL } from '@sede/shared/constants';
import { createApp } from '../../src/app.ts';
import { ConfigError, isLoopbackUrl, loadConfig, startupNotices } from '../../src/platform/config.ts';
import { startTestServer, tempDataDir, type CookieJar, type TestServer } from '../support/test-server.ts';
import { spawnServer } from './server-process.ts';

const PUBLIC_URL = 'https://sede.exemplo.com.br';
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${(seq++).toString(36)}@exemplo.com.br`;

/** Without a readable mailbox: sign up through the API, confirm by SQL, sign in. */
async function confirmedUser(server: TestServer) {
  const email = uniqueEmail('seguro');
  const password = 'segredo123';
  const up = await server.request('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password, name: 'Ana Souza', firstName: 'Ana', lastName: 'Souza', callbackURL: '/email-confirmed' },
  });
  expect(up.status).toBe(200);
  await server.services.pool.query('UPDATE "user" SET email_verified = true WHERE email = $1', [email]);
  const jar: CookieJar = { cookie: '' };
  expect((await server.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, jar })).status).toBe(200);
  const me = (await (await server.request('/api/me', { jar })).json()) as { user: { id: string } };
  return { jar, email, userId: me.user.id };
}

/** An administrator of a new company (created with SQL as POST /api/companies does), 50 coins. */
async function adminWithCompany(server: TestServer) {
  const user = await confirmedUser(server);
  const pool = server.services.pool;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO companies (name, cnpj, created_by, subscription_status, trial_ends_at, currency_amount)
     VALUES ('Empresa Segura', lpad(($1::bigint)::text, 14, '0'), $2, 'trialing', now() + make_interval(days => $3), 50) RETURNING id`,
    [Date.now() % 1e13, user.userId, TRIAL.days],
  );
  const companyId = rows[0]!.id;
  await pool.query("INSERT INTO company_members (user_id, company_id, role) VALUES ($1, $2, 'admin')", [user.userId, companyId]);
  await pool.query('UPDATE profiles SET company_id = $2 WHERE id = $1', [user.userId, companyId]);
  server.services.viewers.evictViewer(user.userId);
  return { ...user, companyId };
}

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

describe('configuration: DEV_MAILBOX and BILLING_SANDBOX', () => {
  it('default to on only for a loopback APP_URL (localhost, 127.x, [::1]); unset APP_URL is localhost', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:4100', 'http://[::1]:3000', 'http://127.0.1.1']) {
      expect(isLoopbackUrl(url), url).toBe(true);
      const cfg = loadConfig({ APP_URL: url });
      expect(cfg.devMailbox).toBe(true);
      expect(cfg.billingSandbox).toBe(true);
    }
    for (const url of [PUBLIC_URL, 'http://192.168.0.10:3000', 'http://localhost.exemplo.com', 'http://10.0.0.1', 'http://[::2]']) {
      expect(isLoopbackUrl(url), url).toBe(false);
      const cfg = loadConfig({ APP_URL: url });
      expect(cfg.devMailbox).toBe(false);
      expect(cfg.billingSandbox).toBe(false);
    }
    const unset = loadConfig({});
    expect(unset.devMailbox && unset.billingSandbox).toBe(true);
  });

  it('on/off set explicitly win over APP_URL; blank is unset', () => {
    const on = loadConfig({ APP_URL: PUBLIC_URL, DEV_MAILBOX: 'on', BILLING_SANDBOX: 'ON' });
    expect([on.devMailbox, on.billingSandbox]).toEqual([true, true]);
    const off = loadConfig({ APP_URL: 'http://localhost:3000', DEV_MAILBOX: 'off', BILLING_SANDBOX: 'off' });
    expect([off.devMailbox, off.billingSandbox]).toEqual([false, false]);
    const blank = loadConfig({ APP_URL: PUBLIC_URL, DEV_MAILBOX: ' ', BILLING_SANDBOX: '' });
    expect([blank.devMailbox, blank.billingSandbox]).toEqual([false, false]);
  });

  it.each(['DEV_MAILBOX', 'BILLING_SANDBOX', 'EMBEDDED_PG_DURABLE'])('%s=talvez is refused, naming the variable', (name) => {
    expect(() => loadConfig({ [name]: 'talvez' })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: 'talvez' })).toThrow(new RegExp(`${name}: use on ou off`));
  });

  it('EMBEDDED_PG_DURABLE is on by default, off by default only under NODE_ENV=test', () => {
    expect(loadConfig({}).embeddedPgDurable).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).embeddedPgDurable).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).embeddedPgDurable).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', EMBEDDED_PG_DURABLE: 'on' }).embeddedPgDurable).toBe(true);
    expect(loadConfig({ EMBEDDED_PG_DURABLE: 'off' }).embeddedPgDurable).toBe(false);
  });

  it('the start-up notices say, in Portuguese, what is off and why', () => {
    const publicNotices = startupNotices(loadConfig({ APP_URL: PUBLIC_URL }));
    expect(publicNotices.join('\n')).toContain('os e-mails NÃO estão sendo entregues');
    expect(publicNotices.join('\n')).toContain('pagamentos desativados');
    expect(startupNotices(loadConfig({ APP_URL: 'http://localhost:3000' }))).toEqual([]);
    expect(startupNotices(loadConfig({ APP_URL: PUBLIC_URL, SMTP_URL: 'smtp://mail.exemplo.com.br', STRIPE_SECRET_KEY: 'sk_test_x' }))).toEqual([]);
    const forced = startupNotices(loadConfig({ APP_URL: PUBLIC_URL, DEV_MAILBOX: 'on', BILLING_SANDBOX: 'on' })).join('\n');
    expect(forced).toContain('DEV_MAILBOX=on com APP_URL público');
    expect(forced).toContain('BILLING_SANDBOX=on com APP_URL público');
  });
});

describe('with a public APP_URL and neither SMTP nor Stripe', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ APP_URL: PUBLIC_URL });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the dev mailbox does not exist (JSON 404) and /api/config says so', async () => {
    for (const p of ['/api/dev/mailbox', '/api/dev/mailbox?to=a@b.com', '/api/dev/mailbox/00000000-0000-0000-0000-000000000000']) {
      const res = await server.request(p);
      expect(res.status, p).toBe(404);
      expect((await json(res)).code).toBe('NOT_FOUND');
    }
    expect(await json(await server.request('/api/config'))).toMatchObject({ devMailbox: false, paymentsMode: 'disabled' });
  });

  it('a password reset for someone else leaves no readable link: the mail is dropped with a log line, nothing crashes', async () => {
    const victim = await confirmedUser(server);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const res = await server.request('/api/auth/request-password-reset', { method: 'POST', json: { email: victim.email, redirectTo: '/auth?reset=true' } });
      expect(res.status).toBe(200);
      await vi.waitFor(() => expect(warn.mock.calls.flat().join('\n')).toContain('Redefinição de senha'), { timeout: 5000 });
      const line = warn.mock.calls.flat().join('\n');
      expect(line).toContain('e-mail não entregue');
      expect(line).toContain(victim.email);
      expect(line).not.toMatch(/https?:\/\//);
    } finally {
      warn.mockRestore();
    }
    const { rows } = await server.services.pool.query('SELECT count(*)::int AS n FROM dev_mailbox');
    expect(rows[0].n).toBe(0);
    expect((await server.request(`/api/dev/mailbox?to=${encodeURIComponent(victim.email)}`)).status).toBe(404);
    expect((await server.request('/api/health')).status).toBe(200);
  });

  it("payments are 'disabled': no checkout starts (409 PAYMENTS_DISABLED), nothing is recorded", async () => {
    const admin = await adminWithCompany(server);
    expect(await json(await server.request('/api/billing/mode', { jar: admin.jar }))).toEqual({ mode: 'disabled' });
    expect((await json(await server.request('/api/billing/summary', { jar: admin.jar }))).mode).toBe('disabled');
    for (const [p, body] of [
      ['/api/billing/checkout/coins', { packageId: 'coins_50' }],
      ['/api/billing/checkout/subscription', { plan: 'monthly' }],
    ] as const) {
      const res = await server.request(p, { method: 'POST', json: body, jar: admin.jar });
      expect(res.status, p).toBe(409);
      expect(await json(res)).toEqual({ error: BILLING_MESSAGES.paymentsDisabled, code: 'PAYMENTS_DISABLED' });
    }
    const { rows } = await server.services.pool.query('SELECT count(*)::int AS n FROM payments WHERE company_id = $1', [admin.companyId]);
    expect(rows[0].n).toBe(0);
  });

  it('a sandbox payment left from before cannot be confirmed: no admin mints coins', async () => {
    const admin = await adminWithCompany(server);
    const { rows } = await server.services.pool.query<{ id: string }>(
      `INSERT INTO payments (company_id, provider, kind, item, amount_cents, coins, created_by)
       VALUES ($1, 'sandbox', 'coins', 'coins_500', 40000, 500, $2) RETURNING id`,
      [admin.companyId, admin.userId],
    );
    const paymentId = rows[0]!.id;
    const confirm = await server.request(`/api/billing/sandbox/payments/${paymentId}/confirm`, { method: 'POST', jar: admin.jar });
    expect(confirm.status).toBe(409);
    expect(await json(confirm)).toEqual({ error: BILLING_MESSAGES.paymentsDisabled, code: 'PAYMENTS_DISABLED' });
    expect((await server.request(`/api/billing/sandbox/payments/${paymentId}`, { jar: admin.jar })).status).toBe(409);
    const after = await server.services.pool.query(
      'SELECT p.status, c.currency_amount FROM payments p JOIN companies c ON c.id = p.company_id WHERE p.id = $1',
      [paymentId],
    );
    expect(after.rows[0]).toEqual({ status: 'pending', currency_amount: 50 });
  });
});

describe('explicit DEV_MAILBOX=on and BILLING_SANDBOX=on with a public APP_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ APP_URL: PUBLIC_URL, DEV_MAILBOX: 'on', BILLING_SANDBOX: 'on' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keep the mailbox (for anyone: it was asked for) and the sandbox', async () => {
    const user = await confirmedUser(server);
    const { messages } = (await (await server.request(`/api/dev/mailbox?to=${encodeURIComponent(user.email)}`)).json()) as { messages: unknown[] };
    expect(messages.length).toBeGreaterThan(0);
    const remote = createApp(server.services, server.modules, () => true);
    const res = await remote.request('/api/dev/mailbox', {}, { incoming: { socket: { remoteAddress: '203.0.113.7' } } });
    expect(res.status).toBe(200);
    expect(await json(await server.request('/api/config'))).toMatchObject({ devMailbox: true, paymentsMode: 'sandbox' });
    expect(await json(await server.request('/api/billing/mode', { jar: user.jar }))).toEqual({ mode: 'sandbox' });
  });
});

describe('with a loopback APP_URL (the default; what the tests use)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the mailbox answers callers on this machine only (a server on 0.0.0.0 without APP_URL keeps its links to itself)', async () => {
    expect((await server.request('/api/dev/mailbox')).status).toBe(200);
    expect(await json(await server.request('/api/config'))).toMatchObject({ devMailbox: true, paymentsMode: 'sandbox' });
    const app = createApp(server.services, server.modules, () => true);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await app.request('/api/dev/mailbox', {}, { incoming: { socket: { remoteAddress } } });
      expect(res.status, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.3', '2001:db8::1']) {
      const res = await app.request('/api/dev/mailbox', {}, { incoming: { socket: { remoteAddress } } });
      expect(res.status, remoteAddress).toBe(404);
      const config = await app.request('/api/config', {}, { incoming: { socket: { remoteAddress } } });
      expect((await json(config)).devMailbox, remoteAddress).toBe(false);
    }
  });
});

describe('the real process with a public APP_URL', () => {
  it('says at start, in Portuguese, that e-mail is not delivered and payments are off', { timeout: 180_000 }, async () => {
    const dataDir = tempDataDir('sede-safe-');
    const proc = await spawnServer({ DATA_DIR: dataDir, APP_URL: PUBLIC_URL, SMTP_URL: '', STRIPE_SECRET_KEY: '', DEV_MAILBOX: '', BILLING_SANDBOX: '' });
    try {
      await vi.waitFor(() => expect(proc.output()).toContain('os e-mails NÃO estão sendo entregues'), { timeout: 5000 });
      expect(proc.output()).toContain('pagamentos desativados');
      expect((await fetch(`${proc.url}/api/dev/mailbox`)).status).toBe(404);
    } finally {
      proc.child.kill('SIGTERM');
      await proc.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
