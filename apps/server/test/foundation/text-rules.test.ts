import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientSummary } from '@sede/shared/marketing/clients';
import type { MaterialView } from '@sede/shared/marketing/materials';
import { BIDI_CONTROLS_MESSAGE, LONE_SURROGATE_MESSAGE } from '@sede/shared/text';
import { upload } from '../files/support.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, sql, uniqueEmail, type Person } from '../team/support.ts';

/**
 * Text the product took and changed or cut (issue "What users and attackers hit", item 6;
 * decisions 0362–0365): lone surrogates, names over their limit, bidi controls in file names,
 * instalments past 2099. Each is refused with a Portuguese message and nothing is written.
 */
let server: TestServer;
let companyId: string;
let admin: Person;

type Res = { status: number; body: Record<string, unknown> & { error?: string; message?: string; code?: string; id?: string } };
async function call(p: string, method: string, json?: unknown, who: Person | null = admin): Promise<Res> {
  const res = await server.request(`/api${p}`, { method, json, jar: who?.jar });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Textos Estranhos Ltda'));
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const HALF = '\ud83d'; // the first half of 😀, as a JSON "\ud83d" escape carries it

describe('lone surrogates', () => {
  it('every kind of write refuses them with a message, and nothing is stored as U+FFFD', async () => {
    const writes: Array<[string, string, Record<string, unknown>]> = [
      ['PATCH', '/companies/current', { name: `Padaria ${HALF}`, fantasia: 'Pão', phone: '(11) 3040-5060', email: 'contato@padaria.com.br', address: 'Rua A, 1', city: 'Campinas', state: 'SP', cep: '13010-000' }],
      ['PUT', '/profile', { firstName: `Ana${HALF}`, lastName: 'Souza' }],
      ['POST', '/documents/folders', { name: `Pasta ${HALF}` }],
      ['POST', '/documents', { title: 'Doc', content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `oi ${HALF}` }] }] } }],
      ['POST', '/canvas/boards', { title: `Quadro ${HALF}` }],
      ['POST', '/parties/people', { name: `Pessoa ${HALF}` }],
      ['POST', '/parties/organizations', { razaoSocial: `Empresa ${HALF} Ltda` }],
      ['POST', '/crm-quotes/products', { name: `Produto ${HALF}`, priceCents: 100 }],
      ['POST', '/crm-contacts/lists', { name: `Lista ${HALF}` }],
      ['POST', '/finance/entries', { kind: 'payable', description: `Aluguel ${HALF}`, amountCents: 100_00, dueDate: '2026-05-10' }],
      ['POST', '/tasks', { title: `Ligar ${HALF}` }],
    ];
    for (const [method, p, body] of writes) {
      expect(await call(p, method, body), `${method} ${p}`).toEqual({ status: 400, body: { error: LONE_SURROGATE_MESSAGE, code: 'VALIDATION_ERROR' } });
    }
    const signUp = await call('/auth/sign-up/email', 'POST', { email: uniqueEmail('meio'), password: 'segredo123', name: `Zé ${HALF}`, firstName: `Zé ${HALF}`, lastName: 'Lima' }, null);
    expect(signUp).toMatchObject({ status: 400, body: { code: 'LONE_SURROGATE', error: LONE_SURROGATE_MESSAGE } });

    const replaced = await sql(
      server,
      `SELECT (SELECT count(*) FROM companies WHERE name LIKE '%' || chr(65533) || '%')
            + (SELECT count(*) FROM profiles WHERE first_name LIKE '%' || chr(65533) || '%')
            + (SELECT count(*) FROM "user" WHERE name LIKE '%' || chr(65533) || '%')
            + (SELECT count(*) FROM document_folders WHERE name LIKE '%' || chr(65533) || '%')
            + (SELECT count(*) FROM people WHERE name LIKE '%' || chr(65533) || '%') AS n`,
    );
    expect(Number(replaced[0]!.n)).toBe(0);
  });

  it('every JSON body of the API goes through readJson, where the rule is checked', () => {
    const root = path.resolve(import.meta.dirname, '../../src');
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? files(path.join(dir, f)) : f.endsWith('.ts') ? [path.join(dir, f)] : []));
    const readers = files(root).filter((f) => !f.endsWith(path.join('http', 'errors.ts')) && /\.req\.(json|parseBody)\(/.test(readFileSync(f, 'utf8')));
    expect(readers.map((f) => path.relative(root, f))).toEqual([]);
  });
});

describe('names over their limit', () => {
  it('a first name of 60,000 characters is refused with the limit, never cut to 100', async () => {
    const long = 'a'.repeat(60_000);
    expect(await call('/profile', 'PUT', { firstName: long, lastName: 'Souza' })).toEqual({ status: 400, body: { error: 'O nome pode ter no máximo 100 caracteres.', code: 'VALIDATION_ERROR' } });
    const [profile] = await sql(server, 'SELECT first_name FROM profiles WHERE id = $1', [admin.userId]);
    expect(profile!.first_name).not.toContain('aaaaa');
    const signUp = await call('/auth/sign-up/email', 'POST', { email: uniqueEmail('longo'), password: 'segredo123', name: long, firstName: 'Ana', lastName: long }, null);
    expect(signUp).toMatchObject({ status: 400, body: { code: 'LAST_NAME_TOO_LONG', error: 'O sobrenome pode ter no máximo 100 caracteres.' } });
  });
});

describe('bidi controls in file names', () => {
  it('an upload named fatura\\u202Efdp.txt (shown as "faturatxt.pdf") is refused, and so is a rename to it', async () => {
    const imp = await call('/crm-contacts/imports', 'POST', {});
    const up = await upload(server, admin.jar, `entityType=crm_import&entityId=${imp.body.id}&kind=document`, Buffer.from('nome;email\n'), 'fatura\u202Efdp.txt');
    expect(up).toMatchObject({ status: 400, body: { error: BIDI_CONTROLS_MESSAGE } });

    const own = ((await call('/marketing/clients', 'GET')).body.clients as ClientSummary[]).find((c) => c.isOwn)!;
    const res = await server.request(`/api/marketing/materials?clientId=${own.id}`, { method: 'POST', jar: admin.jar, headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent('roteiro.txt') }, body: 'texto' });
    const material = (await res.json()) as MaterialView;
    expect(res.status, JSON.stringify(material)).toBe(201);
    expect(await call(`/marketing/materials/${material.id}`, 'PATCH', { name: 'roteiro\u202Etxt.exe' })).toEqual({ status: 400, body: { error: BIDI_CONTROLS_MESSAGE, code: 'VALIDATION_ERROR' } });
    const bidi = await server.request(`/api/marketing/materials?clientId=${own.id}`, { method: 'POST', jar: admin.jar, headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent('nota\u202Efdp.txt') }, body: 'texto' });
    expect(bidi.status).toBe(400);
  });
});

describe('instalments past 2099', () => {
  it('120 instalments from 30/12/2099 are refused up front, naming the last due date; nothing is created', async () => {
    const before = await sql(server, 'SELECT count(*)::int AS n FROM fin_entries WHERE company_id = $1', [companyId]);
    const res = await call('/finance/entries', 'POST', { kind: 'payable', description: 'Equipamento', amountCents: 120_000_00, dueDate: '2099-12-30', installments: 120 });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('30/11/2109');
    expect(await sql(server, 'SELECT count(*)::int AS n FROM fin_entries WHERE company_id = $1', [companyId])).toEqual(before);
    const fits = await call('/finance/entries', 'POST', { kind: 'payable', description: 'Equipamento', amountCents: 120_000_00, dueDate: '2090-12-30', installments: 108 });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
  });
});
