import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importReceita } from '../../src/modules/prospecting/importer/import.ts';
import { FAKE_PROVIDERS } from '../support/fake-cnpj-providers.ts';
import { REL, cnpjOf, relationsFolder } from '../support/receita-relations.ts';
import { tempDataDir } from '../support/test-server.ts';
import { createCompanyRequest, newUser, readBody, startCompanyTestEnv, type CompanyTestEnv } from '../companies/support.ts';

/**
 * Local-first CNPJ lookups (decision 0243): once the Receita data is imported,
 * every lookup of the product reads it first and the providers are asked only for a CNPJ it lacks.
 */
let env: CompanyTestEnv;
let dir: string;
let admin: Awaited<ReturnType<typeof newUser>>;
const FIXTURE_CNPJ = '98765432000198'; // in the fake providers' fixtures, not in the relations register
const providerCalls = () => FAKE_PROVIDERS.reduce((n, p) => n + env.fake.calls[p], 0);
const providersDown = () => {
  for (const p of FAKE_PROVIDERS) env.fake.setScenario(p, 'error_500');
};

beforeAll(async () => {
  env = await startCompanyTestEnv();
  dir = tempDataDir('receita-local-');
});
afterAll(async () => {
  await env?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('before any import (a fresh install)', () => {
  it('lookups keep using the providers', async () => {
    env.fake.reset();
    env.fake.setDefaultScenario('found');
    const user = await newUser(env.server, 'sem-base');
    const res = await env.server.request(`/api/cnpj/${FIXTURE_CNPJ}`, { jar: user.jar });
    expect(res.status).toBe(200);
    expect((await readBody(res)).api_used).toBe('brasilapi');
    expect(providerCalls()).toBeGreaterThan(0);
  });

  it('with the providers down, a lookup fails as before', async () => {
    env.fake.reset();
    providersDown();
    const user = await newUser(env.server, 'sem-base-2');
    const res = await env.server.request(`/api/cnpj/${REL.alfa}`, { jar: user.jar });
    expect(res.status).toBe(502);
    expect(providerCalls()).toBeGreaterThan(0);
  });
});

describe('with the Receita data imported', () => {
  beforeAll(async () => {
    await importReceita(env.server.services.pool, await relationsFolder(dir), { log: () => undefined });
  });

  it('linking a company (company setup) works with the providers down, and no provider is asked', async () => {
    env.fake.reset();
    providersDown();
    admin = await newUser(env.server, 'com-base');
    const res = await createCompanyRequest(env.server, admin.jar, { cnpj: REL.alfa, whatsapp: '(11) 98765-4321', email: 'contato@alfa.com.br' });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    const { company } = await readBody(res);
    expect(company.cnpj).toBe(REL.alfa);
    const [row] = await env.sql<{ name: string; situacao: string; state: string; cep: string; atividade_principal: string }>(
      'SELECT name, situacao, state, cep, atividade_principal FROM companies WHERE id = $1',
      [company.id],
    );
    expect(row).toMatchObject({ name: 'ALFA', situacao: 'ATIVA', state: 'SP', cep: '01000000' });
    expect(row!.atividade_principal).toMatch(/^4721-1\/02/);
    expect(providerCalls()).toBe(0);
  });

  it('the lookup endpoint and the parties lookup (CRM, enrichment) answer from the local data', async () => {
    env.fake.reset();
    providersDown();
    const user = await newUser(env.server, 'com-base-2');
    const res = await env.server.request(`/api/cnpj/${REL.beta}`, { jar: user.jar });
    expect(res.status).toBe(200);
    expect(await readBody(res)).toEqual({
      cnpj: REL.beta,
      razao_social: 'BETA SERVICOS LTDA',
      nome_fantasia: 'BETA',
      // The register has a phone for BETA, but a lookup never gives it away (the paid reveal sells it).
      telefone: null,
      email: null,
      logradouro: 'RUA 22222222',
      numero: '1',
      bairro: 'CENTRO',
      municipio: expect.any(String),
      uf: 'SP',
      cep: '02000000',
      api_used: 'receita_local',
      situacao: 'ATIVA',
      atividade_principal: expect.stringMatching(/^4721-1\/02/),
      data_abertura: '2020-01-01',
    });
    const org = await env.server.request('/api/parties/organizations/lookup', { method: 'POST', json: { cnpj: REL.gama }, jar: admin.jar });
    expect(org.status).toBe(201);
    expect((await readBody(org)).organization).toMatchObject({ cnpj: REL.gama, razaoSocial: 'GAMA INDUSTRIA LTDA' });
    expect(providerCalls()).toBe(0);
  });

  it('a CNPJ the local data lacks is asked of the providers, as before', async () => {
    env.fake.reset();
    env.fake.setDefaultScenario('found');
    const user = await newUser(env.server, 'com-base-3');
    const res = await env.server.request(`/api/cnpj/${cnpjOf('12345678', 1)}`, { jar: user.jar });
    expect(res.status).toBe(200);
    expect((await readBody(res)).api_used).not.toBe('receita_local');
    expect(providerCalls()).toBeGreaterThan(0);
  });
});

it('company setup with a CNPJ missing locally and the providers down still fails cleanly', async () => {
  env.fake.reset();
  providersDown();
  const user = await newUser(env.server, 'falta');
  const res = await createCompanyRequest(env.server, user.jar, { cnpj: cnpjOf('87654321', 1), whatsapp: '(11) 98765-4321', email: 'a@b.com.br' });
  expect(res.status).toBe(502);
  expect(providerCalls()).toBeGreaterThan(0);
});
