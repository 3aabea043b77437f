import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { COMPANY_MESSAGES } from '@sede/shared/company';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyRequest, newUser, readBody, startCompanyTestEnv, type CompanyTestEnv } from './support.ts';

let env: CompanyTestEnv;
beforeAll(async () => {
  env = await startCompanyTestEnv();
});
afterAll(() => env.stop());
afterEach(() => {
  env.fake.reset();
  env.fake.setDefaultScenario('found');
});

const body = (cnpj: string, extra: Record<string, unknown> = {}) => ({
  cnpj,
  whatsapp: '(11) 98765-4321',
  email: ' Contato@Padaria.com.br ',
  ...extra,
});

describe('POST /api/companies', () => {
  it('refuses without a session: 401 Usuário não autenticado', async () => {
    const res = await env.server.request('/api/companies', { method: 'POST', json: body(generateCnpj()) });
    expect(res.status).toBe(401);
    expect(await readBody(res)).toMatchObject({ error: 'Usuário não autenticado' });
  });

  it.each([
    [{ cnpj: '123' }, 'O CNPJ deve ter exatamente 14 dígitos'],
    [{ cnpj: '98.765.432/0001-99' }, 'CNPJ inválido'],
    [{ whatsapp: '' }, 'WhatsApp obrigatório'],
    [{ whatsapp: '1234' }, COMPANY_MESSAGES.whatsappInvalid],
    [{ email: '' }, 'Email profissional obrigatório'],
    [{ email: 'nao-e-email' }, 'Formato de email inválido'],
  ])('validates the body with the shared schema: %o → 400 %s', async (patch, message) => {
    const user = await newUser(env.server);
    const res = await createCompanyRequest(env.server, user.jar, body(generateCnpj(), patch));
    expect(res.status).toBe(400);
    expect((await readBody(res)).error).toBe(message);
    expect(await env.sql('SELECT 1 FROM company_members WHERE user_id = $1', [user.userId])).toHaveLength(0);
  });

  it('creates the company, the admin membership, the profile link, 50 welcome coins and a 15-day trial in one go', async () => {
    const user = await newUser(env.server);
    const cnpj = generateCnpj();
    const masked = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    const res = await createCompanyRequest(env.server, user.jar, body(masked));
    expect(res.status).toBe(201);
    const { company } = await readBody(res);
    // Spec §3: name = trade name (else legal name), address = street, number, district.
    expect(company).toMatchObject({
      name: 'PADARIA AURORA',
      cnpj,
      fantasia: 'PADARIA AURORA',
      razao_social: 'AURORA FICTICIA PANIFICADORA LTDA',
      phone: '11987654321',
      email: 'contato@padaria.com.br',
      address: 'RUA DAS ACACIAS, 123, JARDIM PRIMAVERA',
      city: 'SAO PAULO',
      state: 'SP',
      cep: '04571000',
      situacao: 'ATIVA',
      data_abertura: '2019-03-15',
      currency_amount: 50,
      subscription_status: 'trialing',
    });
    expect(company.atividade_principal).toMatch(/^1091-1\/02 - /);
    const trialDays = (new Date(company.trial_ends_at).getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(14.9);
    expect(trialDays).toBeLessThan(15.1);

    const [row] = await env.sql<{ created_by: string }>('SELECT created_by FROM companies WHERE id = $1', [company.id]);
    expect(row!.created_by).toBe(user.userId);
    expect(await env.sql('SELECT role FROM company_members WHERE user_id = $1', [user.userId])).toEqual([{ role: 'admin' }]);
    expect(await env.sql('SELECT company_id FROM profiles WHERE id = $1', [user.userId])).toEqual([{ company_id: company.id }]);
    expect(await env.sql('SELECT amount, kind, balance_after FROM coin_ledger WHERE company_id = $1', [company.id])).toEqual([
      { amount: 50, kind: 'welcome', balance_after: 50 },
    ]);

    // The very next /api/me already sees the company and the admin role.
    const me = await readBody(await env.server.request('/api/me', { jar: user.jar }));
    expect(me.company).toMatchObject({ id: company.id, currency_amount: 50 });
    expect(me.membership).toMatchObject({ role: 'admin' });
    expect(me.profile.company_id).toBe(company.id);
  });

  it('accepts the alphanumeric CNPJ, upper-casing it', async () => {
    const user = await newUser(env.server);
    const res = await createCompanyRequest(env.server, user.jar, body('12.abc.345/01de-35'));
    expect(res.status).toBe(201);
    expect((await readBody(res)).company.cnpj).toBe('12ABC34501DE35');
  });

  it('refuses a CNPJ already registered with 409 and tells the person to ask for an invitation', async () => {
    const cnpj = generateCnpj();
    const first = await newUser(env.server);
    expect((await createCompanyRequest(env.server, first.jar, body(cnpj))).status).toBe(201);
    const second = await newUser(env.server);
    const res = await createCompanyRequest(env.server, second.jar, body(cnpj));
    expect(res.status).toBe(409);
    const json = await readBody(res);
    expect(json).toMatchObject({ code: 'CNPJ_TAKEN', error: COMPANY_MESSAGES.cnpjTaken });
    expect(json.error).toMatch(/administrador/);
    expect(json.error).toMatch(/convite/);
    expect(await env.sql('SELECT 1 FROM company_members WHERE user_id = $1', [second.userId])).toHaveLength(0);
  });

  it('lets exactly one of several simultaneous creations of one CNPJ win (the unique index decides)', async () => {
    const cnpj = generateCnpj();
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => newUser(env.server)));
    const responses = await Promise.all(users.map((u) => createCompanyRequest(env.server, u.jar, body(cnpj))));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of responses.filter((r) => r.status === 409)) expect((await readBody(r)).code).toBe('CNPJ_TAKEN');
    expect(await env.sql('SELECT 1 FROM companies WHERE cnpj = $1', [cnpj])).toHaveLength(1);
    const members = await env.sql('SELECT 1 FROM company_members m JOIN companies c ON c.id = m.company_id WHERE c.cnpj = $1', [cnpj]);
    expect(members).toHaveLength(1);
  });

  it('answers 409 when the unique index refuses a CNPJ the quick check did not see', async () => {
    // Another instance inserted it between our check and our insert: simulate with a trigger
    // that inserts the same CNPJ just before our row goes in.
    const cnpj = generateCnpj();
    const user = await newUser(env.server);
    await env.sql(`CREATE OR REPLACE FUNCTION test_race_${cnpj}() RETURNS trigger AS $$
      BEGIN
        IF NEW.cnpj = '${cnpj}' AND NEW.name <> 'RIVAL' THEN
          INSERT INTO companies (name, cnpj) VALUES ('RIVAL', '${cnpj}');
        END IF;
        RETURN NEW;
      END; $$ LANGUAGE plpgsql`);
    await env.sql(`CREATE TRIGGER test_race_${cnpj} BEFORE INSERT ON companies FOR EACH ROW EXECUTE FUNCTION test_race_${cnpj}()`);
    try {
      const res = await createCompanyRequest(env.server, user.jar, body(cnpj));
      expect(res.status).toBe(409);
      expect((await readBody(res)).code).toBe('CNPJ_TAKEN');
    } finally {
      await env.sql(`DROP TRIGGER test_race_${cnpj} ON companies`);
    }
    expect(await env.sql('SELECT 1 FROM company_members WHERE user_id = $1', [user.userId])).toHaveLength(0);
  });

  it('refuses a person who already belongs to a company, even with two creations at once', async () => {
    const user = await newUser(env.server);
    const [a, b] = await Promise.all([
      createCompanyRequest(env.server, user.jar, body(generateCnpj())),
      createCompanyRequest(env.server, user.jar, body(generateCnpj())),
    ]);
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
    const refused = a!.status === 409 ? a! : b!;
    expect((await readBody(refused)).code).toBe('ALREADY_MEMBER');
    expect(await env.sql('SELECT 1 FROM company_members WHERE user_id = $1', [user.userId])).toHaveLength(1);
    expect(await env.sql('SELECT 1 FROM companies WHERE created_by = $1', [user.userId])).toHaveLength(1);

    const again = await createCompanyRequest(env.server, user.jar, body(generateCnpj()));
    expect(again.status).toBe(409);
    expect((await readBody(again)).error).toBe(COMPANY_MESSAGES.alreadyMember);
  });

  it('answers 404 Empresa não encontrada when the providers do not know the CNPJ', async () => {
    const user = await newUser(env.server);
    const res = await createCompanyRequest(env.server, user.jar, body('98765432000279'));
    expect(res.status).toBe(404);
    expect(await readBody(res)).toMatchObject({ error: 'Empresa não encontrada', description: 'Verifique o CNPJ e tente novamente' });
  });

  it('answers 502 Erro na busca when every provider fails, creating nothing', async () => {
    const user = await newUser(env.server);
    const cnpj = generateCnpj();
    env.fake.setCnpjScenario(cnpj, 'error_500');
    const res = await createCompanyRequest(env.server, user.jar, body(cnpj));
    expect(res.status).toBe(502);
    expect(await readBody(res)).toMatchObject({ error: 'Erro na busca', description: 'Não foi possível buscar os dados da empresa' });
    expect(await env.sql('SELECT 1 FROM companies WHERE cnpj = $1', [cnpj])).toHaveLength(0);
  });

  it('leaves no company, membership or coins when a step after the company insert fails', async () => {
    const user = await newUser(env.server);
    const cnpj = generateCnpj();
    // Injected failure: the profile update (after the company and membership inserts) raises.
    await env.sql(`CREATE OR REPLACE FUNCTION test_fail_profile() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END; $$ LANGUAGE plpgsql`);
    await env.sql(`CREATE TRIGGER test_fail_profile BEFORE UPDATE OF company_id ON profiles FOR EACH ROW
      WHEN (NEW.id = '${user.userId}') EXECUTE FUNCTION test_fail_profile()`);
    try {
      const res = await createCompanyRequest(env.server, user.jar, body(cnpj));
      expect(res.status).toBe(500);
    } finally {
      await env.sql('DROP TRIGGER test_fail_profile ON profiles');
    }
    expect(await env.sql('SELECT 1 FROM companies WHERE cnpj = $1', [cnpj])).toHaveLength(0);
    expect(await env.sql('SELECT 1 FROM company_members WHERE user_id = $1', [user.userId])).toHaveLength(0);
    expect(await env.sql('SELECT company_id FROM profiles WHERE id = $1', [user.userId])).toEqual([{ company_id: null }]);
    expect(await env.sql(`SELECT 1 FROM coin_ledger l JOIN companies c ON c.id = l.company_id WHERE c.cnpj = $1`, [cnpj])).toHaveLength(0);

    // And the person can try again once the failure is gone.
    expect((await createCompanyRequest(env.server, user.jar, body(cnpj))).status).toBe(201);
  });
});
