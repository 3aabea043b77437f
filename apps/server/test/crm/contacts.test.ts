import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmList, CrmSegment, ImportPreview } from '@sede/shared/crm/contacts';
import type { Organization, PartyPage, Person } from '@sede/shared/platform/parties';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';
import { analyzed, apiOf, runImport } from './contacts-support.ts';

let server: TestServer;
let api: ReturnType<typeof apiOf>;
let companyId: string;
let admin: Member;
let vendas: Member;
let rh: Member;
let outsider: Member;

beforeAll(async () => {
  server = await startTestServer();
  api = apiOf(server);
  const a = await createCompanyWithAdmin(server, 'Contatos A Ltda');
  companyId = a.companyId;
  admin = a.admin;
  vendas = await memberOf(server, companyId, 'vendas');
  rh = await memberOf(server, companyId, 'rh');
  outsider = (await createCompanyWithAdmin(server, 'Contatos B Ltda')).admin;
});
afterAll(async () => {
  await server?.stop();
});

const person = async (json: Record<string, unknown>, who: Member = vendas) => {
  const res = await api<Person>('/api/parties/people', who, { json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const people = async (query: string, who: Member = vendas) => {
  const res = await api<PartyPage<Person>>(`/api/parties/people?${query}`, who);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('owner and tags on people and organizations, and the lists’ filters', () => {
  it('stores owner and tags; an owner must be a member of the company', async () => {
    const p = await person({ name: 'Otávio Dono', ownerId: vendas.userId, tags: ['vip', ' lead ', 'vip'] });
    expect(p).toMatchObject({ ownerId: vendas.userId, tags: ['vip', 'lead'] });
    const bad = await api('/api/parties/people', vendas, { json: { name: 'X', ownerId: outsider.userId } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'OWNER_NOT_MEMBER', error: 'O responsável precisa ser um membro da empresa.' });
    const tooMany = await api('/api/parties/people', vendas, { json: { name: 'X', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) } });
    expect(tooMany).toMatchObject({ status: 400, body: { error: 'No máximo 20 etiquetas.' } });
    const org = await api<Organization>('/api/parties/organizations', vendas, { json: { razaoSocial: 'Filtro Org Ltda', ownerId: admin.userId, tags: ['parceiro'] } });
    expect(org.body).toMatchObject({ ownerId: admin.userId, tags: ['parceiro'] });
    const patched = await api<Person>(`/api/parties/people/${p.id}`, vendas, { method: 'PATCH', json: { ownerId: null, tags: [] } });
    expect(patched.body).toMatchObject({ ownerId: null, tags: [] });
  });

  it('filters by owner, tag, e-mail, legal basis and creation date; sorts and pages by cursor', async () => {
    const tag = `filtro-${Date.now()}`;
    const a = await person({ name: 'Filtro Ana', emails: ['ana.filtro@x.com'], ownerId: admin.userId, tags: [tag], legalBasis: 'consentimento' });
    const b = await person({ name: 'Filtro Bruno', tags: [tag], legalBasis: 'legitimo_interesse' });
    const c = await person({ name: 'Filtro Carla', phones: ['11987654321'], tags: [tag] });
    await sql(server, "UPDATE people SET created_at = now() - interval '10 days' WHERE id = $1", [c.id]);
    const names = (p: PartyPage<Person>) => p.items.map((x) => x.name);

    expect(names(await people(`tag=${tag}`))).toEqual(['Filtro Ana', 'Filtro Bruno', 'Filtro Carla']);
    expect(names(await people(`tag=${tag}&ownerId=${admin.userId}`))).toEqual(['Filtro Ana']);
    expect(names(await people(`tag=${tag}&noOwner=true`))).toEqual(['Filtro Bruno', 'Filtro Carla']);
    expect(names(await people(`tag=${tag}&hasEmail=true`))).toEqual(['Filtro Ana']);
    expect(names(await people(`tag=${tag}&hasEmail=false`))).toEqual(['Filtro Bruno', 'Filtro Carla']);
    expect(names(await people(`tag=${tag}&legalBasis=legitimo_interesse`))).toEqual(['Filtro Bruno']);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    expect(names(await people(`tag=${tag}&createdFrom=${today}`))).toEqual(['Filtro Ana', 'Filtro Bruno']);
    expect(names(await people(`tag=${tag}&createdTo=2000-01-01`))).toEqual([]);
    // Search by the start of words, accents and case folded (decision 0155).
    const erica = await person({ name: `ÉRICA Conceição ${tag}` });
    for (const q of ['erica conceicao', 'Éri', 'CONCEIÇÃO', 'eric conc']) expect((await people(`q=${encodeURIComponent(q)}`)).items.map((p) => p.id), q).toContain(erica.id);
    expect((await people(`q=${encodeURIComponent('rica')}`)).items.map((p) => p.id)).not.toContain(erica.id);
    await api(`/api/parties/people/${erica.id}`, vendas, { method: 'DELETE' });
    // Search by phone digits and e-mail.
    expect(names(await people(`q=98765-4321`))).toContain('Filtro Carla');
    expect(names(await people(`q=ana.filtro`))).toEqual(['Filtro Ana']);
    // Sort by creation, newest first, one per page.
    const first = await people(`tag=${tag}&sort=created&dir=desc&limit=1`);
    expect(names(first)).toEqual(['Filtro Bruno']);
    const second = await people(`tag=${tag}&sort=created&dir=desc&limit=1&cursor=${first.nextCursor}`);
    expect(names(second)).toEqual(['Filtro Ana']);
    const third = await people(`tag=${tag}&sort=created&dir=desc&limit=1&cursor=${second.nextCursor}`);
    expect(names(third)).toEqual(['Filtro Carla']);
    expect(third.nextCursor).toBeNull();
    // Name, descending, paged.
    const d1 = await people(`tag=${tag}&dir=desc&limit=2`);
    expect(names(d1)).toEqual(['Filtro Carla', 'Filtro Bruno']);
    expect(names(await people(`tag=${tag}&dir=desc&limit=2&cursor=${d1.nextCursor}`))).toEqual(['Filtro Ana']);
    void a;
    void b;

    for (const [query, message] of [
      ['sort=idade', 'Ordenação inválida.'],
      ['hasEmail=talvez', 'Filtro inválido.'],
      ['legalBasis=nenhuma', 'Base legal inválida.'],
      ['createdFrom=31-12-2024', 'Data inválida: use AAAA-MM-DD.'],
      ['cursor=bad', 'Cursor de paginação inválido.'],
    ]) {
      const res = await api(`/api/parties/people?${query}`, vendas);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe(message);
    }
  });
});

describe('lists, segments and bulk actions', () => {
  it('a static list: create, add people and organizations, count, filter by it, remove, delete (crm.delete)', async () => {
    const list = await api<CrmList>('/api/crm-contacts/lists', vendas, { json: { name: 'Feira 2025', description: 'Visitantes do estande' } });
    expect(list.status).toBe(201);
    const p1 = await person({ name: 'Lista Um' });
    const p2 = await person({ name: 'Lista Dois' });
    const org = await api<Organization>('/api/parties/organizations', vendas, { json: { razaoSocial: 'Lista Org Ltda' } });
    const added = await api(`/api/crm-contacts/lists/${list.body.id}/members`, vendas, { json: { personIds: [p1.id, p2.id, p1.id], organizationIds: [org.body.id] } });
    expect(added.body).toEqual({ added: 3 });
    expect((await api(`/api/crm-contacts/lists/${list.body.id}/members`, vendas, { json: { personIds: [p1.id] } })).body).toEqual({ added: 0 });
    expect((await api<CrmList>(`/api/crm-contacts/lists/${list.body.id}`, vendas)).body).toMatchObject({ name: 'Feira 2025', peopleCount: 2, organizationsCount: 1 });
    expect((await people(`listId=${list.body.id}`)).items.map((p) => p.name)).toEqual(['Lista Dois', 'Lista Um']);
    const orgs = await api<PartyPage<Organization>>(`/api/parties/organizations?listId=${list.body.id}`, vendas);
    expect(orgs.body.items.map((o) => o.razaoSocial)).toEqual(['Lista Org Ltda']);

    const removed = await api(`/api/crm-contacts/lists/${list.body.id}/members/remove`, vendas, { json: { personIds: [p2.id] } });
    expect(removed.body).toEqual({ removed: 1 });
    // Another company's person is refused, nothing added.
    const foreign = await api<Person>('/api/parties/people', outsider, { json: { name: 'Alheio' } });
    const refused = await api(`/api/crm-contacts/lists/${list.body.id}/members`, vendas, { json: { personIds: [p2.id, foreign.body.id] } });
    expect(refused).toMatchObject({ status: 404, body: { code: 'CONTACTS_NOT_FOUND' } });
    expect((await api<CrmList>(`/api/crm-contacts/lists/${list.body.id}`, vendas)).body.peopleCount).toBe(1);

    const renamed = await api<CrmList>(`/api/crm-contacts/lists/${list.body.id}`, vendas, { method: 'PATCH', json: { name: 'Feira 2026' } });
    expect(renamed.body.name).toBe('Feira 2026');
    expect((await api('/api/crm-contacts/lists', vendas, { json: { name: '  ' } })).body.error).toBe('Informe o nome da lista.');
    expect((await api('/api/crm-contacts/lists', vendas, { json: { name: 'x'.repeat(121) } })).body.error).toBe('O nome pode ter no máximo 120 caracteres.');

    expect((await api(`/api/crm-contacts/lists/${list.body.id}`, rh, { method: 'DELETE' })).status).toBe(403);
    expect((await api(`/api/crm-contacts/lists/${list.body.id}`, vendas, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/api/crm-contacts/lists/${list.body.id}`, vendas)).status).toBe(404);
    const audit = await sql(server, "SELECT details FROM activity_log WHERE company_id = $1 AND action = 'crm_list_deleted' AND details->>'entity' = 'crm_list'", [companyId]);
    expect(audit.map((r) => r.details.label)).toContain('Feira 2026');
  });

  it('a segment stores its filter and is evaluated on read', async () => {
    const tag = `seg-${Date.now()}`;
    await person({ name: 'Seg Um', tags: [tag], emails: ['seg1@x.com'] });
    const seg = await api<CrmSegment>('/api/crm-contacts/segments', vendas, { json: { name: 'Com e-mail', entity: 'people', filter: { tag, hasEmail: true } } });
    expect(seg.status, JSON.stringify(seg.body)).toBe(201);
    expect(seg.body).toMatchObject({ name: 'Com e-mail', entity: 'people', filter: { tag, hasEmail: true }, count: 1 });
    await person({ name: 'Seg Dois', tags: [tag], emails: ['seg2@x.com'] });
    await person({ name: 'Seg Três', tags: [tag] });
    expect((await api<CrmSegment>(`/api/crm-contacts/segments/${seg.body.id}`, vendas)).body.count).toBe(2);
    expect((await api<{ items: CrmSegment[] }>('/api/crm-contacts/segments', vendas)).body.items.find((s) => s.id === seg.body.id)?.count).toBe(2);
    const patched = await api<CrmSegment>(`/api/crm-contacts/segments/${seg.body.id}`, vendas, { method: 'PATCH', json: { filter: { tag } } });
    expect(patched.body.count).toBe(3);
    for (const [body, message] of [
      [{ name: 'X', entity: 'people', filter: { hasEmail: 'talvez' } }, 'Filtro inválido.'],
      [{ name: 'X', entity: 'pets', filter: {} }, 'Tipo de contato inválido: use people ou organizations.'],
      [{ name: 'X', entity: 'people', filter: { cor: 'azul' } }, undefined],
    ] as const) {
      const res = await api('/api/crm-contacts/segments', vendas, { json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.error).toBe(message);
    }
    // A filter naming another company's list: 404, as any foreign id.
    const foreignList = await api<CrmList>('/api/crm-contacts/lists', outsider, { json: { name: 'Deles' } });
    expect((await api('/api/crm-contacts/segments', vendas, { json: { name: 'X', entity: 'people', filter: { listId: foreignList.body.id } } })).status).toBe(404);
    expect((await api(`/api/crm-contacts/segments/${seg.body.id}`, rh, { method: 'DELETE' })).status).toBe(403);
    expect((await api(`/api/crm-contacts/segments/${seg.body.id}`, vendas, { method: 'DELETE' })).status).toBe(200);
  });

  it('bulk actions on ids and on everything matching a filter, in one transaction, audited; delete needs parties.delete', async () => {
    const tag = `bulk-${Date.now()}`;
    const ps = await Promise.all([1, 2, 3].map((i) => person({ name: `Bulk ${i}`, tags: [tag], emails: i === 1 ? ['bulk1@x.com'] : [] })));
    const bulk = (body: unknown, who: Member = vendas) => api<{ affected: number }>('/api/crm-contacts/bulk', who, { json: body });

    expect((await bulk({ entity: 'people', target: { ids: [ps[0]!.id, ps[1]!.id] }, action: { type: 'tag', add: ['quente'], remove: [tag] } })).body).toEqual({ affected: 2 });
    expect((await people(`tag=quente&q=Bulk`)).items.map((p) => [p.name, p.tags])).toEqual([
      ['Bulk 1', ['quente']],
      ['Bulk 2', ['quente']],
    ]);
    expect((await bulk({ entity: 'people', target: { filter: { q: 'Bulk', hasEmail: false } }, action: { type: 'assign_owner', ownerId: admin.userId } })).body.affected).toBeGreaterThanOrEqual(2);
    expect((await people(`q=Bulk&ownerId=${admin.userId}`)).items.map((p) => p.name)).toEqual(['Bulk 2', 'Bulk 3']);
    const list = await api<CrmList>('/api/crm-contacts/lists', vendas, { json: { name: 'Bulk lista' } });
    expect((await bulk({ entity: 'people', target: { filter: { tag: 'quente', q: 'Bulk' } }, action: { type: 'add_to_list', listId: list.body.id } })).body).toEqual({ affected: 2 });
    expect((await api<CrmList>(`/api/crm-contacts/lists/${list.body.id}`, vendas)).body.peopleCount).toBe(2);

    // An owner from another company, an empty tag action: 400; another company's id: 404; nothing changed.
    expect((await bulk({ entity: 'people', target: { ids: [ps[2]!.id] }, action: { type: 'assign_owner', ownerId: outsider.userId } })).status).toBe(400);
    const foreign = await api<Person>('/api/parties/people', outsider, { json: { name: 'Alheio Bulk' } });
    const mixed = await bulk({ entity: 'people', target: { ids: [ps[2]!.id, foreign.body.id] }, action: { type: 'tag', add: ['x'], remove: [] } });
    expect(mixed).toMatchObject({ status: 404, body: { code: 'CONTACTS_NOT_FOUND', error: 'Alguns contatos selecionados não foram encontrados.' } });
    expect((await api<Person>(`/api/parties/people/${ps[2]!.id}`, vendas)).body.tags).toEqual([tag]);
    expect((await api<Person>(`/api/parties/people/${foreign.body.id}`, outsider)).body.tags).toEqual([]);
    expect((await bulk({ entity: 'people', target: { ids: [ps[2]!.id] }, action: { type: 'tag', add: [], remove: [] } })).status).toBe(400);
    expect((await bulk({ entity: 'people', target: { ids: Array.from({ length: 1001 }, () => ps[0]!.id) }, action: { type: 'delete' } })).body.error).toBe(
      'Selecione no máximo 1.000 contatos por vez.',
    );
    expect((await bulk({ entity: 'people', target: { filter: {} }, action: { type: 'add_to_list', listId: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);

    expect((await bulk({ entity: 'people', target: { filter: { q: 'Bulk' } }, action: { type: 'delete' } }, rh)).status).toBe(403);
    expect((await bulk({ entity: 'people', target: { filter: { q: 'Bulk ' } }, action: { type: 'delete' } })).body.affected).toBe(3);
    expect((await people('q=Bulk ')).items).toEqual([]);
    const audit = await sql(server, "SELECT action, details FROM activity_log WHERE company_id = $1 AND action IN ('people_bulk_updated', 'people_bulk_deleted') AND details->>'entity' = 'people' ORDER BY id", [companyId]);
    expect(audit.map((r) => [r.action, r.details.operation, r.details.count])).toEqual([
      ['people_bulk_updated', 'tag', 2],
      ['people_bulk_updated', 'assign_owner', expect.any(Number)],
      ['people_bulk_updated', 'add_to_list', 2],
      ['people_bulk_deleted', 'delete', 3],
    ]);
  });

  it('exports the filtered contacts as CSV with formula cells defused (parties.export)', async () => {
    const tag = `exp-${Date.now()}`;
    await person({ name: '=HYPERLINK("http://mal")', tags: [tag], emails: ['exp@x.com'], ownerId: vendas.userId });
    await person({ name: 'Export Bia', tags: [tag], legalBasis: 'consentimento' });
    expect((await api(`/api/crm-contacts/export?entity=people&tag=${tag}`, rh)).status).toBe(403);
    const res = await api(`/api/crm-contacts/export?entity=people&tag=${tag}`, vendas);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Nome;E-mails;Telefones;CPF;Cargo;Organização;Responsável;Etiquetas;Base legal;Criado em');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""http://mal"")"`))).toBe(true);
    expect(lines.some((l) => l.startsWith('Export Bia;') && l.includes('Consentimento'))).toBe(true);
    const orgs = await api(`/api/crm-contacts/export?entity=organizations`, vendas);
    expect(orgs.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Razão social;Nome fantasia;CNPJ;E-mail;Telefone;Município;UF;Responsável;Etiquetas;Criado em');
    const audit = await sql(server, "SELECT details FROM activity_log WHERE company_id = $1 AND action IN ('people_exported', 'organizations_exported') AND details->>'entity' IN ('people', 'organizations')", [companyId]);
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });
});

describe('isolation: another company 404, without permission 403', () => {
  it('every endpoint and id', async () => {
    const list = await api<CrmList>('/api/crm-contacts/lists', vendas, { json: { name: 'Secreta Lista' } });
    const seg = await api<CrmSegment>('/api/crm-contacts/segments', vendas, { json: { name: 'Secreto Segmento', entity: 'people', filter: {} } });
    const p = await person({ name: 'Secreta Pessoa' });
    const csv = Buffer.from('nome;email\nSecreta Import;inv@\n');
    const done = await runImport(server, vendas, csv, { dedupe: 'skip' });
    const pending = await analyzed(server, vendas, csv);
    const draft = (await api<{ id: string }>('/api/crm-contacts/imports', vendas, { json: {} })).body.id;
    const owner = { jar: vendas.jar };
    const cast = { owner, outsider: { jar: outsider.jar }, secrets: ['Secreta', 'Secreto', list.body.id] };
    await expectTenantIsolation(server, cast, [
      { method: 'GET', path: `/api/crm-contacts/lists/${list.body.id}` },
      { method: 'PATCH', path: `/api/crm-contacts/lists/${list.body.id}`, body: { name: 'Secreta Lista' } },
      { method: 'POST', path: `/api/crm-contacts/lists/${list.body.id}/members`, body: { personIds: [p.id] } },
      { method: 'POST', path: `/api/crm-contacts/lists/${list.body.id}/members/remove`, body: { personIds: [p.id] } },
      { method: 'GET', path: `/api/crm-contacts/segments/${seg.body.id}` },
      { method: 'PATCH', path: `/api/crm-contacts/segments/${seg.body.id}`, body: { name: 'Secreto Segmento' } },
      { method: 'GET', path: `/api/crm-contacts/imports/${done.id}` },
      { method: 'GET', path: `/api/crm-contacts/imports/${done.id}/errors` },
      { method: 'POST', path: `/api/crm-contacts/imports/${draft}/analyze`, body: { fileId: pending.fileId }, ownerStatus: 400 },
      { method: 'POST', path: `/api/crm-contacts/imports/${pending.id}/start`, body: { mapping: ['name', 'email'], dedupe: 'skip' } },
      // Bulk on the owner's ids: another company's member gets 404 through the list id.
      { method: 'POST', path: '/api/crm-contacts/bulk', body: { entity: 'people', target: { ids: [p.id] }, action: { type: 'add_to_list', listId: list.body.id } } },
    ]);
    // Deletion and export: 403 for a member without the permission (rh), 404 for another company.
    await expectTenantIsolation(server, { ...cast, withoutPermission: { jar: rh.jar } }, [
      { method: 'DELETE', path: `/api/crm-contacts/segments/${seg.body.id}` },
      { method: 'DELETE', path: `/api/crm-contacts/lists/${list.body.id}` },
    ]);
    await expectTenantIsolation(server, { ...cast, withoutPermission: { jar: rh.jar }, secrets: ['Secreta'] }, [
      { method: 'POST', path: '/api/crm-contacts/bulk', body: { entity: 'people', target: { ids: [p.id] }, action: { type: 'delete' } } },
    ]);
    // The company-wide lists: another company sees only its own, never the owner's.
    for (const path of ['/api/crm-contacts/lists', '/api/crm-contacts/segments', '/api/crm-contacts/imports', '/api/parties/people?q=Secreta']) {
      const res = await api(path, outsider);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain('Secret');
    }
    const exp = await api('/api/crm-contacts/export?entity=people&q=Secreta', outsider);
    expect(exp.status).toBe(200);
    expect(exp.text).not.toContain('Secreta');
    // The import's file: another company's member cannot read it, nor upload to the import.
    expect((await server.request(`/api/files?entityType=crm_import&entityId=${pending.id}`, { jar: outsider.jar })).status).toBe(404);
    expect((await api(`/api/crm-contacts/lists`, { ...outsider, jar: { cookie: '' } })).status).toBe(401);
  });

  it('a preview of the analyzed file', async () => {
    const { preview } = await analyzed(server, vendas, Buffer.from('Nome,E-mail,Celular\nAna,ana@x.com,11988887777\n'));
    expect(preview.status).toBe(200);
    expect(preview.body as ImportPreview).toMatchObject({ headers: ['Nome', 'E-mail', 'Celular'], rows: [['Ana', 'ana@x.com', '11988887777']], totalRows: 1, encoding: 'utf-8', separator: ',', suggested: ['name', 'email', 'mobile'] });
  });
});
