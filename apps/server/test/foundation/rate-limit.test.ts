import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_RULES } from '../../src/http/rate-limit.ts';
import { createConfirmedUser, startTestServer, tempDataDir, type TestServer } from '../support/test-server.ts';

/**
 * Rate limits live in PostgreSQL (decision 0078): the same on every instance and across a
 * restart, per address (better-auth's rules, through our storage) and per account (sign-in and
 * reset, by e-mail). A refusal is a 429 in Portuguese with the wait and Retry-After.
 */
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer({ AUTH_RATE_LIMIT: 'on' });
  b = await startTestServer({ AUTH_RATE_LIMIT: 'on', DATABASE_URL: a.databaseUrl, DATA_DIR: tempDataDir('sede-b-') });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

let seq = 0;
const email = (tag: string) => `${tag}.${Date.now().toString(36)}${seq++}@exemplo.com.br`;
const sql = async (text: string, params: unknown[] = []) => (await a.services.pool.query(text, params)).rows;
const signIn = (server: TestServer, address: string, password: string) =>
  server.request('/api/auth/sign-in/email', { method: 'POST', json: { email: address, password } });
const requestReset = (server: TestServer, address: string) =>
  server.request('/api/auth/request-password-reset', { method: 'POST', json: { email: address, redirectTo: '/auth?reset=true' } });

async function expectRateLimited(res: Response, maxWait: number) {
  expect(res.status).toBe(429);
  const body = (await res.json()) as { error: string; code: string };
  expect(body.code).toBe('RATE_LIMITED');
  const match = /^Muitas tentativas\. Tente novamente em (\d+) segundos\.$/.exec(body.error);
  expect(match, body.error).not.toBeNull();
  const wait = Number(match![1]);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxWait);
  expect(res.headers.get('retry-after')).toBe(String(wait));
  return wait;
}

describe('per-account limit on sign-in', () => {
  const rule = ACCOUNT_RULES['/sign-in/email']!;
  let victim: { email: string; password: string };

  it('counts attempts on every instance against one account, then refuses even the right password', async () => {
    victim = await createConfirmedUser(a, { email: email('alvo') }); // its sign-in is attempt 1
    for (let i = 2; i <= rule.max; i++) {
      const res = await signIn(i % 2 ? a : b, victim.email, 'senha-errada');
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe('Credenciais inválidas');
    }
    await expectRateLimited(await signIn(b, victim.email, 'senha-errada'), rule.window);
    await expectRateLimited(await signIn(a, victim.email.toUpperCase(), victim.password), rule.window);
    const [row] = await sql('SELECT count FROM rate_limits WHERE key = $1', [`account:sign-in:${victim.email}`]);
    expect(row.count).toBeGreaterThan(rule.max);
  });

  it('other accounts from the same address still sign in', async () => {
    const other = await createConfirmedUser(b, { email: email('vizinho') });
    expect((await signIn(a, other.email, other.password)).status).toBe(200);
  });

  it('survives a restart of an instance', async () => {
    const url = a.databaseUrl;
    await b.stop();
    b = await startTestServer({ AUTH_RATE_LIMIT: 'on', DATABASE_URL: url, DATA_DIR: tempDataDir('sede-b-') });
    await expectRateLimited(await signIn(b, victim.email, victim.password), rule.window);
  });

  it('AUTH_RATE_LIMIT=off turns it off', async () => {
    const off = await startTestServer({ AUTH_RATE_LIMIT: 'off', DATABASE_URL: a.databaseUrl, DATA_DIR: tempDataDir('sede-off-') });
    try {
      expect((await signIn(off, victim.email, victim.password)).status).toBe(200);
    } finally {
      await off.stop();
    }
  });

  it('the window ends: the account signs in again', async () => {
    await sql(`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key = $1`, [`account:sign-in:${victim.email}`]);
    expect((await signIn(a, victim.email, victim.password)).status).toBe(200);
  });
});

describe('per-account limit on password reset', () => {
  it('one inbox gets at most the rule\'s number of links, whichever instance is asked', async () => {
    const rule = ACCOUNT_RULES['/request-password-reset']!;
    const address = email('caixa');
    for (let i = 1; i <= rule.max; i++) expect((await requestReset(i % 2 ? a : b, address)).status).toBe(200);
    await expectRateLimited(await requestReset(a, address), rule.window);
    const [row] = await sql('SELECT count FROM rate_limits WHERE key = $1', [`account:reset:${address}`]);
    expect(row.count).toBe(rule.max + 1);
  });
});

describe('per-address limits (better-auth) are kept in PostgreSQL', () => {
  it('sign-ins from one address on both instances share one counter, answered in Portuguese', async () => {
    const ipRows = await sql(
      `SELECT key, CASE WHEN reset_at > now() THEN count ELSE 0 END AS count FROM rate_limits WHERE key NOT LIKE 'account:%' AND key LIKE '%/sign-in/email%'`,
    );
    expect(ipRows.length).toBe(1);
    const used = ipRows[0].count as number;
    const max = 20; // platform/auth.ts customRules['/sign-in/email']
    for (let n = used; n < max; n++) expect((await signIn(n % 2 ? a : b, email('desconhecido'), 'qualquer')).status).toBe(401);
    const refused = await signIn(b, email('desconhecido'), 'qualquer');
    await expectRateLimited(refused, 60);
  });
});
