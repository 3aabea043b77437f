import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCnpj } from '@sede/shared/cnpj';
import type { Organization, PartyPage, Person, PersonExport } from '@sede/shared/platform/parties';
import { CONTROL_CHARACTERS_MESSAGE } from '@sede/shared/text';
import { findOrCreateOrganizationByCnpj, getPerson, isSuppressed } from '../../src/modules/parties/public.ts';
import { startFakeCnpjProviders, type FakeCnpjProviders } from '../support/fake-cnpj-providers.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';

/** A numeric CNPJ with valid check digits. */
function validCnpj(): string {
  const base = Array.from({ length: 12 }, () => randomInt(10));
  const digit = (nums: number[]) => {
    const weights = nums.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = nums.reduce((sum, n, i) => sum + n * weights[i]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const d1 = digit(base);
  const d2 = digit([...base, d1]);
  return [...base, d1, d2].join('');
}

const FOUND_CNPJ = '98765432000198';
const NOT_FOUND_CNPJ = '98765432000279';
const VALID_CPF = '52998224725';
const ALPHANUMERIC_CNPJ = '12ABC34501DE35';

let server: TestServer;
let fake: FakeCnpjProviders;
let companyId: string;
let admin: Member;
let vendas: Member;
let rh: Member;
let outsider: Member;
let outsiderCompanyId: string;

const api = async <T = unknown>(path: string, who: Member, init: { method?: string; json?: unknown } = {}) => {
  const res = await server.request(`/api/parties${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who.jar });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // CSV and other non-JSON bodies stay text
  }
  return { status: res.status, body: body as T & { error?: string; code?: string }, headers: res.headers, text };
};

beforeAll(async () => {
  fake = await startFakeCnpjProviders();
  server = await startTestServer({
    CNPJ_PROVIDERS: 'brasilapi',
    BRASILAPI_URL: fake.baseUrls.brasilapi,
    MINHARECEITA_URL: fake.baseUrls.minhareceita,
    RECEITAWS_URL: fake.baseUrls.receitaws,
    CNPJWS_URL: fake.baseUrls.cnpjws,
    CNPJA_URL: fake.baseUrls.cnpja,
  });
  const a = await createCompanyWithAdmin(server, 'Empresa Partes');
  companyId = a.companyId;
  admin = a.admin;
  vendas = await memberOf(server, companyId, 'vendas');
  rh = await memberOf(server, companyId, 'rh');
  const b = await createCompanyWithAdmin(server, 'Outra Empresa');
  outsider = b.admin;
  outsiderCompanyId = b.companyId;
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const newOrganization = async (who: Member = rh, extra: Record<string, unknown> = {}) => {
  const res = await api<Organization>('/organizations', who, { json: { razaoSocial: `Org ${randomInt(1e9)} Ltda`, cnpj: validCnpj(), ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const newPerson = async (who: Member = rh, extra: Record<string, unknown> = {}) => {
  const res = await api<Person>('/people', who, { json: { name: `Pessoa ${randomInt(1e9)}`, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

describe('organizations', () => {
  it('a member creates, reads, edits one; the CNPJ is stored unmasked and unique in the company', async () => {
    const cnpj = validCnpj();
    const masked = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    const created = await newOrganization(rh, { cnpj: masked, phone: '(11) 3456-7890', email: ' Contato@Exemplo.COM.br ', uf: 'sp', cep: '01310-100' });
    expect(created).toMatchObject({ cnpj, phone: '1134567890', email: 'contato@exemplo.com.br', uf: 'SP', cep: '01310100' });

    expect((await api(`/organizations/${created.id}`, rh)).body).toMatchObject({ id: created.id, cnpj });
    const edited = await api<Organization>(`/organizations/${created.id}`, rh, { method: 'PATCH', json: { nomeFantasia: 'Padaria Boa', phone: null } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ nomeFantasia: 'Padaria Boa', phone: null, razaoSocial: created.razaoSocial });

    const dup = await api('/organizations', vendas, { json: { razaoSocial: 'Duplicada', cnpj } });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ error: 'Já existe uma organização com este CNPJ.', code: 'CNPJ_TAKEN' });
    // Another company may hold the same CNPJ among its own organizations.
    expect((await api('/organizations', outsider, { json: { razaoSocial: 'Mesma', cnpj } })).status).toBe(201);
  });

  it('accepts an alphanumeric CNPJ', async () => {
    expect(isValidCnpj(ALPHANUMERIC_CNPJ)).toBe(true);
    const org = await newOrganization(rh, { cnpj: '12.abc.345/01de-35' });
    expect(org.cnpj).toBe(ALPHANUMERIC_CNPJ);
  });

  it('refuses bad input in Portuguese and stores nothing', async () => {
    const before = Number((await sql(server, 'SELECT count(*) FROM organizations WHERE company_id = $1', [companyId]))[0]!.count);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ razaoSocial: 'X', cnpj: '11.222.333/0001-00' }, 'CNPJ inválido'],
      [{ razaoSocial: 'X', cnpj: '123' }, 'O CNPJ deve ter exatamente 14 dígitos'],
      [{ razaoSocial: '' }, 'Informe a razão social.'],
      [{}, 'Informe a razão social.'],
      [{ razaoSocial: 'x'.repeat(10_000) }, 'Razão social: no máximo 300 caracteres.'],
      [{ razaoSocial: 'Nul\u0000Ltda' }, CONTROL_CHARACTERS_MESSAGE],
      [{ razaoSocial: 'X', notes: 'a\u0000b' }, CONTROL_CHARACTERS_MESSAGE],
      [{ razaoSocial: 'X', phone: '1234' }, 'Telefone inválido'],
      [{ razaoSocial: 'X', email: 'sem-arroba' }, 'E-mail inválido'],
      [{ razaoSocial: 'X', website: 'javascript:alert(1)' }, 'Site inválido: informe um endereço http:// ou https://.'],
      [{ razaoSocial: 'X', uf: 'São Paulo' }, 'UF inválida: informe a sigla do estado (ex.: SP).'],
      [{ razaoSocial: 'X', notes: 'n'.repeat(10_001) }, 'Observações: no máximo 10000 caracteres.'],
    ];
    for (const [json, error] of cases) {
      const res = await api('/organizations', admin, { json });
      expect([res.status, res.body.error], JSON.stringify(json).slice(0, 80)).toEqual([400, error]);
    }
    const unknownField = await api('/organizations', admin, { json: { razaoSocial: 'X', companyId: outsiderCompanyId } });
    expect(unknownField.status).toBe(400);
    const notJson = await server.request('/api/parties/organizations', { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' }, jar: admin.jar });
    expect(notJson.status).toBe(415);
    const after = Number((await sql(server, 'SELECT count(*) FROM organizations WHERE company_id = $1', [companyId]))[0]!.count);
    expect(after).toBe(before);
  });

  it('fills one from the CNPJ lookup, once', async () => {
    const first = await api<{ organization: Organization; created: boolean }>('/organizations/lookup', rh, { json: { cnpj: '98.765.432/0001-98' } });
    expect(first.status).toBe(201);
    expect(first.body.created).toBe(true);
    expect(first.body.organization).toMatchObject({ cnpj: FOUND_CNPJ, razaoSocial: 'AURORA FICTICIA PANIFICADORA LTDA' });
    const again = await api<{ organization: Organization; created: boolean }>('/organizations/lookup', vendas, { json: { cnpj: FOUND_CNPJ } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, organization: { id: first.body.organization.id } });
    const missing = await api('/organizations/lookup', rh, { json: { cnpj: NOT_FOUND_CNPJ } });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('CNPJ_NOT_FOUND');
    expect((await api('/organizations/lookup', rh, { json: { cnpj: '98765432000199' } })).body).toMatchObject({ error: 'CNPJ inválido', code: 'VALIDATION_ERROR' });
  });

  it('findOrCreateOrganizationByCnpj (for areas): concurrent calls end with one organization', async () => {
    const { companyId: fresh, admin: freshAdmin } = await createCompanyWithAdmin(server, 'Empresa Corrida');
    const tenant = { db: server.services.db, companyId: fresh, actorId: freshAdmin.userId };
    const results = await Promise.all(Array.from({ length: 8 }, () => findOrCreateOrganizationByCnpj(server.services, tenant, FOUND_CNPJ)));
    expect(new Set(results.map((r) => r.organization.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await sql(server, 'SELECT count(*)::int AS n FROM organizations WHERE company_id = $1', [fresh])).toEqual([{ n: 1 }]);
    // getPerson is scoped the same way as the API.
    const p = await newPerson(rh);
    await expect(getPerson({ db: server.services.db, companyId: fresh }, p.id)).rejects.toMatchObject({ status: 404 });
  });

  it('lists by name with a cursor and searches by name, trade name and CNPJ', async () => {
    const tag = `Zeta${randomInt(1e6)}`;
    const made: Organization[] = [];
    for (const n of ['c', 'a', 'e', 'b', 'd']) made.push(await newOrganization(rh, { razaoSocial: `${tag} ${n}` }));
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: PartyPage<Organization> } = await api<PartyPage<Organization>>(`/organizations?q=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, rh);
      names.push(...res.body.items.map((o) => o.razaoSocial));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(names).toEqual(['a', 'b', 'c', 'd', 'e'].map((n) => `${tag} ${n}`));
    const byCnpj = await api<PartyPage<Organization>>(`/organizations?q=${made[0]!.cnpj!.slice(0, 8)}`, rh);
    expect(byCnpj.body.items.map((o) => o.id)).toContain(made[0]!.id);
    // Pattern characters are text, not wildcards.
    expect((await api<PartyPage<Organization>>('/organizations?q=%25', rh)).body.items).toEqual([]);
    expect((await api('/organizations?cursor=bogus', rh)).status).toBe(400);
    expect((await api('/organizations?limit=1000', rh)).status).toBe(400);
    expect((await api(`/organizations?q=${'q'.repeat(101)}`, rh)).status).toBe(400);
    // Another company's list never shows them.
    expect((await api<PartyPage<Organization>>(`/organizations?q=${tag}`, outsider)).body.items).toEqual([]);
  });

  it('deleting one takes it out of the lists, unlinks its people and writes an audit line', async () => {
    const org = await newOrganization(rh);
    const person = await newPerson(rh, { organizationId: org.id });
    expect((await api(`/organizations/${org.id}`, rh, { method: 'DELETE' })).status).toBe(403);
    expect((await api(`/organizations/${org.id}`, vendas, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/organizations/${org.id}`, rh)).status).toBe(404);
    expect((await api<Person>(`/people/${person.id}`, rh)).body.organizationId).toBeNull();
    const [line] = await sql(server, "SELECT user_id, details FROM activity_log WHERE company_id = $1 AND action = 'organization_deleted' AND details->>'id' = $2", [companyId, org.id]);
    expect(line).toMatchObject({ user_id: vendas.userId, details: { entity: 'organization', id: org.id, label: org.razaoSocial } });
    // Its CNPJ may be used again.
    expect((await api('/organizations', rh, { json: { razaoSocial: 'De novo', cnpj: org.cnpj } })).status).toBe(201);
  });
});

describe('people', () => {
  it('a member creates one with masked phones, CPF, e-mails, LGPD fields and an organization of the company', async () => {
    const org = await newOrganization(rh);
    const person = await newPerson(rh, {
      name: '  Maria da Silva ',
      emails: ['Maria@Exemplo.com.br', 'maria@exemplo.com.br', 'outra@exemplo.com'],
      phones: ['(11) 91234-5678', '(21) 3456-7890'],
      cpf: '529.982.247-25',
      position: 'Compradora',
      organizationId: org.id,
      legalBasis: 'consentimento',
      legalBasisSource: 'Formulário do site',
      legalBasisAt: '2025-11-03',
      whatsappOptOut: true,
    });
    expect(person).toMatchObject({
      name: 'Maria da Silva',
      emails: ['maria@exemplo.com.br', 'outra@exemplo.com'],
      phones: ['11912345678', '2134567890'],
      cpf: VALID_CPF,
      organization: { id: org.id, razaoSocial: org.razaoSocial },
      legalBasis: 'consentimento',
      legalBasisAt: '2025-11-03',
      whatsappOptOut: true,
      emailOptOut: false,
      suppressed: false,
    });
    const dup = await api('/people', vendas, { json: { name: 'Outra Maria', cpf: VALID_CPF } });
    expect(dup.body).toEqual({ error: 'Já existe uma pessoa com este CPF.', code: 'CPF_TAKEN' });
    expect(dup.status).toBe(409);

    const edited = await api<Person>(`/people/${person.id}`, rh, { method: 'PATCH', json: { emailOptOut: true, organizationId: null, cpf: '' } });
    expect(edited.body).toMatchObject({ emailOptOut: true, organizationId: null, organization: null, cpf: null });
  });

  it("refuses another company's organization", async () => {
    const foreign = (await api<Organization>('/organizations', outsider, { json: { razaoSocial: 'Estrangeira' } })).body;
    const res = await api('/people', rh, { json: { name: 'Ligada fora', organizationId: foreign.id } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Organização não encontrada.', code: 'ORGANIZATION_NOT_FOUND' });
    const mine = await newPerson(rh);
    expect((await api(`/people/${mine.id}`, rh, { method: 'PATCH', json: { organizationId: foreign.id } })).status).toBe(400);
    expect((await api<Person>(`/people/${mine.id}`, rh)).body.organizationId).toBeNull();
  });

  it('refuses bad input in Portuguese and stores nothing', async () => {
    const before = Number((await sql(server, 'SELECT count(*) FROM people WHERE company_id = $1', [companyId]))[0]!.count);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'X', cpf: '111.111.111-11' }, 'CPF inválido'],
      [{ name: 'X', cpf: '529.982.247-24' }, 'CPF inválido'],
      [{ name: 'X', phones: ['(11) 1234'] }, 'Telefone inválido'],
      [{ name: 'X', phones: ['abc11912345678'] }, 'Telefone inválido'],
      [{ name: 'X', emails: ['nao-e-email'] }, 'E-mail inválido'],
      [{ name: 'X', emails: Array.from({ length: 11 }, (_, i) => `p${i}@exemplo.com`) }, 'No máximo 10 e-mails por pessoa.'],
      [{ name: 'x'.repeat(10_000) }, 'Nome: no máximo 300 caracteres.'],
      [{ name: 'A\u0000B' }, CONTROL_CHARACTERS_MESSAGE],
      [{ name: '   ' }, 'Informe o nome.'],
      [{ name: 'X', legalBasis: 'porque sim' }, 'Base legal inválida.'],
      [{ name: 'X', legalBasisAt: '2025-02-30' }, 'Data inválida: use AAAA-MM-DD.'],
      [{ name: 'X', organizationId: 'not-a-uuid' }, 'Organização inválida.'],
    ];
    for (const [json, error] of cases) {
      const res = await api('/people', admin, { json });
      expect([res.status, res.body.error], JSON.stringify(json).slice(0, 80)).toEqual([400, error]);
    }
    expect((await api('/people/not-a-uuid', admin)).status).toBe(404);
    const p = await newPerson(admin);
    expect((await api(`/people/${p.id}`, admin, { method: 'PATCH', json: {} })).body).toMatchObject({ error: 'Nada para alterar.' });
    const after = Number((await sql(server, 'SELECT count(*) FROM people WHERE company_id = $1', [companyId]))[0]!.count);
    expect(after).toBe(before + 1);
  });

  it('searches by name, e-mail, CPF and phone, and filters by organization', async () => {
    const org = await newOrganization(rh);
    const tag = `Busca${randomInt(1e6)}`;
    const a = await newPerson(rh, { name: `${tag} Ana`, emails: [`${tag.toLowerCase()}@exemplo.com`], organizationId: org.id });
    const b = await newPerson(rh, { name: `${tag} Bruno`, phones: ['(31) 99876-5432'] });
    const ids = async (q: string) => (await api<PartyPage<Person>>(`/people?${q}`, rh)).body.items.map((p) => p.id);
    expect(await ids(`q=${tag}`)).toEqual([a.id, b.id]);
    expect(await ids(`q=${tag.toLowerCase()}%40exemplo`)).toEqual([a.id]);
    expect(await ids('q=99876-5432')).toContain(b.id);
    expect(await ids(`organizationId=${org.id}`)).toEqual([a.id]);
    expect((await api<PartyPage<Person>>(`/people?q=${tag}`, outsider)).body.items).toEqual([]);
  });
});

describe('LGPD', () => {
  it('exports everything held about a person as JSON and CSV, with an audit line', async () => {
    const org = await newOrganization(rh, { razaoSocial: 'Exportadora Ltda' });
    const p = await newPerson(rh, { name: 'João Exportado', emails: ['joao@exemplo.com'], phones: ['11912345678'], cpf: '52998224725', organizationId: org.id, legalBasis: 'legitimo_interesse', notes: '=HYPERLINK("x")' });
    expect((await api(`/people/${p.id}/export`, rh)).status).toBe(403);
    const json = await api<PersonExport>(`/people/${p.id}/export?format=json`, vendas);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toBe(`attachment; filename="pessoa-${p.id}.json"`);
    expect(json.body).toMatchObject({
      company: { id: companyId, name: 'Empresa Partes' },
      person: { id: p.id, name: 'João Exportado', emails: ['joao@exemplo.com'], phones: ['11912345678'], cpf: '52998224725', legalBasis: 'legitimo_interesse' },
      organization: { id: org.id, razaoSocial: 'Exportadora Ltda' },
      legalBasisLabel: 'Legítimo interesse',
    });
    const csv = await api(`/people/${p.id}/export?format=csv`, admin);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('campo;valor');
    expect(lines).toContain('Nome;João Exportado');
    expect(lines).toContain('E-mails;joao@exemplo.com');
    expect(lines).toContain('Base legal;Legítimo interesse');
    expect(lines).toContain('Organização;Exportadora Ltda');
    // A formula is defused.
    expect(lines).toContain(`Observações;"'=HYPERLINK(""x"")"`);
    expect((await api(`/people/${p.id}/export?format=pdf`, admin)).body).toEqual({ error: 'Formato inválido: use json ou csv.', code: 'VALIDATION_ERROR' });
    const audit = await sql(server, "SELECT user_id, details FROM activity_log WHERE company_id = $1 AND action = 'person_data_exported' AND details->>'id' = $2 ORDER BY id", [companyId, p.id]);
    expect(audit.map((r) => [r.user_id, r.details.format, r.details.entity])).toEqual([
      [vendas.userId, 'json', 'person'],
      [admin.userId, 'csv', 'person'],
    ]);
  });

  it('erasure removes the personal data, keeps only the suppression hash, and the contact stays suppressed', async () => {
    const p = await newPerson(rh, { name: 'Helena Apagada', emails: ['helena.apagada@exemplo.com'], phones: ['(11) 98888-7777'] });
    const tenant = { db: server.services.db, companyId };
    expect(await isSuppressed(server.services, tenant, { email: 'helena.apagada@exemplo.com' })).toBe(false);

    expect((await api(`/people/${p.id}/erase`, vendas, { method: 'POST', json: {} })).status).toBe(403);
    const erased = await api(`/people/${p.id}/erase`, admin, { method: 'POST', json: {} });
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ erased: true, suppressedContacts: 2 });

    expect((await api(`/people/${p.id}`, admin)).status).toBe(404);
    expect((await api(`/people/${p.id}/export`, admin)).status).toBe(404);
    expect(await sql(server, 'SELECT id FROM people WHERE id = $1', [p.id])).toEqual([]);
    // Nothing readable is left anywhere: not the name, the e-mail or the phone.
    for (const table of ['people', 'suppression_list', 'activity_log']) {
      const dump = JSON.stringify(await sql(server, `SELECT * FROM ${table} WHERE company_id = $1`, [companyId]));
      expect(dump, table).not.toContain('Helena');
      expect(dump, table).not.toContain('helena.apagada');
      expect(dump, table).not.toContain('98888');
    }
    const hashes = await sql(server, 'SELECT kind, hash, reason FROM suppression_list WHERE company_id = $1', [companyId]);
    expect(hashes.filter((h) => h.reason === 'erasure').map((h) => h.kind).sort()).toEqual(['email', 'phone']);
    for (const h of hashes) expect(h.hash).toMatch(/^[0-9a-f]{64}$/);

    expect(await isSuppressed(server.services, tenant, { email: ' Helena.Apagada@Exemplo.com ' })).toBe(true);
    expect(await isSuppressed(server.services, tenant, { phone: '+55 (11) 98888-7777' })).toBe(true);
    // The hash is the company's: another company may still reach the same address.
    expect(await isSuppressed(server.services, { db: server.services.db, companyId: outsiderCompanyId }, { email: 'helena.apagada@exemplo.com' })).toBe(false);

    // Entered again (an import, a form), the person comes back suppressed.
    const again = await newPerson(rh, { name: 'Helena de novo', emails: ['helena.apagada@exemplo.com'] });
    expect(again.suppressed).toBe(true);

    const [line] = await sql(server, "SELECT user_id, details FROM activity_log WHERE company_id = $1 AND action = 'person_data_erased'", [companyId]);
    expect(line).toEqual({ user_id: admin.userId, details: { entity: 'person', id: p.id, contacts: 2 } });
    // The admin reads it in the activity log (the panel labels it from @sede/shared/activity).
    const log = await server.request('/api/members/activity?action=person_data_erased', { jar: admin.jar });
    const { entries } = (await log.json()) as { entries: Array<{ action: string; user: { id: string } | null; details: Record<string, unknown> }> };
    expect(entries.map((e) => [e.action, e.user?.id, e.details.id])).toEqual([['person_data_erased', admin.userId, p.id]]);
  });

  it('a person marked suppressed is suppressed; a soft-deleted one can still be erased', async () => {
    await newPerson(rh, { name: 'Supressa', emails: ['supressa@exemplo.com'], suppressed: true });
    expect(await isSuppressed(server.services, { db: server.services.db, companyId }, { email: 'supressa@exemplo.com' })).toBe(true);
    const gone = await newPerson(rh, { name: 'Excluída', emails: ['excluida@exemplo.com'] });
    expect((await api(`/people/${gone.id}`, rh, { method: 'DELETE' })).status).toBe(403);
    expect((await api(`/people/${gone.id}`, vendas, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/people/${gone.id}`, vendas)).status).toBe(404);
    const [deleted] = await sql(server, "SELECT details FROM activity_log WHERE company_id = $1 AND action = 'person_deleted' AND details->>'id' = $2", [companyId, gone.id]);
    expect(deleted!.details).toEqual({ entity: 'person', id: gone.id });
    expect((await api(`/people/${gone.id}/erase`, admin, { method: 'POST', json: {} })).status).toBe(200);
    expect(await sql(server, 'SELECT id FROM people WHERE id = $1', [gone.id])).toEqual([]);
  });
});

describe('isolation', () => {
  it("another company's member gets 404 for every id; a member without the permission 403", async () => {
    const org = await newOrganization(rh, { razaoSocial: 'Segredo Organização Ltda' });
    const person = await newPerson(rh, { name: 'Segredo Pessoa', organizationId: org.id });
    const secrets = [companyId, 'Segredo'];
    // Read and write: every member of the company (decision 0125).
    await expectTenantIsolation(server, { owner: { jar: rh.jar }, outsider, secrets }, [
      { method: 'GET', path: `/api/parties/organizations/${org.id}` },
      { method: 'PATCH', path: `/api/parties/organizations/${org.id}`, body: { nomeFantasia: 'Novo' } },
      { method: 'GET', path: `/api/parties/people/${person.id}` },
      { method: 'PATCH', path: `/api/parties/people/${person.id}`, body: { position: 'Gerente' } },
    ]);
    // Export and delete: sales and admin.
    await expectTenantIsolation(server, { owner: vendas, outsider, withoutPermission: rh, secrets }, [
      { method: 'GET', path: `/api/parties/people/${person.id}/export?format=json` },
      { method: 'GET', path: `/api/parties/people/${person.id}/export?format=csv` },
      { method: 'DELETE', path: `/api/parties/people/${person.id}` },
      { method: 'DELETE', path: `/api/parties/organizations/${org.id}` },
    ]);
    // Erasure: the admin only.
    const other = await newPerson(rh, { name: 'Segredo Dois' });
    await expectTenantIsolation(server, { owner: admin, outsider, withoutPermission: vendas, secrets }, [{ method: 'POST', path: `/api/parties/people/${other.id}/erase`, body: {} }]);
    // The outsider's writes changed nothing (the owner's requests above succeeded after them).
    const [row] = await sql(server, 'SELECT position FROM people WHERE id = $1', [person.id]);
    expect(row!.position).toBe('Gerente');
  });

  it('a signed-in person without a company is refused; lists are scoped to the caller', async () => {
    const { createConfirmedUser } = await import('../support/test-server.ts');
    const loner = await createConfirmedUser(server, { email: `sozinho.${randomInt(1e9)}@exemplo.com` });
    expect((await server.request('/api/parties/people', { jar: loner.jar })).status).toBe(403);
    expect((await server.request('/api/parties/organizations', { method: 'POST', json: { razaoSocial: 'X' }, jar: loner.jar })).status).toBe(403);
  });
});
