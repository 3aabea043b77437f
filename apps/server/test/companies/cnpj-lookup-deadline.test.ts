// A person always gets an answer to a CNPJ search within 5 s, however the providers behave:
// a provider that answered 429 (even with a long Retry-After) is skipped, never waited for,
// and the providers that hang share one deadline instead of each taking CNPJ_TIMEOUT_MS.
import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CookieJar } from '../support/test-server.ts';
import { newUser, readBody, startCompanyTestEnv, type CompanyTestEnv } from './support.ts';

let env: CompanyTestEnv;
let jar: CookieJar;
beforeAll(async () => {
  // The production default per provider: four slow providers would take 16 s one after another.
  env = await startCompanyTestEnv({ CNPJ_TIMEOUT_MS: '4000' });
  jar = (await newUser(env.server)).jar;
});
afterAll(() => env.stop());
afterEach(() => {
  env.fake.reset();
  env.fake.setDefaultScenario('found');
});

const ANSWER_WITHIN_MS = 5000;

async function timedLookup(cnpj: string) {
  const started = Date.now();
  const res = await env.server.request(`/api/cnpj/${cnpj}`, { jar });
  const body = await readBody(res);
  return { status: res.status, body, ms: Date.now() - started };
}

describe('GET /api/cnpj/:cnpj answers within 5 s', () => {
  it('finds the company at the next provider right after a 429', async () => {
    env.fake.setScenario('brasilapi', 'rate_limited_retry_after');
    const cnpj = generateCnpj();
    const { status, body, ms } = await timedLookup(cnpj);
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(status).toBe(200);
    expect(body.cnpj).toBe(cnpj);
  }, 60_000);

  it('after a 429 with a long Retry-After, searched many times in a row while the other providers hang', async () => {
    env.fake.setScenario('brasilapi', 'rate_limited_retry_after');
    for (const p of ['cnpjws', 'receitaws', 'cnpja'] as const) env.fake.setScenario(p, 'timeout');
    const same = generateCnpj();
    const searches = [same, generateCnpj(), same];
    for (const cnpj of searches) {
      const { status, body, ms } = await timedLookup(cnpj);
      expect(ms, `answer for ${cnpj} took ${ms} ms`).toBeLessThan(ANSWER_WITHIN_MS);
      expect(status).toBe(502);
      expect(body).toMatchObject({ error: 'Erro na busca', code: 'CNPJ_LOOKUP_FAILED', description: 'Não foi possível buscar os dados da empresa' });
    }
    // Its Retry-After (120 s) is respected: asked at most once (it may still be backing off from
    // the test above), then skipped without waiting.
    expect(env.fake.calls.brasilapi).toBeLessThanOrEqual(1);
  }, 60_000);

  it('says the providers refused (rate limited) when each of them answered 429 or is out of budget', async () => {
    for (const p of ['brasilapi', 'cnpjws', 'receitaws', 'cnpja'] as const) env.fake.setScenario(p, 'rate_limited_retry_after');
    for (let i = 0; i < 3; i++) {
      const { status, body, ms } = await timedLookup(generateCnpj());
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
      expect(status).toBe(502);
      expect(body.code).toBe('CNPJ_RATE_LIMITED');
      expect(body.error).toBe('Erro na busca');
      expect(body.description).toMatch(/muitas buscas seguidas/);
    }
  }, 60_000);

});
