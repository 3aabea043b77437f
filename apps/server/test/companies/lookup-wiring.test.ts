import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjLookupFor, parseProviderList } from '../../src/modules/cnpj/instance.ts';
import { loadConfig } from '../../src/platform/config.ts';
import type { Services } from '../../src/services.ts';
import { startFakeCnpjProviders, type FakeCnpjProviders } from '../support/fake-cnpj-providers.ts';
import { systemClock } from '../../src/platform/clock.ts';

let fake: FakeCnpjProviders;
beforeAll(async () => {
  fake = await startFakeCnpjProviders();
  fake.setDefaultScenario('found');
});
afterAll(() => fake.close());

/** Services with only what the lookup wiring reads: the config and a pool for the cache. */
function services(env: Record<string, string>) {
  const cache = new Map<string, unknown>();
  const pool = {
    query: async (text: string, params: unknown[]) => {
      if (text.startsWith('SELECT')) return { rows: cache.has(params[0] as string) ? [{ data: cache.get(params[0] as string) }] : [] };
      cache.set(params[0] as string, JSON.parse(params[2] as string));
      return { rows: [] };
    },
  };
  const cfg = loadConfig({
    BRASILAPI_URL: fake.baseUrls.brasilapi,
    MINHARECEITA_URL: fake.baseUrls.minhareceita,
    RECEITAWS_URL: fake.baseUrls.receitaws,
    CNPJWS_URL: fake.baseUrls.cnpjws,
    CNPJA_URL: fake.baseUrls.cnpja,
    ...env,
  } as NodeJS.ProcessEnv);
  return { cfg, pool, clock: systemClock, state: new Map() } as unknown as Services;
}

describe('the lookup built from the configuration', () => {
  it('parses CNPJ_PROVIDERS leniently', () => {
    expect(parseProviderList(' CNPJA, brasilapi,,minhareceita ')).toEqual(['cnpja', 'brasilapi', 'minhareceita']);
  });

  it('asks the providers in the order of CNPJ_PROVIDERS at their configured base URLs', async () => {
    fake.reset();
    fake.setDefaultScenario('found');
    const lookup = cnpjLookupFor(services({ CNPJ_PROVIDERS: 'minhareceita,brasilapi' }));
    const result = await lookup.lookup('98765432000198');
    expect(result).toMatchObject({ status: 'found', company: { api_used: 'minhareceita' } });
    expect(fake.calls).toMatchObject({ minhareceita: 1, brasilapi: 0 });
  });

  it('uses CNPJ_TIMEOUT_MS for each provider', async () => {
    fake.reset();
    fake.setDefaultScenario('found');
    fake.setScenario('cnpja', 'timeout');
    const lookup = cnpjLookupFor(services({ CNPJ_PROVIDERS: 'cnpja,cnpjws', CNPJ_TIMEOUT_MS: '200' }));
    const started = Date.now();
    const result = await lookup.lookup('98765432000198');
    expect(result).toMatchObject({ status: 'found', company: { api_used: 'cnpjws' } });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('builds one instance per server (shared in-flight and rate-limit state)', () => {
    const s = services({});
    expect(cnpjLookupFor(s)).toBe(cnpjLookupFor(s));
  });

  it('refuses an unknown provider name at start, naming the variable', () => {
    expect(() => cnpjLookupFor(services({ CNPJ_PROVIDERS: 'brasilapi,receita-fake' }))).toThrow(/CNPJ_PROVIDERS/);
  });
});
