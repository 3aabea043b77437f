import { LEADS_MESSAGES, MAX_PROVIDER_EXTRACT, type ExtractResult } from '@sede/shared/prospecting/leads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCnpj } from '@sede/shared/cnpj';
import { validCnpj } from '../crm/contacts-support.ts';
import { startCompanyTestEnv, type CompanyTestEnv } from '../companies/support.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';

/**
 * /extrair-leads on an install without the Receita data (decision 0418): the pasted CNPJs are
 * looked up through the public providers, as company setup does, and each row names its source.
 */
let env: CompanyTestEnv;
let member: Person;

const extract = async (text: string) => {
  const res = await env.server.request('/api/prospecting/leads/extract', { method: 'POST', jar: member.jar, json: { text } });
  return { status: res.status, body: (await res.json()) as ExtractResult & { error?: string; code?: string } };
};

beforeAll(async () => {
  env = await startCompanyTestEnv();
  const { companyId } = await createCompanyWithAdmin(env.server, 'Sem Base Ltda');
  member = await memberOf(env.server, companyId, 'vendas');
});
afterAll(async () => {
  await env?.stop();
});

describe('/extrair-leads without the Receita data imported', () => {
  it('looks the pasted CNPJs up through the public providers and says where each came from', async () => {
    const found = validCnpj();
    const missing = validCnpj();
    env.fake.setCnpjScenario(missing, 'not_found');
    const res = await extract(`${formatCnpj(found)}\n${missing}\n123`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.origem).toBe('consulta_publica');
    expect(res.body.rows).toEqual([
      {
        cnpj: found,
        razaoSocial: 'AURORA FICTICIA PANIFICADORA LTDA',
        nomeFantasia: 'PADARIA AURORA',
        situacao: '02',
        cnaePrincipal: '1091102',
        cnaeDescricao: 'Fabricação de produtos de padaria e confeitaria com predominância de produção própria',
        municipio: 'SAO PAULO',
        uf: 'SP',
        porte: null,
        // Masked, as on /cnpj-search's provider record: contacts are what the reveal sells.
        telefones: ['(11) ****-5060'],
        email: null,
        temContato: true,
        revelado: false,
        fonte: 'brasilapi',
      },
    ]);
    expect(res.body.notFound).toEqual([{ line: 2, value: missing, reason: LEADS_MESSAGES.notInProviders }]);
    expect(res.body.invalid).toHaveLength(1);
  });

  // A 429 holds the provider back for every CNPJ after it, so the refusal gets a run of its own:
  // in one run with the others, whichever lookup is answered first decides theirs too.
  it('says when the public providers refused for too many lookups', async () => {
    const busy = validCnpj();
    env.fake.setCnpjScenario(busy, 'rate_limited');
    const res = await extract(busy);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows).toEqual([]);
    expect(res.body.notFound).toEqual([{ line: 1, value: busy, reason: LEADS_MESSAGES.providersBusy }]);
  });

  it(`reads at most ${MAX_PROVIDER_EXTRACT} CNPJs a run (each one is a public lookup)`, async () => {
    const many = Array.from({ length: MAX_PROVIDER_EXTRACT + 1 }, () => validCnpj()).join('\n');
    const res = await extract(many);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'TOO_MANY_FOR_PROVIDERS', error: LEADS_MESSAGES.tooManyForProviders });
  });
});
