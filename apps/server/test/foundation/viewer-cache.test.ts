import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Auth } from '../../src/platform/auth.ts';
import type { Change, ChangeFeed } from '../../src/platform/changes.ts';
import { createViewerCache, sessionCookieValue } from '../../src/platform/viewer.ts';

/**
 * The cache's own rules, with the database and better-auth replaced by controllable fakes,
 * so races can be staged exactly (the end-to-end behaviour is in multi-instance.test.ts).
 */
type Deferred<T> = { promise: Promise<T>; resolve: (v: T) => void };
const deferred = <T,>(): Deferred<T> => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

const row = (userId: string, companyId: string | null, role = 'vendas') => ({
  id: userId,
  email: `${userId}@exemplo.com.br`,
  email_verified: true,
  u_first_name: 'Ana',
  u_last_name: 'Souza',
  image: null,
  p_id: userId,
  p_email: `${userId}@exemplo.com.br`,
  first_name: 'Ana',
  last_name: 'Souza',
  phone: null,
  cpf: null,
  company_id: companyId,
  p_onboarding_completed: true,
  role: companyId ? role : null,
  custom_permissions: [],
  c_id: companyId,
  name: 'Empresa',
  cnpj: '11222333000181',
  fantasia: null,
  situacao: null,
  atividade_principal: null,
  c_onboarding_completed: true,
  plan_type: null,
  currency_amount: 5,
  subscription_status: 'trialing',
  trial_ends_at: null,
});

function setup() {
  const listeners = new Set<(c: Change) => void>();
  let live = true;
  const feed = {
    subscribe: (l: (c: Change) => void) => (listeners.add(l), () => listeners.delete(l)),
    isLive: () => live,
  } as unknown as ChangeFeed;
  const emit = (c: Change) => listeners.forEach((l) => l(c));

  /** Each query waits for the test to answer it (or answers at once with `auto`). */
  const queries: Array<{ userId: string; answer: Deferred<{ rows: unknown[] }> }> = [];
  let auto: ((userId: string) => unknown) | null = null;
  const pool = {
    query: (_sql: string, [userId]: [string]) => {
      const answer = deferred<{ rows: unknown[] }>();
      queries.push({ userId, answer });
      if (auto) answer.resolve({ rows: [auto(userId)] });
      return answer.promise;
    },
  } as unknown as pg.Pool;

  let sessionCalls = 0;
  const sessionAnswers: Array<Deferred<unknown>> = [];
  let sessionAuto: unknown = undefined;
  const auth = {
    api: {
      getSession: () => {
        sessionCalls++;
        const d = deferred<unknown>();
        sessionAnswers.push(d);
        if (sessionAuto !== undefined) d.resolve(sessionAuto);
        return d.promise;
      },
    },
  } as unknown as Auth;

  const cache = createViewerCache(auth, pool, feed);
  return {
    cache,
    emit,
    setLive: (v: boolean) => (live = v),
    queries,
    autoAnswer: (fn: (userId: string) => unknown) => (auto = fn),
    sessionAnswers,
    sessionCalls: () => sessionCalls,
    autoSession: (v: unknown) => (sessionAuto = v),
  };
}

const session = (token: string, userId: string, expiresInMs = 60_000) => ({
  user: { id: userId },
  session: { token, expiresAt: new Date(Date.now() + expiresInMs) },
});
const cookieHeaders = (value: string) => new Headers({ cookie: `outro=1; better-auth.session_token=${value}; x=y` });

describe('sessionCookieValue', () => {
  it.each([
    ['better-auth.session_token=abc.def', 'abc.def'],
    ['a=1; better-auth.session_token=abc.def; b=2', 'abc.def'],
    ['__Secure-better-auth.session_token=abc', 'abc'],
    ['xbetter-auth.session_token=abc', null],
    ['outro=1', null],
    ['', null],
  ])('%j → %j', (header, expected) => {
    expect(sessionCookieValue(header)).toBe(expected);
  });
  it('null header → null', () => expect(sessionCookieValue(null)).toBeNull());
});

describe('viewer cache', () => {
  it('keeps a load and serves it again without the database', async () => {
    const t = setup();
    t.autoAnswer((u) => row(u, 'c1'));
    await t.cache.loadViewer('u1');
    await t.cache.loadViewer('u1');
    expect(t.queries).toHaveLength(1);
    expect(t.cache.stats()).toMatchObject({ viewers: 1, viewerLoads: 1, viewerHits: 1 });
  });

  it('a load that raced a change of its user is served but not kept', async () => {
    const t = setup();
    const first = t.cache.loadViewer('u1');
    t.emit({ t: 'member', userId: 'u1', companyId: 'c1' }); // the row read may be the old one
    t.queries[0]!.answer.resolve({ rows: [row('u1', 'c1', 'vendas')] });
    expect((await first)!.viewer.permissions.role).toBe('vendas');
    t.autoAnswer((u) => row(u, 'c1', 'rh'));
    expect((await t.cache.loadViewer('u1'))!.viewer.permissions.role).toBe('rh');
    expect(t.queries).toHaveLength(2);
  });

  it('a load that raced a change of its company is not kept', async () => {
    const t = setup();
    const first = t.cache.loadViewer('u1');
    t.emit({ t: 'company', companyId: 'c1', currencyAmount: 9 });
    t.queries[0]!.answer.resolve({ rows: [row('u1', 'c1')] });
    await first;
    expect(t.cache.stats().viewers).toBe(0);
  });

  it("another tenant's changes during a load do not stop it being kept", async () => {
    const t = setup();
    const first = t.cache.loadViewer('u1');
    t.emit({ t: 'company', companyId: 'c2', currencyAmount: 9 });
    t.emit({ t: 'member', userId: 'u2', companyId: 'c2' });
    t.emit({ t: 'session', token: 'tok-u2', userId: 'u2' });
    t.queries[0]!.answer.resolve({ rows: [row('u1', 'c1')] });
    await first;
    expect(t.cache.stats().viewers).toBe(1);
  });

  it('a company change evicts every cached member of that company, and only them', async () => {
    const t = setup();
    t.autoAnswer((u) => row(u, u === 'u3' ? 'c2' : 'c1'));
    await Promise.all(['u1', 'u2', 'u3'].map((u) => t.cache.loadViewer(u)));
    expect(t.cache.stats().viewers).toBe(3);
    t.emit({ t: 'company', companyId: 'c1', currencyAmount: 1 });
    expect(t.cache.stats().viewers).toBe(1);
    await t.cache.loadViewer('u3');
    expect(t.queries).toHaveLength(3);
  });

  it('a balance-only change patches the cached members in place, with no reload', async () => {
    const t = setup();
    t.autoAnswer((u) => row(u, 'c1'));
    await t.cache.loadViewer('u1');
    t.emit({ t: 'company', companyId: 'c1', currencyAmount: 42, balanceOnly: true });
    const hit = await t.cache.loadViewer('u1');
    expect(t.queries).toHaveLength(1);
    expect(hit!.viewer.company!.currency_amount).toBe(42);
    expect(hit!.viewer.profile!.currency_amount).toBe(42);
    expect(JSON.parse(hit!.json).company.currency_amount).toBe(42);
  });

  it('any other company change still reloads its members', async () => {
    const t = setup();
    t.autoAnswer((u) => row(u, 'c1'));
    await t.cache.loadViewer('u1');
    t.emit({ t: 'company', companyId: 'c1', currencyAmount: 42, balanceOnly: false });
    await t.cache.loadViewer('u1');
    expect(t.queries).toHaveLength(2);
  });

  it('a session that raced its own revocation is not kept', async () => {
    const t = setup();
    t.autoAnswer((u) => row(u, null));
    const pending = t.cache.fromHeaders(cookieHeaders('tok1.sig'));
    t.emit({ t: 'session', token: 'tok1', userId: 'u1' }); // deleted while better-auth was reading it
    t.sessionAnswers[0]!.resolve(session('tok1', 'u1'));
    await pending;
    expect(t.cache.stats().sessions).toBe(0);
    t.autoSession(null);
    expect(await t.cache.fromHeaders(cookieHeaders('tok1.sig'))).toBeNull();
    expect(t.sessionCalls()).toBe(2);
  });

  it('a revoked session is evicted: the next request asks better-auth again', async () => {
    const t = setup();
    t.autoAnswer((u) => row(u, null));
    t.autoSession(session('tok1', 'u1'));
    expect(await t.cache.fromHeaders(cookieHeaders('tok1.sig'))).not.toBeNull();
    expect(t.cache.peek(`better-auth.session_token=tok1.sig`)).toBeDefined();
    expect(t.sessionCalls()).toBe(1);
    t.emit({ t: 'session', token: 'tok1', userId: 'u1' });
    expect(t.cache.peek(`better-auth.session_token=tok1.sig`)).toBeUndefined();
    t.autoSession(null);
    expect(await t.cache.fromHeaders(cookieHeaders('tok1.sig'))).toBeNull();
  });

  it('an expired session is never served from the cache', async () => {
    const t = setup();
    t.autoAnswer((u) => row(u, null));
    t.autoSession(session('tok1', 'u1', -1));
    await t.cache.fromHeaders(cookieHeaders('tok1.sig'));
    expect(t.cache.peek('better-auth.session_token=tok1.sig')).toBeUndefined();
  });

  it('a different signature is a different key (validated by better-auth)', async () => {
    const t = setup();
    t.autoAnswer((u) => row(u, null));
    t.autoSession(session('tok1', 'u1'));
    await t.cache.fromHeaders(cookieHeaders('tok1.sig'));
    expect(t.cache.peek('better-auth.session_token=tok1.forged')).toBeUndefined();
  });

  it('while the feed is down nothing is kept or served from the cache; a reset clears all', async () => {
    const t = setup();
    t.autoAnswer((u) => row(u, 'c1'));
    t.autoSession(session('tok1', 'u1'));
    await t.cache.fromHeaders(cookieHeaders('tok1.sig'));
    expect(t.cache.stats()).toMatchObject({ sessions: 1, viewers: 1 });

    t.setLive(false);
    t.emit({ t: 'reset' });
    expect(t.cache.stats()).toMatchObject({ sessions: 0, viewers: 0, resets: 1 });
    expect(t.cache.peek('better-auth.session_token=tok1.sig')).toBeUndefined();
    await t.cache.fromHeaders(cookieHeaders('tok1.sig'));
    await t.cache.fromHeaders(cookieHeaders('tok1.sig'));
    expect(t.cache.stats()).toMatchObject({ sessions: 0, viewers: 0 });
    expect(t.sessionCalls()).toBe(3);

    t.setLive(true);
    t.emit({ t: 'reset' });
    await t.cache.fromHeaders(cookieHeaders('tok1.sig'));
    expect(t.cache.peek('better-auth.session_token=tok1.sig')).toBeDefined();
  });

  it('a load in flight across a reset is not kept', async () => {
    const t = setup();
    const first = t.cache.loadViewer('u1');
    t.emit({ t: 'reset' });
    t.queries[0]!.answer.resolve({ rows: [row('u1', 'c1')] });
    await first;
    expect(t.cache.stats().viewers).toBe(0);
  });

  it('the cached JSON is the viewer, precomputed', async () => {
    const t = setup();
    t.autoAnswer((u) => row(u, 'c1', 'admin'));
    const cached = (await t.cache.loadViewer('u1'))!;
    expect(JSON.parse(cached.json)).toEqual(cached.viewer);
    expect(cached.viewer.permissions.canAccessAdmin).toBe(true);
    expect(cached.viewer.company).toMatchObject({ id: 'c1', currency_amount: 5 });
  });
});
