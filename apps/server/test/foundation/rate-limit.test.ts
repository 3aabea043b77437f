import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_RULES, ADDRESS_RULES, rateLimitMessage } from '../../src/http/rate-limit.ts';
import { rateLimits } from '../../src/platform/rate-limits.ts';
import { DEVICE_COOKIE } from '../../src/http/trusted-device.ts';
import { createConfirmedUser, startTestServer, tempDataDir, type CookieJar, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, invitationTokenFromMail, invite } from '../team/support.ts';

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
const signIn = (server: TestServer, address: string, password: string, jar?: CookieJar) =>
  server.request('/api/auth/sign-in/email', { method: 'POST', json: { email: address, password }, jar });
/** Only the known-device cookie of a jar (no session): the same browser, signed out. */
const deviceOnly = (jar: CookieJar): CookieJar => ({ cookie: jar.cookie.split('; ').filter((c) => c.startsWith(`${DEVICE_COOKIE}=`)).join('; ') });
const requestReset = (server: TestServer, address: string) =>
  server.request('/api/auth/request-password-reset', { method: 'POST', json: { email: address, redirectTo: '/auth?reset=true' } });

/** Forgets better-auth's own per-address counters (per minute), for tests of other limits. */
const underAddressLimit = () => sql(`DELETE FROM rate_limits WHERE key NOT LIKE 'account:%' AND key NOT LIKE 'address:%'`);

async function expectRateLimited(res: Response, maxWait: number) {
  expect(res.status).toBe(429);
  const body = (await res.json()) as { error: string; code: string };
  expect(body.code).toBe('RATE_LIMITED');
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxWait);
  // The same wait in words: seconds under a minute, else minutes rounded up.
  const words = wait < 60 ? `${wait} ${wait === 1 ? 'segundo' : 'segundos'}` : `${Math.ceil(wait / 60)} ${Math.ceil(wait / 60) === 1 ? 'minuto' : 'minutos'}`;
  expect(body.error).toBe(`Muitas tentativas. Tente novamente em ${words}.`);
  return wait;
}

describe('the wait, in words', () => {
  it('seconds under a minute, else whole minutes rounded up', () => {
    expect(rateLimitMessage(1)).toBe('Muitas tentativas. Tente novamente em 1 segundo.');
    expect(rateLimitMessage(42)).toBe('Muitas tentativas. Tente novamente em 42 segundos.');
    expect(rateLimitMessage(60)).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
    expect(rateLimitMessage(288)).toBe('Muitas tentativas. Tente novamente em 5 minutos.');
    expect(rateLimitMessage(3589)).toBe('Muitas tentativas. Tente novamente em 60 minutos.');
  });
});

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

describe('a locked account still opens on a browser that signed in to it before (decision 0353)', () => {
  const rule = ACCOUNT_RULES['/sign-in/email']!;

  const tampered = (jar: CookieJar) => ({ cookie: jar.cookie.slice(0, -1) + (jar.cookie.endsWith('A') ? 'B' : 'A') });

  /** What a stranger's failed attempts leave: the account's counter (or one browser's) at the limit. */
  const lockedOut = (key: string) => sql(`INSERT INTO rate_limits (key, count, reset_at) VALUES ($1, $2, now() + interval '5 minutes') ON CONFLICT (key) DO UPDATE SET count = $2, reset_at = now() + interval '5 minutes'`, [key, rule.max]);

  it('the right password passes on the known browser, on any instance; a new or forged browser waits', async () => {
    await underAddressLimit();
    const owner = await createConfirmedUser(a, { email: email('dona') }); // signs in: this browser is known
    const laptop = deviceOnly(owner.jar);
    expect(laptop.cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    expect(decodeURIComponent(laptop.cookie)).not.toContain(owner.email);
    // A stranger who only knows the address fails until the account is locked.
    expect((await signIn(b, owner.email, 'chute')).status).toBe(401);
    await lockedOut(`account:sign-in:${owner.email}`);
    await expectRateLimited(await signIn(a, owner.email, 'chute'), rule.window);
    await expectRateLimited(await signIn(a, owner.email, owner.password), rule.window);
    // The owner's browser: in, on either instance.
    expect((await signIn(b, owner.email, owner.password, deviceOnly(laptop))).status).toBe(200);
    expect((await signIn(a, owner.email, owner.password, deviceOnly(laptop))).status).toBe(200);
    // A forged or tampered cookie is a new browser.
    await expectRateLimited(await signIn(a, owner.email, owner.password, { cookie: `${DEVICE_COOKIE}=outro:abc.def` }), rule.window);
    await expectRateLimited(await signIn(a, owner.email, owner.password, tampered(laptop)), rule.window);
  });

  it('guessing on a known browser locks that browser only; the cookie vouches for no other account', async () => {
    await underAddressLimit();
    const owner = await createConfirmedUser(a, { email: email('dono') });
    const laptop = deviceOnly(owner.jar);
    const phone: CookieJar = { cookie: '' };
    expect((await signIn(b, owner.email, owner.password, phone)).status).toBe(200);
    const phoneId = /^[^=]+=([^:]+)/.exec(decodeURIComponent(phone.cookie.split('; ').find((c) => c.startsWith(DEVICE_COOKIE))!))![1]!;
    expect((await signIn(a, owner.email, 'chute', deviceOnly(phone))).status).toBe(401);
    // Counted on that browser (its first sign-in, before it was known, counted on the account).
    const [counted] = await sql('SELECT count FROM rate_limits WHERE key = $1', [`account:sign-in:${owner.email}:device:${phoneId}`]);
    expect(counted.count).toBe(1);
    await lockedOut(`account:sign-in:${owner.email}:device:${phoneId}`);
    await expectRateLimited(await signIn(a, owner.email, owner.password, deviceOnly(phone)), rule.window);
    expect((await signIn(a, owner.email, owner.password, deviceOnly(laptop))).status).toBe(200);
    expect((await signIn(a, owner.email, owner.password)).status).toBe(200); // the account itself is not locked

    const other = await createConfirmedUser(b, { email: email('outra') });
    await lockedOut(`account:sign-in:${other.email}`);
    await expectRateLimited(await signIn(a, other.email, other.password, deviceOnly(laptop)), rule.window);
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

describe('per-address limit on sign-up (the answer "Email já cadastrado" cannot be harvested at scale)', () => {
  const rule = ADDRESS_RULES['/sign-up/email']!;
  const signUp = (address: string, extra: Record<string, unknown> = {}) =>
    a.request('/api/auth/sign-up/email', { method: 'POST', json: { email: address, password: 'segredo123', name: 'A B', firstName: 'A', lastName: 'B', callbackURL: '/email-confirmed', ...extra } });

  it('one address tries at most the rule\'s number an hour, taken or not, then 429 for both; an invitee is not counted', async () => {
    const taken = await createConfirmedUser(a, { email: email('tomado') });
    const { admin } = await createCompanyWithAdmin(a, 'Convites Ltda');
    await sql(`DELETE FROM rate_limits WHERE key LIKE 'address:sign-up:%'`);
    try {
      for (let i = 1; i <= rule.max; i++) {
        const res = await signUp(i % 2 ? taken.email : email('novo'));
        expect(res.status).toBe(i % 2 ? 422 : 200);
      }
      // The next one is refused the same way whether the address has an account or not.
      const refusedTaken = await signUp(taken.email);
      const refusedNew = await signUp(email('novo'));
      await expectRateLimited(refusedTaken, rule.window);
      await expectRateLimited(refusedNew, rule.window);
      // A made-up invitation token does not get around it; a real one (its link proves the e-mail) does.
      await expectRateLimited(await signUp(email('falso'), { invitedToken: 'token-inventado' }), rule.window);
      const invitee = email('convidado');
      expect((await invite(a, admin.jar, invitee)).status).toBe(201);
      const token = await invitationTokenFromMail(a, invitee);
      expect((await signUp(invitee, { invitedToken: token })).status).toBe(200);
    } finally {
      await sql(`DELETE FROM rate_limits WHERE key LIKE 'address:sign-up:%'`);
    }
  });
});

describe('the reset request answers in Portuguese', () => {
  it('the same message whether the address has an account or not', async () => {
    const known = await createConfirmedUser(b, { email: email('conhecida') });
    await underAddressLimit();
    for (const address of [known.email, email('desconhecida')]) {
      const res = await requestReset(b, address);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: true, message: 'Se houver uma conta com este e-mail, você receberá em instantes um link para criar uma nova senha.' });
    }
  });
});

describe('per-address limits (better-auth) are kept in PostgreSQL', () => {
  it('sign-ins from one address on both instances share one counter, answered in Portuguese', async () => {
    const ipRows = await sql(
      `SELECT key, CASE WHEN reset_at > now() THEN count ELSE 0 END AS count FROM rate_limits WHERE key NOT LIKE 'account:%' AND key LIKE '%/sign-in/email%'`,
    );
    expect(ipRows.length).toBeLessThanOrEqual(1);
    const used = (ipRows[0]?.count as number | undefined) ?? 0;
    const max = 20; // platform/auth.ts customRules['/sign-in/email']
    for (let n = used; n < max; n++) expect((await signIn(n % 2 ? a : b, email('desconhecido'), 'qualquer')).status).toBe(401);
    const refused = await signIn(b, email('desconhecido'), 'qualquer');
    await expectRateLimited(refused, 60);
  });
});

describe('requests counted together (decision 0765)', () => {
  it('counts every one of many requests at once, on both instances, in order: exactly the rule passes', async () => {
    const key = `test:batch:${Date.now().toString(36)}`;
    const rule = { window: 60, max: 7 };
    const storeA = rateLimits(a.services);
    const storeB = rateLimits(b.services);
    const other = `${key}:other`;
    const decisions = await Promise.all([
      ...Array.from({ length: 6 }, () => storeA.consume(key, rule)),
      ...Array.from({ length: 6 }, () => storeB.consume(key, rule)),
      storeA.consume(other, rule),
    ]);
    const mine = decisions.slice(0, 12);
    expect(mine.filter((d) => d.allowed)).toHaveLength(7);
    expect(mine.map((d) => d.count).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(mine.filter((d) => !d.allowed).every((d) => d.count > 7 && d.retryAfter! >= 1 && d.retryAfter! <= 60)).toBe(true);
    expect(decisions[12]).toMatchObject({ allowed: true, count: 1 });
    expect(await sql(`SELECT key, count FROM rate_limits WHERE key LIKE $1 ORDER BY key`, [`${key}%`])).toEqual([
      { key, count: 12 },
      { key: other, count: 1 },
    ]);
  });
});
