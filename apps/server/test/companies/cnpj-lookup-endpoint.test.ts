import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PROVIDERS } from '../support/fake-cnpj-providers.ts';
import type { CookieJar } from '../support/test-server.ts';
import { expected } from '../cnpj/fixtures.ts';
import { manualClock } from '../support/clock.ts';
import { newUser, readBody, startCompanyTestEnv, type CompanyTestEnv } from './support.ts';

let env: CompanyTestEnv;
/** The server's clock: the cache's expiry is reached by moving it, not by sleeping. */
const clock = manualClock();
let jar: CookieJar;
beforeAll(async () => {
  env = await startCompanyTestEnv({}, { clock });
  jar = (await newUser(env.server)).jar;
});
afterAll(() => env.stop());
afterEach(() => {
  env.fake.reset();
  env.fake.setDefaultScenario('found');
});

const lookup = (cnpj: unknown, j: CookieJar | undefined = jar) =>
  env.server.request('/api/cnpj/lookup', { method: 'POST', json: { cnpj }, jar: j });
const totalCalls = () => FAKE_PROVIDERS.reduce((sum, p) => sum + env.fake.calls[p], 0);

describe('POST /api/cnpj/lookup (fetch-cnpj-data)', () => {
  it('is for signed-in people only', async () => {
    const res = await env.server.request('/api/cnpj/lookup', { method: 'POST', json: { cnpj: generateCnpj() } });
    expect(res.status).toBe(401);
    expect((await readBody(res)).error).toBe('Usuário não autenticado');
    expect(totalCalls()).toBe(0);
  });

  it.each([
    ['', 'O CNPJ deve ter exatamente 14 dígitos'],
    ['12.345.678/0001', 'O CNPJ deve ter exatamente 14 dígitos'],
    [12345678000195, 'O CNPJ deve ter exatamente 14 dígitos'],
    ['98.765.432/0001-99', 'CNPJ inválido'],
    ['12.ABC.345/01DE-36', 'CNPJ inválido'],
  ])('answers 400 for %s: %s', async (cnpj, message) => {
    const res = await lookup(cnpj);
    expect(res.status).toBe(400);
    expect((await readBody(res)).error).toBe(message);
    expect(totalCalls()).toBe(0);
  });

  it('answers the normalized record with situacao, atividade_principal, data_abertura and api_used', async () => {
    const res = await lookup('98.765.432/0001-98');
    expect(res.status).toBe(200);
    expect(await readBody(res)).toEqual(expected.by_provider.brasilapi);
  });

  it('falls back to the next provider when the first fails', async () => {
    const cnpj = generateCnpj();
    env.fake.setCnpjScenario(cnpj, { brasilapi: 'error_500' });
    const res = await lookup(cnpj);
    expect(res.status).toBe(200);
    expect(await readBody(res)).toMatchObject({ cnpj, api_used: 'cnpjws' });
  });

  it('finds after a first provider says not found', async () => {
    const cnpj = generateCnpj();
    env.fake.setCnpjScenario(cnpj, { brasilapi: 'not_found', cnpjws: 'html' });
    const res = await lookup(cnpj);
    expect(res.status).toBe(200);
    expect((await readBody(res)).api_used).toBe('receitaws');
  });

  it('answers 404 Empresa não encontrada when providers say not found and none finds it', async () => {
    const res = await lookup('98765432000279');
    expect(res.status).toBe(404);
    expect(await readBody(res)).toMatchObject({ error: 'Empresa não encontrada', description: 'Verifique o CNPJ e tente novamente' });
  });

  it('answers 502 Erro na busca, never "not found", when every provider fails', async () => {
    const cnpj = generateCnpj();
    env.fake.setCnpjScenario(cnpj, 'error_500');
    const res = await lookup(cnpj);
    expect(res.status).toBe(502);
    expect(await readBody(res)).toMatchObject({ error: 'Erro na busca', description: 'Não foi possível buscar os dados da empresa' });
  });

  it('treats garbage answers as failed providers, never as a company or a 500', async () => {
    const cnpj = generateCnpj();
    env.fake.setCnpjScenario(cnpj, { brasilapi: 'html', cnpjws: 'empty', receitaws: 'not_company', cnpja: 'error_500' });
    const res = await lookup(cnpj);
    expect(res.status).toBe(502);
  });

  it('serves a repeated lookup from the PostgreSQL cache without an outside call', async () => {
    const cnpj = generateCnpj();
    expect((await lookup(cnpj)).status).toBe(200);
    expect(totalCalls()).toBe(1);
    const [row] = await env.sql<{ provider: string; ttl_days: number }>(
      `SELECT provider, round(extract(epoch FROM expires_at - fetched_at) / 86400) AS ttl_days FROM cnpj_lookup_cache WHERE cnpj = $1`,
      [cnpj],
    );
    expect(row).toMatchObject({ provider: 'brasilapi' });
    expect(Number(row!.ttl_days)).toBe(30);
    const again = await lookup(cnpj);
    expect(again.status).toBe(200);
    expect((await readBody(again)).cnpj).toBe(cnpj);
    expect(totalCalls()).toBe(1);
  });

  it('answers from a cache row written by SQL (no call) and asks again once it expired', async () => {
    const cnpj = generateCnpj();
    const record = { ...expected.by_provider.cnpja, cnpj, razao_social: 'EMPRESA EM CACHE LTDA' };
    await env.sql(
      `INSERT INTO cnpj_lookup_cache (cnpj, provider, data, expires_at) VALUES ($1, 'cnpja', $2::jsonb, $3)`,
      [cnpj, JSON.stringify(record), new Date(clock.now() + 1000)],
    );
    const res = await lookup(cnpj);
    expect(await readBody(res)).toMatchObject({ razao_social: 'EMPRESA EM CACHE LTDA', api_used: 'cnpja' });
    expect((await readBody(await lookup(cnpj))).razao_social).toBe('EMPRESA EM CACHE LTDA'); // in-process copy
    expect(totalCalls()).toBe(0);

    // Neither the row nor the in-process copy outlives the row's expiry.
    clock.advance(1200);
    const fresh = await lookup(cnpj);
    expect(await readBody(fresh)).toMatchObject({ razao_social: 'AURORA FICTICIA PANIFICADORA LTDA', api_used: 'brasilapi' });
    expect(totalCalls()).toBe(1);
  });

  it('ignores a cache row whose record no longer has the expected shape', async () => {
    const cnpj = generateCnpj();
    await env.sql(
      `INSERT INTO cnpj_lookup_cache (cnpj, provider, data, expires_at) VALUES ($1, 'cnpja', '{"nome":"formato antigo"}'::jsonb, now() + interval '1 day')`,
      [cnpj],
    );
    const res = await lookup(cnpj);
    expect(await readBody(res)).toMatchObject({ cnpj, api_used: 'brasilapi' });
    expect(totalCalls()).toBe(1);
  });

  it('makes one outside call for simultaneous lookups of one CNPJ', async () => {
    const cnpj = generateCnpj();
    const answers = await Promise.all(Array.from({ length: 10 }, () => lookup(cnpj)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(totalCalls()).toBe(1);
  });

  it('looks an alphanumeric CNPJ up upper-cased, skipping providers that reject letters', async () => {
    const res = await lookup('12.abc.345/01de-35');
    expect(res.status).toBe(200);
    expect(await readBody(res)).toMatchObject({ cnpj: '12ABC34501DE35', api_used: 'brasilapi' });
  });
});

describe('GET /api/cnpj/:cnpj (the same call, used by the setup page)', () => {
  const get = (cnpj: string, j: CookieJar | undefined = jar) =>
    env.server.request(`/api/cnpj/${encodeURIComponent(cnpj)}`, { jar: j });

  it('is for signed-in people only', async () => {
    const res = await get(generateCnpj(), { cookie: '' });
    expect(res.status).toBe(401);
    expect((await readBody(res)).error).toBe('Usuário não autenticado');
    expect(totalCalls()).toBe(0);
  });

  it.each([
    ['12.345.678/0001', 'O CNPJ deve ter exatamente 14 dígitos'],
    ['98.765.432/0001-99', 'CNPJ inválido'],
  ])('answers 400 for %s: %s', async (cnpj, message) => {
    const res = await get(cnpj);
    expect(res.status).toBe(400);
    expect((await readBody(res)).error).toBe(message);
    expect(totalCalls()).toBe(0);
  });

  it('answers a masked CNPJ with the normalized record, then from the cache with no outside call', async () => {
    const cnpj = generateCnpj();
    const masked = cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    const first = await get(masked);
    expect(first.status).toBe(200);
    expect(await readBody(first)).toMatchObject({ cnpj, api_used: 'brasilapi' });
    const calls = totalCalls();
    const again = await get(cnpj);
    expect(again.status).toBe(200);
    expect(await readBody(again)).toMatchObject({ cnpj });
    expect(totalCalls()).toBe(calls);
  });

  it("answers a cached record with every security header of the API's other answers (decision 0763)", async () => {
    const cnpj = generateCnpj();
    expect((await get(cnpj)).status).toBe(200);
    const hot = await get(cnpj); // the hot path: cached session, cached record, headers built in
    expect(hot.status).toBe(200);
    expect(hot.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const ordinary = await env.server.request('/api/ping');
    const transport = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'transfer-encoding']);
    const security = [...ordinary.headers].filter(([name]) => !transport.has(name));
    expect(security.map(([name]) => name)).toEqual(expect.arrayContaining(['content-security-policy', 'x-frame-options', 'permissions-policy']));
    expect([...hot.headers].filter(([name]) => !transport.has(name))).toEqual(security);
  });

  it('answers 404 with the spec message when no provider has the company', async () => {
    const res = await get('98765432000279');
    expect(res.status).toBe(404);
    expect((await readBody(res)).error).toBe('Empresa não encontrada');
  });
});
