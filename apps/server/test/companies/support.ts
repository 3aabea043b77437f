import { startFakeCnpjProviders, type FakeCnpjProviders } from '../support/fake-cnpj-providers.ts';
import type { Clock } from '../../src/platform/clock.ts';
import { createConfirmedUser, startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';

export type CompanyTestEnv = {
  server: TestServer;
  fake: FakeCnpjProviders;
  sql: <R = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<R[]>;
  stop: () => Promise<void>;
};

/** The real server wired to the fake providers (any valid CNPJ is found unless told otherwise). */
export async function startCompanyTestEnv(env: Record<string, string> = {}, opts: { clock?: Clock } = {}): Promise<CompanyTestEnv> {
  const fake = await startFakeCnpjProviders();
  fake.setDefaultScenario('found');
  const server = await startTestServer({
    CNPJ_PROVIDERS: 'brasilapi,cnpjws,receitaws,cnpja',
    CNPJ_TIMEOUT_MS: '500',
    BRASILAPI_URL: fake.baseUrls.brasilapi,
    MINHARECEITA_URL: fake.baseUrls.minhareceita,
    RECEITAWS_URL: fake.baseUrls.receitaws,
    CNPJWS_URL: fake.baseUrls.cnpjws,
    CNPJA_URL: fake.baseUrls.cnpja,
    ...env,
  }, opts);
  const sql: CompanyTestEnv['sql'] = async (text, params) => (await server.services.pool.query(text, params as unknown[])).rows;
  return {
    server,
    fake,
    sql,
    stop: async () => {
      await server.stop();
      await fake.close();
    },
  };
}

let counter = 0;
export const uniqueEmail = (tag = 'pessoa') => `${tag}.${Date.now().toString(36)}${(counter++).toString(36)}@exemplo.com.br`;

export async function newUser(server: TestServer, tag?: string) {
  return createConfirmedUser(server, { email: uniqueEmail(tag) });
}

export function createCompanyRequest(server: TestServer, jar: CookieJar, body: Record<string, unknown>) {
  return server.request('/api/companies', { method: 'POST', json: body, jar });
}

/** A signed-in person who created a company (admin). */
export async function userWithCompany(env: CompanyTestEnv, cnpj: string) {
  const user = await newUser(env.server, 'admin');
  const res = await createCompanyRequest(env.server, user.jar, { cnpj, whatsapp: '(11) 98765-4321', email: 'contato@padaria.com.br' });
  if (res.status !== 201) throw new Error(`create company failed: ${res.status} ${await res.text()}`);
  const { company } = (await res.json()) as { company: { id: string; cnpj: string } };
  return { ...user, company };
}

/** A JSON answer as loosely typed as tests need (Response.json() is `unknown` in Node's types). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const readBody = async (res: Response): Promise<any> => res.json();
