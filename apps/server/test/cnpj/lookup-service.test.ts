import { CNPJ_MESSAGES } from '@sede/shared/cnpj';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCnpjLookup, LOOKUP_ERROR_MESSAGE, LOOKUP_RATE_LIMITED_MESSAGE, type CnpjLookupOptions } from '../../src/modules/cnpj/lookup-service.ts';
import { FAKE_PROVIDERS, startFakeCnpjProviders, type FakeCnpjProviders, type FakeScenario } from '../support/fake-cnpj-providers.ts';
import { expected, readFixture } from './fixtures.ts';
import { memoryCnpjCache } from './memory-cache.ts';

const FOUND = '98765432000198';
const NOT_FOUND = '98765432000279';
const ALPHA = '12ABC34501DE35';
const TIMEOUT_MS = 300;

let fake: FakeCnpjProviders;
beforeAll(async () => {
  fake = await startFakeCnpjProviders();
  // One untimed lookup per provider first: a cold first request on a busy machine can take longer than TIMEOUT_MS.
  for (const p of FAKE_PROVIDERS) await createCnpjLookup({ baseUrls: fake.baseUrls, timeoutMs: 30_000, cache: memoryCnpjCache(), providers: [p] }).lookup(FOUND);
  fake.reset();
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

function setup(overrides: Partial<CnpjLookupOptions> = {}) {
  const cache = memoryCnpjCache();
  const service = createCnpjLookup({ baseUrls: fake.baseUrls, timeoutMs: TIMEOUT_MS, cache, ...overrides });
  return { cache, service };
}
const totalCalls = () => FAKE_PROVIDERS.reduce((sum, p) => sum + fake.calls[p], 0);
const everywhere = (scenario: FakeScenario) => FAKE_PROVIDERS.forEach((p) => fake.setScenario(p, scenario));

describe('createCnpjLookup', () => {
  it('finds with the first provider and caches the record', async () => {
    const { service, cache } = setup();
    const result = await service.lookup('98.765.432/0001-98');
    expect(result).toEqual({ status: 'found', company: expected.by_provider.brasilapi });
    expect(cache.entries.get(FOUND)).toEqual({ record: expected.by_provider.brasilapi, provider: 'brasilapi' });
    expect(fake.calls).toMatchObject({ brasilapi: 1, cnpjws: 0, receitaws: 0, cnpja: 0 });
  });

  it.each(['minhareceita', 'receitaws', 'cnpjws', 'cnpja'] as const)('maps %s end to end', async (name) => {
    const { service } = setup({ providers: [name] });
    expect(await service.lookup(FOUND)).toEqual({ status: 'found', company: expected.by_provider[name] });
  });

  it.each<FakeScenario>(['timeout', 'rate_limited', 'error_500', 'html', 'empty', 'not_company', 'invalid'])(
    'falls back to the next provider on %s',
    async (scenario) => {
      fake.setScenario('brasilapi', scenario);
      const { service } = setup();
      const started = Date.now();
      const result = await service.lookup(FOUND);
      expect(result).toEqual({ status: 'found', company: expected.by_provider.cnpjws });
      expect(fake.calls).toMatchObject({ brasilapi: 1, cnpjws: 1 });
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
    },
  );

  it('falls back when a provider cannot be reached', async () => {
    const { service } = setup({ baseUrls: { ...fake.baseUrls, brasilapi: 'http://127.0.0.1:1' } });
    expect(await service.lookup(FOUND)).toMatchObject({ status: 'found', company: { api_used: 'cnpjws' } });
  });

  it('does not take one provider not-found as the last word', async () => {
    fake.setScenario('brasilapi', 'not_found');
    fake.setScenario('cnpjws', 'not_found');
    const { service } = setup();
    expect(await service.lookup(FOUND)).toEqual({ status: 'found', company: expected.by_provider.receitaws });
    expect(fake.calls).toMatchObject({ brasilapi: 1, cnpjws: 1, receitaws: 1, cnpja: 0 });
  });

  it('answers not_found when every provider says so', async () => {
    const { service, cache } = setup();
    expect(await service.lookup(NOT_FOUND)).toEqual({ status: 'not_found' });
    expect(fake.calls).toMatchObject({ brasilapi: 1, cnpjws: 1, receitaws: 1, cnpja: 1 });
    expect(cache.entries.size).toBe(0);
  });

  it('answers not_found when some say so and the others fail', async () => {
    fake.setScenario('brasilapi', 'error_500');
    fake.setScenario('cnpjws', 'rate_limited');
    fake.setScenario('receitaws', 'not_found');
    fake.setScenario('cnpja', 'timeout');
    expect(await setup().service.lookup(FOUND)).toEqual({ status: 'not_found' });
  });

  it('answers error, never not_found, when every provider is down', async () => {
    everywhere('error_500');
    expect(await setup().service.lookup(FOUND)).toEqual({ status: 'error', reason: 'unavailable', message: LOOKUP_ERROR_MESSAGE });
    fake.setScenario('brasilapi', 'html');
    fake.setScenario('cnpjws', 'rate_limited');
    fake.setScenario('receitaws', 'timeout');
    fake.setScenario('cnpja', 'not_company');
    expect(await setup().service.lookup(FOUND)).toEqual({ status: 'error', reason: 'unavailable', message: LOOKUP_ERROR_MESSAGE });
  });

  it('ends the whole lookup at its deadline, however many providers hang', async () => {
    everywhere('timeout');
    const { service } = setup({ timeoutMs: 5000, deadlineMs: 400 });
    const started = Date.now();
    expect(await service.lookup(FOUND)).toEqual({ status: 'error', reason: 'unavailable', message: LOOKUP_ERROR_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('settles a shared lookup at the deadline even when the cache never answers', async () => {
    const cache = { get: () => new Promise<null>(() => undefined), set: async () => undefined };
    const { service } = setup({ cache, deadlineMs: 300 });
    const started = Date.now();
    const results = await Promise.all([service.lookup(FOUND), service.lookup(FOUND)]);
    expect(results[0]).toEqual(results[1]);
    expect(results[0].status).toBe('error');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers rate_limited when every provider only refused, without waiting for a Retry-After', async () => {
    everywhere('rate_limited_retry_after');
    const { service } = setup();
    const started = Date.now();
    expect(await service.lookup(FOUND)).toEqual({ status: 'error', reason: 'rate_limited', message: LOOKUP_RATE_LIMITED_MESSAGE });
    expect(await service.lookup(NOT_FOUND)).toMatchObject({ status: 'error', reason: 'rate_limited' });
    expect(totalCalls()).toBe(4); // the second lookup asked nobody
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('rejects a record for another CNPJ than the one asked', async () => {
    const body = readFixture('brasilapi-found.json'); // describes 98765432000198
    const fetchStub = (async () => new Response(body, { headers: { 'content-type': 'application/json' } })) as typeof fetch;
    const { service } = setup({ providers: ['brasilapi'], fetch: fetchStub });
    expect(await service.lookup('11222333000181')).toEqual({ status: 'error', reason: 'unavailable', message: LOOKUP_ERROR_MESSAGE });
  });

  it('serves a cache hit without calling anyone', async () => {
    const { service, cache } = setup();
    await cache.set(FOUND, expected.by_provider.cnpja, 'cnpja');
    expect(await service.lookup(FOUND)).toEqual({ status: 'found', company: expected.by_provider.cnpja });
    expect(totalCalls()).toBe(0);
  });

  it('survives a broken cache', async () => {
    const cache = {
      get: () => Promise.reject(new Error('db down')),
      set: () => Promise.reject(new Error('db down')),
    };
    const { service } = setup({ cache });
    expect(await service.lookup(FOUND)).toMatchObject({ status: 'found' });
  });

  it('coalesces 10 concurrent lookups of the same CNPJ into one call', async () => {
    const { service } = setup();
    const inputs = Array.from({ length: 10 }, (_, i) => (i % 2 ? FOUND : '98.765.432/0001-98'));
    const results = await Promise.all(inputs.map((v) => service.lookup(v)));
    expect(results.every((r) => r.status === 'found')).toBe(true);
    expect(totalCalls()).toBe(1);
  });

  it('does not call a provider again during its 429 wait', async () => {
    let clock = Date.parse('2026-10-12T12:28:00Z'); // the fixture says "liberação" at 12:28:55Z
    fake.setScenario('cnpjws', 'rate_limited');
    const { service } = setup({ providers: ['cnpjws', 'brasilapi'], cache: memoryCnpjCache({ store: false }), now: () => clock });
    await service.lookup(FOUND);
    clock += 50_000;
    await service.lookup(FOUND);
    expect(fake.calls).toMatchObject({ cnpjws: 1, brasilapi: 2 });
    clock += 6_000;
    fake.setScenario('cnpjws', null);
    expect(await service.lookup(FOUND)).toMatchObject({ company: { api_used: 'cnpjws' } });
    expect(fake.calls).toMatchObject({ cnpjws: 2, brasilapi: 2 });
  });

  it('waits 60 s by default after a 429 without a hint', async () => {
    let clock = 1_000_000;
    fake.setScenario('brasilapi', 'rate_limited');
    const { service } = setup({ providers: ['brasilapi', 'cnpjws'], cache: memoryCnpjCache({ store: false }), now: () => clock });
    await service.lookup(FOUND);
    clock += 59_000;
    await service.lookup(FOUND);
    expect(fake.calls.brasilapi).toBe(1);
    clock += 1_000;
    await service.lookup(FOUND);
    expect(fake.calls.brasilapi).toBe(2);
  });

  it('keeps within the local budget (ReceitaWS 3 per minute)', async () => {
    let clock = 0;
    fake.setScenario('receitaws', 'not_found');
    const { service } = setup({ providers: ['receitaws', 'brasilapi'], cache: memoryCnpjCache({ store: false }), now: () => clock });
    for (let i = 0; i < 5; i++) await service.lookup(FOUND);
    expect(fake.calls).toMatchObject({ receitaws: 3, brasilapi: 5 });
    clock += 20_000; // one token back
    await service.lookup(FOUND);
    await service.lookup(FOUND);
    expect(fake.calls.receitaws).toBe(4);
  });

  it('skips the providers that reject letters for an alphanumeric CNPJ', async () => {
    fake.setCnpjScenario(ALPHA, { brasilapi: 'found' });
    const { service } = setup({ providers: ['receitaws', 'cnpjws', 'cnpja', 'brasilapi'] });
    const result = await service.lookup('12.abc.345/01de-35');
    expect(result).toMatchObject({ status: 'found', company: { cnpj: ALPHA, api_used: 'brasilapi' } });
    expect(fake.calls).toMatchObject({ receitaws: 0, cnpjws: 0, cnpja: 0, brasilapi: 1 });
  });

  it('answers error for letters when no letter-capable provider is configured', async () => {
    const { service } = setup({ providers: ['receitaws', 'cnpjws'] });
    expect(await service.lookup(ALPHA)).toEqual({ status: 'error', reason: 'unavailable', message: LOOKUP_ERROR_MESSAGE });
    expect(totalCalls()).toBe(0);
  });

  it.each([
    ['123', CNPJ_MESSAGES.length],
    ['', CNPJ_MESSAGES.length],
    ['98.765.432/0001-985', CNPJ_MESSAGES.length],
    ['98765432000199', CNPJ_MESSAGES.invalid],
    ['00000000000000', CNPJ_MESSAGES.invalid],
    ['12ABC3450!DE35', CNPJ_MESSAGES.invalid],
  ])('rejects %j with the shared message', async (input, message) => {
    expect(await setup().service.lookup(input)).toEqual({ status: 'invalid', message });
    expect(totalCalls()).toBe(0);
  });

  it('refuses an unknown provider key', () => {
    expect(() => setup({ providers: ['serasa'] })).toThrow('Unknown CNPJ provider: serasa');
  });
});

describe('fake server CLI scenarios', () => {
  it.each([
    [FOUND, { status: 'found' }],
    [NOT_FOUND, { status: 'not_found' }],
    ['11222333000181', { status: 'error', reason: 'unavailable', message: LOOKUP_ERROR_MESSAGE }],
    [ALPHA, { status: 'found', company: { cnpj: ALPHA, api_used: 'brasilapi' } }],
  ])('%s', async (cnpj, result) => {
    fake.setCnpjScenario(FOUND, 'found');
    fake.setCnpjScenario(NOT_FOUND, 'not_found');
    fake.setCnpjScenario('11222333000181', 'error_500');
    fake.setCnpjScenario(ALPHA, { brasilapi: 'found' });
    expect(await setup().service.lookup(cnpj)).toMatchObject(result);
  });
});
