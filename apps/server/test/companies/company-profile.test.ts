import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { COMPANY_MESSAGES } from '@sede/shared/company';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PROVIDERS } from '../support/fake-cnpj-providers.ts';
import { expected } from '../cnpj/fixtures.ts';
import { createCompanyRequest, newUser, readBody, startCompanyTestEnv, userWithCompany, type CompanyTestEnv } from './support.ts';

let env: CompanyTestEnv;
beforeAll(async () => {
  env = await startCompanyTestEnv();
});
afterAll(() => env.stop());
afterEach(() => {
  env.fake.reset();
  env.fake.setDefaultScenario('found');
});

const totalCalls = () => FAKE_PROVIDERS.reduce((sum, p) => sum + env.fake.calls[p], 0);
type Company = Record<string, unknown> & { id: string };

async function getCurrent(jar: { cookie: string }) {
  const res = await env.server.request('/api/companies/current', { jar });
  return { status: res.status, body: (await readBody(res)) as { company: Company; error?: string } };
}

async function pollCompany(companyId: string, until: (row: Record<string, unknown>) => boolean) {
  for (let i = 0; i < 50; i++) {
    const [row] = await env.sql('SELECT * FROM companies WHERE id = $1', [companyId]);
    if (row && until(row)) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the company row never reached the expected state');
}

async function prefillCache(cnpj: string, patch: Record<string, unknown>) {
  const record = { ...expected.by_provider.brasilapi, cnpj, ...patch };
  await env.sql(
    `INSERT INTO cnpj_lookup_cache (cnpj, provider, data, expires_at) VALUES ($1, 'brasilapi', $2::jsonb, now() + interval '30 days')
     ON CONFLICT (cnpj) DO UPDATE SET data = EXCLUDED.data, expires_at = EXCLUDED.expires_at`,
    [cnpj, JSON.stringify(record)],
  );
}

/** A second person joined to the admin's company with another role. */
async function memberOf(companyId: string, role: string) {
  const user = await newUser(env.server, role);
  await env.sql('INSERT INTO company_members (user_id, company_id, role) VALUES ($1, $2, $3)', [user.userId, companyId, role]);
  await env.sql('UPDATE profiles SET company_id = $2 WHERE id = $1', [user.userId, companyId]);
  env.server.services.viewers.evictViewer(user.userId);
  return user;
}

describe('GET /api/companies/current', () => {
  it('answers the caller’s company with its registration data', async () => {
    const admin = await userWithCompany(env, generateCnpj());
    const { status, body } = await getCurrent(admin.jar);
    expect(status).toBe(200);
    expect(body.company).toMatchObject({ id: admin.company.id, razao_social: 'AURORA FICTICIA PANIFICADORA LTDA', state: 'SP' });
  });

  it('is refused to a person without a company', async () => {
    const user = await newUser(env.server);
    expect((await getCurrent(user.jar)).status).toBe(403);
  });
});

describe('PATCH /api/companies/current', () => {
  it('lets the admin edit the company, keeping the CNPJ and using the session’s company only', async () => {
    const admin = await userWithCompany(env, generateCnpj());
    const other = await userWithCompany(env, generateCnpj());
    const res = await env.server.request('/api/companies/current', {
      method: 'PATCH',
      jar: admin.jar,
      json: {
        id: other.company.id,
        companyId: other.company.id,
        cnpj: '11222333000181',
        name: '  Padaria Aurora Centro ',
        fantasia: 'Aurora',
        phone: '(11) 3040-5060',
        email: 'FINANCEIRO@aurora.com.br',
        address: 'Rua Nova, 10, Centro',
        city: 'Campinas',
        state: 'sp',
        cep: '13010-000',
      },
    });
    expect(res.status).toBe(200);
    const { company } = await readBody(res);
    expect(company).toMatchObject({
      id: admin.company.id,
      cnpj: admin.company.cnpj,
      name: 'Padaria Aurora Centro',
      fantasia: 'Aurora',
      phone: '1130405060',
      email: 'financeiro@aurora.com.br',
      address: 'Rua Nova, 10, Centro',
      city: 'Campinas',
      state: 'SP',
      cep: '13010000',
    });
    const [untouched] = await env.sql('SELECT name FROM companies WHERE id = $1', [other.company.id]);
    expect(untouched).toEqual({ name: 'PADARIA AURORA' });
    // The edit is in the company's activity log, with the fields that changed.
    const log = await env.sql<{ user_id: string; details: { fields: string[] } }>(
      `SELECT user_id, details FROM activity_log WHERE company_id = $1 AND action = 'company_updated'`,
      [admin.company.id],
    );
    expect(log).toHaveLength(1);
    expect(log[0]!.user_id).toBe(admin.userId);
    expect(log[0]!.details.fields.sort()).toEqual(['address', 'cep', 'city', 'email', 'fantasia', 'name', 'phone']);
  });

  it.each([
    [{ name: '   ' }, COMPANY_MESSAGES.nameRequired],
    [{ name: 'X', state: 'XX' }, COMPANY_MESSAGES.ufInvalid],
    [{ name: 'X', cep: '123' }, COMPANY_MESSAGES.cepInvalid],
    [{ name: 'X', phone: '123' }, COMPANY_MESSAGES.phoneInvalid],
    [{ name: 'X', email: 'a@b' }, COMPANY_MESSAGES.emailInvalid],
  ])('validates %o → 400 %s', async (json, message) => {
    const admin = await userWithCompany(env, generateCnpj());
    const res = await env.server.request('/api/companies/current', { method: 'PATCH', jar: admin.jar, json });
    expect(res.status).toBe(400);
    expect((await readBody(res)).error).toBe(message);
  });

  it('is refused to a member who is not an admin', async () => {
    const admin = await userWithCompany(env, generateCnpj());
    const seller = await memberOf(admin.company.id, 'vendas');
    const res = await env.server.request('/api/companies/current', { method: 'PATCH', jar: seller.jar, json: { name: 'Tomada' } });
    expect(res.status).toBe(403);
    const [row] = await env.sql('SELECT name FROM companies WHERE id = $1', [admin.company.id]);
    expect(row).toEqual({ name: 'PADARIA AURORA' });
    // Members still read the company.
    expect((await getCurrent(seller.jar)).status).toBe(200);
  });
});

describe('POST /api/companies/current/refresh', () => {
  it('replaces the registry fields with a fresh lookup, keeping name and contacts', async () => {
    const admin = await userWithCompany(env, generateCnpj());
    await env.sql(
      `UPDATE companies SET name = 'Meu nome', phone = '11911112222', address = 'velho', situacao = 'BAIXADA', atividade_principal = 'x' WHERE id = $1`,
      [admin.company.id],
    );
    env.fake.reset();
    env.fake.setDefaultScenario('found');
    const res = await env.server.request('/api/companies/current/refresh', { method: 'POST', jar: admin.jar });
    expect(res.status).toBe(200);
    expect(totalCalls()).toBe(1); // fresh: the cached record is not enough
    expect((await readBody(res)).company).toMatchObject({
      name: 'Meu nome',
      phone: '11911112222',
      address: 'RUA DAS ACACIAS, 123, JARDIM PRIMAVERA',
      situacao: 'ATIVA',
      atividade_principal: expected.by_provider.brasilapi.atividade_principal,
    });
  });

  it('answers Erro na busca when the providers are down, changing nothing', async () => {
    const cnpj = generateCnpj();
    const admin = await userWithCompany(env, cnpj);
    env.fake.setCnpjScenario(cnpj, 'error_500');
    const res = await env.server.request('/api/companies/current/refresh', { method: 'POST', jar: admin.jar });
    expect(res.status).toBe(502);
    expect((await readBody(res)).error).toBe('Erro na busca');
  });

  it('is refused to a member who is not an admin', async () => {
    const admin = await userWithCompany(env, generateCnpj());
    const hr = await memberOf(admin.company.id, 'rh');
    const res = await env.server.request('/api/companies/current/refresh', { method: 'POST', jar: hr.jar });
    expect(res.status).toBe(403);
  });
});

describe('enrichment (spec §4)', () => {
  it('fills a missing trade name and main activity from a lookup when the profile loads', async () => {
    // The registry record is cached before the company exists (creation and enrichment read it).
    const cnpj = generateCnpj();
    await prefillCache(cnpj, { nome_fantasia: 'PADARIA AURORA BELA' });
    const admin = await userWithCompany(env, cnpj);
    await env.sql('UPDATE companies SET fantasia = NULL, atividade_principal = NULL WHERE id = $1', [admin.company.id]);
    expect((await getCurrent(admin.jar)).status).toBe(200);
    const row = await pollCompany(admin.company.id, (r) => r.fantasia !== null);
    expect(row).toMatchObject({ fantasia: 'PADARIA AURORA BELA', atividade_principal: expected.by_provider.brasilapi.atividade_principal });
  });

  it('keeps an existing trade name and fills only the missing activity', async () => {
    const cnpj = generateCnpj();
    await prefillCache(cnpj, { nome_fantasia: 'OUTRO NOME' });
    const admin = await userWithCompany(env, cnpj);
    await env.sql(`UPDATE companies SET fantasia = 'Minha Padaria', atividade_principal = NULL WHERE id = $1`, [admin.company.id]);
    await getCurrent(admin.jar);
    const row = await pollCompany(admin.company.id, (r) => r.atividade_principal !== null);
    expect(row.fantasia).toBe('Minha Padaria');
  });

  it('falls back to the company name when the lookup has no trade name (and right after creation)', async () => {
    const cnpj = generateCnpj();
    await prefillCache(cnpj, { nome_fantasia: null, razao_social: 'SEM FANTASIA COMERCIO LTDA' });
    const user = await newUser(env.server);
    const res = await createCompanyRequest(env.server, user.jar, { cnpj, whatsapp: '11987654321', email: 'a@b.com.br' });
    expect(res.status).toBe(201);
    const { company } = await readBody(res);
    expect(company.name).toBe('SEM FANTASIA COMERCIO LTDA'); // trade name else legal name
    const row = await pollCompany(company.id, (r) => r.fantasia !== null);
    expect(row.fantasia).toBe('SEM FANTASIA COMERCIO LTDA');
    expect(totalCalls()).toBe(0); // the cache answered both the creation and the enrichment
  });

  it('does nothing for a company that already has both fields', async () => {
    const admin = await userWithCompany(env, generateCnpj());
    await env.sql(`DELETE FROM cnpj_lookup_cache WHERE cnpj = $1`, [admin.company.cnpj]);
    env.fake.reset();
    await getCurrent(admin.jar);
    await new Promise((r) => setTimeout(r, 300));
    expect(totalCalls()).toBe(0);
  });
});
