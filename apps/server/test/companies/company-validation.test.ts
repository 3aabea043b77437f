import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { COMPANY_MESSAGES } from '@sede/shared/company';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody, startCompanyTestEnv, userWithCompany, type CompanyTestEnv } from './support.ts';

let env: CompanyTestEnv;
let admin: Awaited<ReturnType<typeof userWithCompany>>;
beforeAll(async () => {
  env = await startCompanyTestEnv();
  admin = await userWithCompany(env, generateCnpj());
});
afterAll(() => env?.stop());

const base = { name: 'Padaria', fantasia: 'Pão', phone: '(11) 3040-5060', email: 'contato@padaria.com.br', address: 'Rua A, 1', city: 'Campinas', state: 'SP', cep: '13010-000' };
const patch = (body: Record<string, unknown>) => env.server.request('/api/companies/current', { method: 'PATCH', json: body, jar: admin.jar });
const stored = async () => (await env.sql<{ phone: string | null; cep: string | null }>('SELECT phone, cep FROM companies WHERE id = $1', [admin.company.id]))[0]!;

describe('PATCH /api/companies/current: an invalid phone or CEP is refused, never cleared', () => {
  beforeAll(async () => {
    expect((await patch(base)).status).toBe(200);
  });

  it.each([
    ['phone', 'abc', COMPANY_MESSAGES.phoneInvalid],
    ['phone', '---', COMPANY_MESSAGES.phoneInvalid],
    ['phone', '(11) 3040', COMPANY_MESSAGES.phoneInvalid],
    ['phone', '11 3040-5060 ramal 2', COMPANY_MESSAGES.phoneInvalid],
    ['cep', 'abcde-fgh', COMPANY_MESSAGES.cepInvalid],
    ['cep', '-', COMPANY_MESSAGES.cepInvalid],
    ['cep', '1301', COMPANY_MESSAGES.cepInvalid],
  ])('%s %j → 400 %s, the stored value kept', async (field, value, message) => {
    const res = await patch({ ...base, [field]: value });
    expect(res.status).toBe(400);
    expect(await readBody(res)).toEqual({ error: message, code: 'VALIDATION_ERROR' });
    expect(await stored()).toEqual({ phone: '1130405060', cep: '13010000' });
  });

  it('an empty field clears it; masked values are stored as digits', async () => {
    expect((await patch({ ...base, phone: '', cep: '  ' })).status).toBe(200);
    expect(await stored()).toEqual({ phone: null, cep: null });
    expect((await patch({ ...base, phone: '(11) 98765-4321', cep: '04571-000' })).status).toBe(200);
    expect(await stored()).toEqual({ phone: '11987654321', cep: '04571000' });
  });
});
