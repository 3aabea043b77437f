import { whileFeedDown, within } from '../support/feed-down.ts';
import { seedCompany } from '../support/seed.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionSet } from '@sede/shared/permissions';
import { createConfirmedUser, startTestServer, tempDataDir, type CookieJar, type TestServer } from '../support/test-server.ts';

/**
 * Two server instances on one database (B gets A's DATABASE_URL): each caches sessions and
 * viewers in process and must still see sign-outs, revocations and role changes made
 * anywhere within a second (LISTEN/NOTIFY, platform/changes.ts + platform/viewer.ts).
 */
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ DATABASE_URL: a.databaseUrl, DATA_DIR: tempDataDir('sede-b-') });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

let seq = 0;
const newUser = () => createConfirmedUser(a, { email: `multi.${Date.now().toString(36)}${seq++}@exemplo.com.br` });
const sql = async (text: string, params: unknown[] = []) => (await a.services.pool.query(text, params)).rows;

type Me = { user: { id: string }; company: { id: string; currency_amount: number } | null; permissions: PermissionSet };
const me = async (server: TestServer, jar: CookieJar) => {
  const res = await server.request('/api/me', { jar });
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as Me) : null };
};

/** A company and the user's membership in it (the shared seed, on instance A's database: B learns only through NOTIFY). */
async function joinCompany(userId: string, role: string, customPermissions: string[] = []) {
  const companyId = await seedCompany(a.services.db, { adminUserId: userId, name: 'Empresa Multi Ltda', role, customPermissions });
  await sql('UPDATE profiles SET onboarding_completed = true WHERE id = $1', [userId]);
  return companyId;
}

/**
 * Counts the session and viewer queries an instance's pool makes: what serving /api/me would
 * need. (Scheduled jobs of the modules — billing cycle, reminders, sweeps — may use the pool
 * meanwhile; they never read these tables.)
 */
const SESSION_OR_VIEWER = /\b(session|"user"|profiles|company_members)\b/;
function spyPool(server: TestServer) {
  const pool = server.services.pool;
  const original = { query: pool.query };
  const seen: string[] = [];
  pool.query = ((...args: Parameters<typeof pool.query>) => {
    const first = args[0] as unknown;
    const text = typeof first === 'string' ? first : String((first as { text?: string })?.text ?? '');
    if (SESSION_OR_VIEWER.test(text)) seen.push(text);
    return (original.query as (...a: unknown[]) => unknown).apply(pool, args);
  }) as typeof pool.query;
  return {
    calls: () => seen.length,
    restore: () => Object.assign(pool, original),
  };
}

describe('two instances, one database', () => {
  it('a session signed in on A is accepted by B', async () => {
    const user = await newUser();
    const onB = await me(b, user.jar);
    expect(onB.status).toBe(200);
    expect(onB.body!.user.id).toBe(user.userId);
  });

  it('sign-out on A → B answers 401 within 1 s', async () => {
    const user = await newUser();
    const cookie = user.jar.cookie;
    expect((await me(b, user.jar)).status).toBe(200);
    expect((await me(b, user.jar)).status).toBe(200); // now cached on B
    const out = await a.request('/api/auth/sign-out', { method: 'POST', json: {}, jar: user.jar });
    expect(out.status).toBe(200);
    const ms = await within(1000, async () => (await me(b, { cookie })).status === 401);
    expect(ms).toBeLessThan(1000);
  });

  it('a session deleted in SQL (revoked) → 401 on both within 1 s', async () => {
    const user = await newUser();
    for (const s of [a, b, a, b]) expect((await me(s, user.jar)).status).toBe(200);
    await sql('DELETE FROM session WHERE user_id = $1', [user.userId]);
    await within(1000, async () => (await me(a, user.jar)).status === 401 && (await me(b, user.jar)).status === 401);
  });

  it("a role changed in SQL changes B's permissions within 1 s", async () => {
    const user = await newUser();
    const companyId = await joinCompany(user.userId, 'vendas');
    const before = await me(b, user.jar);
    expect(before.body!.company!.id).toBe(companyId);
    expect(before.body!.permissions).toMatchObject({ role: 'vendas', canAccessComercial: true, canAccessRH: false, canAccessAdmin: false });

    await sql("UPDATE company_members SET role = 'rh' WHERE user_id = $1", [user.userId]);
    await within(1000, async () => {
      const p = (await me(b, user.jar)).body!.permissions;
      return p.role === 'rh' && p.canAccessRH && !p.canAccessComercial;
    });

    await sql(`UPDATE company_members SET role = 'custom', custom_permissions = '["juridico"]' WHERE user_id = $1`, [user.userId]);
    await within(1000, async () => {
      const p = (await me(b, user.jar)).body!.permissions;
      return p.role === 'custom' && p.canAccessJuridico && !p.canAccessRH;
    });

    // Removed from the company: no company, the default set.
    await sql('DELETE FROM company_members WHERE user_id = $1', [user.userId]);
    await within(1000, async () => {
      const body = (await me(b, user.jar)).body!;
      return body.company === null && body.permissions.role === null;
    });
  });

  it('a company change (the coin balance) reaches every instance within 1 s', async () => {
    const user = await newUser();
    const companyId = await joinCompany(user.userId, 'admin');
    expect((await me(b, user.jar)).body!.company).toMatchObject({ id: companyId, currency_amount: 50 });
    await sql('UPDATE companies SET currency_amount = 77 WHERE id = $1', [companyId]);
    await within(1000, async () => (await me(b, user.jar)).body!.company?.currency_amount === 77);
  });

  it('a cache hit makes no session or viewer query', async () => {
    const user = await newUser();
    await joinCompany(user.userId, 'financeiro');
    await me(b, user.jar); // loads session and viewer once
    const spy = spyPool(b);
    const before = b.services.viewers.stats();
    try {
      for (let i = 0; i < 25; i++) expect((await me(b, user.jar)).body!.permissions.canAccessFinanceiro).toBe(true);
      expect(spy.calls()).toBe(0);
    } finally {
      spy.restore();
    }
    const after = b.services.viewers.stats();
    expect(after.viewerHits - before.viewerHits).toBe(25);
    expect(after.viewerLoads).toBe(before.viewerLoads);
    expect(after.sessionLoads).toBe(before.sessionLoads);
  });

  it('a lost LISTEN connection reconnects and resets the caches: no stale permission survives it', async () => {
    const user = await newUser();
    await joinCompany(user.userId, 'marketing');
    expect((await me(b, user.jar)).body!.permissions.role).toBe('marketing');
    const oldPid = b.services.feed.pid();
    const { reconnects } = b.services.feed.stats();
    const resets = b.services.viewers.stats().resets;
    expect(oldPid).toBeTypeOf('number');

    // Kill B's listener and change the role at once, while B cannot hear about it.
    await sql('SELECT pg_terminate_backend($1)', [oldPid]);
    await sql("UPDATE company_members SET role = 'juridico' WHERE user_id = $1", [user.userId]);

    await within(1500, async () => (await me(b, user.jar)).body!.permissions.role === 'juridico');
    await within(3000, async () => b.services.feed.stats().reconnects > reconnects && b.services.feed.isLive());
    expect(b.services.feed.pid()).not.toBe(oldPid);
    expect(b.services.viewers.stats().resets).toBeGreaterThan(resets);

    // Listening again: later changes are heard, and the cache is used again.
    await sql("UPDATE company_members SET role = 'admin' WHERE user_id = $1", [user.userId]);
    await within(1000, async () => (await me(b, user.jar)).body!.permissions.canAccessAdmin);
    const spy = spyPool(b);
    try {
      await me(b, user.jar);
      await me(b, user.jar);
      expect(spy.calls()).toBe(0);
    } finally {
      spy.restore();
    }
  });

  it('while the listener cannot come back, nothing is served from the cache', async () => {
    const user = await newUser();
    await joinCompany(user.userId, 'vendas');
    expect((await me(b, user.jar)).body!.permissions.role).toBe('vendas');
    await whileFeedDown(a, b, async () => {
      await sql("UPDATE company_members SET role = 'rh' WHERE user_id = $1", [user.userId]);
      // No NOTIFY can reach B now, yet it answers the truth at once.
      const body = (await me(b, user.jar)).body!;
      expect(body.permissions.role).toBe('rh');
      expect(b.services.viewers.stats().viewers).toBe(0);
    });
    await sql("UPDATE company_members SET role = 'financeiro' WHERE user_id = $1", [user.userId]);
    await within(1000, async () => (await me(b, user.jar)).body!.permissions.role === 'financeiro');
  });
});
