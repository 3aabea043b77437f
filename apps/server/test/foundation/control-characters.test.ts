import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '@sede/shared/text';
import { startCompanyTestEnv, uniqueEmail, userWithCompany, type CompanyTestEnv } from '../companies/support.ts';
import { pgInputError } from '../../src/http/pg-errors.ts';
import { createConfirmedUser, type CookieJar } from '../support/test-server.ts';

/**
 * A NUL (or another control character) anywhere a client can put text: every answer is a 400
 * with a Portuguese message (never a 500), and nothing was written.
 */
const NUL = '\u0000';

let env: CompanyTestEnv;
let admin: Awaited<ReturnType<typeof userWithCompany>>;
let outsider: { jar: CookieJar; userId: string; email: string };

beforeAll(async () => {
  env = await startCompanyTestEnv();
  admin = await userWithCompany(env, generateCnpj());
  outsider = await createConfirmedUser(env.server, { email: uniqueEmail('fora'), firstName: 'Rui', lastName: 'Dias' });
});
afterAll(() => env?.stop());

/** Everything a refused request could have written. */
async function snapshot() {
  const [counts] = await env.sql(`
    SELECT (SELECT count(*) FROM activity_log)::int AS activity,
           (SELECT count(*) FROM company_invitations)::int AS invitations,
           (SELECT count(*) FROM companies)::int AS companies,
           (SELECT count(*) FROM coin_ledger)::int AS ledger,
           (SELECT count(*) FROM "user")::int AS users,
           (SELECT count(*) FROM payments)::int AS payments,
           (SELECT count(*) FROM company_members)::int AS members`);
  const profiles = await env.sql(`SELECT id, first_name, last_name, phone, cpf, company_id, updated_at FROM profiles ORDER BY id`);
  const companies = await env.sql(`SELECT * FROM companies ORDER BY id`);
  return { counts, profiles, companies };
}

type Case = { name: string; method: string; path: string; body?: unknown; jar?: () => CookieJar; rawBody?: string };

const adminJar = () => admin.jar;
const outsiderJar = () => outsider.jar;
const profileBody = { firstName: 'Ana', lastName: 'Souza', phone: '(11) 93456-7890', cpf: '529.982.247-25', invitationToken: '' };
const companyBody = { name: 'Padaria', fantasia: 'Pão', phone: '(11) 3040-5060', email: 'contato@padaria.com.br', address: 'Rua A, 1', city: 'Campinas', state: 'SP', cep: '13010-000' };

/** The same body with a NUL put into one text field at a time (passwords are hashed, never stored as text). */
function eachField(name: string, method: string, path: string, body: Record<string, unknown>, jar: () => CookieJar): Case[] {
  return Object.keys(body).filter((key) => key !== 'password').flatMap((key) =>
    ['start', 'middle'].map((where) => ({
      name: `${name} ${key} (${where})`,
      method,
      path,
      jar,
      body: { ...body, [key]: where === 'start' ? `${NUL}${String(body[key]) || 'x'}` : `${String(body[key]).slice(0, 2)}${NUL}${String(body[key]).slice(2)}` },
    })),
  );
}

const cases = (): Case[] => [
  ...eachField('PUT /api/profile', 'PUT', '/api/profile', profileBody, adminJar),
  ...eachField('PATCH /api/companies/current', 'PATCH', '/api/companies/current', companyBody, adminJar),
  ...eachField('POST /api/companies', 'POST', '/api/companies', { cnpj: generateCnpj(), whatsapp: '(11) 98765-4321', email: 'contato@padaria.com.br' }, outsiderJar),
  ...eachField('POST /api/invitations', 'POST', '/api/invitations', { email: 'convidado@exemplo.com.br', role: 'vendas' }, adminJar),
  ...eachField('POST /api/invitations/accept', 'POST', '/api/invitations/accept', { invitation_token: 'a'.repeat(43) }, outsiderJar),
  ...eachField('POST /api/invitations/process-after-confirmation', 'POST', '/api/invitations/process-after-confirmation', { invitation_token: 'a'.repeat(43) }, outsiderJar),
  ...eachField('DELETE /api/invitations/decline', 'DELETE', '/api/invitations/decline', { invitation_token: 'a'.repeat(43) }, outsiderJar),
  ...eachField('POST /api/billing/checkout/coins', 'POST', '/api/billing/checkout/coins', { packageId: 'coins_50' }, adminJar),
  ...eachField('POST /api/billing/checkout/subscription', 'POST', '/api/billing/checkout/subscription', { plan: 'monthly' }, adminJar),
  ...eachField('POST /api/onboarding/recommend-plan', 'POST', '/api/onboarding/recommend-plan', { profile: 'manager', areas: ['sales'] }, adminJar),
  ...eachField('POST /api/onboarding/complete', 'POST', '/api/onboarding/complete', { profile: 'manager', areas: ['sales'], plan: 'monthly' }, adminJar),
  ...eachField('PATCH /api/members/:id', 'PATCH', `/api/members/${encodeURIComponent('x')}`, { role: 'vendas' }, adminJar),
  ...eachField('POST /api/cnpj/lookup', 'POST', '/api/cnpj/lookup', { cnpj: generateCnpj() }, adminJar),
  // better-auth's own endpoints
  ...eachField('POST /api/auth/sign-up/email', 'POST', '/api/auth/sign-up/email', { email: 'novo@exemplo.com.br', password: 'segredo123', name: 'Novo Nome', firstName: 'Novo', lastName: 'Nome' }, () => ({ cookie: '' })),
  ...eachField('POST /api/auth/sign-in/email', 'POST', '/api/auth/sign-in/email', { email: 'novo@exemplo.com.br', password: 'segredo123' }, () => ({ cookie: '' })),
  ...eachField('POST /api/auth/request-password-reset', 'POST', '/api/auth/request-password-reset', { email: 'novo@exemplo.com.br', redirectTo: '/auth' }, () => ({ cookie: '' })),
  // Path and query parameters
  ...[
    `/api/members/${encodeURIComponent(`abc${NUL}`)}`,
    `/api/members/activity?userId=${encodeURIComponent(`u${NUL}`)}`,
    `/api/members/activity?action=${encodeURIComponent(`login${NUL}`)}`,
    `/api/members/activity?from=${encodeURIComponent(`2026-01-01${NUL}`)}`,
    `/api/billing/ledger?kind=${encodeURIComponent(`purchase${NUL}`)}`,
    `/api/billing/ledger?from=${encodeURIComponent(`2026-01-01${NUL}`)}`,
    `/api/billing/sandbox/payments/${encodeURIComponent(`${NUL}`)}`,
    `/api/invitations/by-token?token=${encodeURIComponent(`${'a'.repeat(43)}${NUL}`)}`,
    `/api/cnpj/${encodeURIComponent(`11222333000181${NUL}`)}`,
    `/api/dev/mailbox?to=${encodeURIComponent(`a${NUL}@b.com`)}`,
  ].map((path) => ({ name: `GET ${path}`, method: 'GET', path, jar: adminJar })),
  { name: 'DELETE /api/members/:id', method: 'DELETE', path: `/api/members/${encodeURIComponent(`abc${NUL}`)}`, jar: adminJar },
  { name: 'POST /api/invitations/:id/resend', method: 'POST', path: `/api/invitations/${encodeURIComponent(`abc${NUL}`)}/resend`, jar: adminJar },
  { name: 'DELETE /api/invitations/:id', method: 'DELETE', path: `/api/invitations/${encodeURIComponent(`abc${NUL}`)}`, jar: adminJar },
  { name: 'POST /api/billing/sandbox/payments/:id/confirm', method: 'POST', path: `/api/billing/sandbox/payments/${encodeURIComponent(NUL)}/confirm`, jar: adminJar },
];

describe('control characters in client input', () => {
  it('every route answers a 4xx with a Portuguese message, never a 500, and writes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const c of cases()) {
      const res = await env.server.request(c.path, { method: c.method, json: c.body, jar: c.jar?.() });
      const body = (await res.json().catch(() => null)) as { error?: string; message?: string; code?: string } | null;
      const message = body?.error ?? body?.message;
      if (res.status >= 500 || res.status < 400 || !message || !body?.code) failures.push(`${c.name}: ${res.status} ${JSON.stringify(body)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('text fields answer 400 with the control-character message', async () => {
    const res = await env.server.request('/api/profile', { method: 'PUT', json: { ...profileBody, firstName: `Ana${NUL}` }, jar: admin.jar });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: CONTROL_CHARACTERS_MESSAGE, code: 'VALIDATION_ERROR' });
    const company = await env.server.request('/api/companies/current', { method: 'PATCH', json: { ...companyBody, address: `Rua\u0007 A` }, jar: admin.jar });
    expect(company.status).toBe(400);
    expect(((await company.json()) as { error: string }).error).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  it('PUT /api/profile with a NUL in invitationToken saves nothing and logs nothing', async () => {
    const before = await snapshot();
    const res = await env.server.request('/api/profile', { method: 'PUT', json: { firstName: 'Outro', lastName: 'Nome', invitationToken: `${'a'.repeat(43)}${NUL}` }, jar: outsider.jar });
    expect(res.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('PostgreSQL data errors are bad input (pgInputError, used by handleError)', () => {
  it.each([
    ["SELECT 'não-é-uuid'::uuid", [], '22P02'],
    ['SELECT $1::text', [`a${NUL}b`], '22021'],
    ['CREATE TEMP TABLE IF NOT EXISTS curto (v varchar(2)); INSERT INTO curto VALUES (\'abc\')', [], '22001'],
    ['SELECT 2147483647::int + 1', [], '22003'],
    ["SELECT '2026-99-99'::date", [], '22008'],
    ["SELECT 'ontem às tantas'::timestamptz", [], '22007'],
  ] as const)('%s → 400', async (query, params, code) => {
    const err = (await env.server.services.pool.query(query, params.length ? [...params] : undefined).catch((e: unknown) => e)) as { code?: string };
    expect(err.code).toBe(code);
    expect(pgInputError(err)).toEqual({ status: 400, code: 'INVALID_VALUE', message: expect.any(String) });
    // Drizzle wraps the driver's error; the mapping looks inside.
    expect(pgInputError(new Error('Failed query', { cause: err }))?.status).toBe(400);
  });

  it('other errors are not input errors', async () => {
    const err = await env.server.services.pool.query('SELECT * FROM tabela_que_nao_existe').catch((e: unknown) => e);
    expect(pgInputError(err)).toBeNull();
    expect(pgInputError(new Error('boom'))).toBeNull();
  });
});
