import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientContact, ClientOptionsView, ClientSummary, ClientView } from '@sede/shared/marketing/clients';
import type { PieceList, PieceView } from '@sede/shared/marketing/pieces';
import { pngBytes, upload } from '../files/support.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { agencyWithPeople, marketingApi } from './support.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { memberOf, sql, type Person } from '../team/support.ts';

let server: TestServer;
let companyId: string;
let admin: Person;
let mkt: Person;
let mkt2: Person;
let vendas: Person;
let outsider: Person;
let own: ClientSummary;

const call = marketingApi(() => server);
async function organization(razaoSocial: string, nomeFantasia?: string) {
  const res = await server.request('/api/parties/organizations', { method: 'POST', json: { razaoSocial, nomeFantasia }, jar: admin.jar });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
async function person(name: string, organizationId?: string) {
  const res = await server.request('/api/parties/people', { method: 'POST', json: { name, emails: [`${name.split(' ')[0]!.toLowerCase()}@cliente.com.br`], organizationId }, jar: admin.jar });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
async function client(razaoSocial: string, nomeFantasia?: string) {
  const orgId = await organization(razaoSocial, nomeFantasia);
  const res = await call<ClientSummary>('/clients', mkt, 'POST', { organizationId: orgId });
  expect(res.status).toBe(201);
  return { ...res.body, orgId };
}

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, admin, mkt, vendas, outsider } = await agencyWithPeople(server, 'Agência Vitrine Ltda', 'Agência Concorrente Ltda'));
  mkt2 = await memberOf(server, companyId, 'marketing');
  own = (await call<{ clients: ClientSummary[] }>('/clients', mkt)).body.clients[0]!;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('marketing: a client page', () => {
  it('reads the company itself as `propria` and by its id', async () => {
    const byslug = await call<ClientView>('/clients/propria', mkt);
    expect(byslug.status).toBe(200);
    expect(byslug.body).toMatchObject({ id: own.id, isOwn: true, name: 'Agência Vitrine Ltda', organization: null, brandKit: { logoFileId: null, colors: [], fonts: [], tone: '', audience: '' }, channels: [], contacts: [] });
    expect((await call<ClientView>(`/clients/${own.id}`, mkt)).body.id).toBe(own.id);
    expect((await call('/clients/nao-existe', mkt)).status).toBe(404);
    expect((await call(`/clients/${crypto.randomUUID()}`, mkt)).status).toBe(404);
  });

  it('keeps the brand kit and the channels, and refuses bad ones in Portuguese', async () => {
    const c = await client('Sorveteria Gelato Ltda', 'Gelato');
    const kit = { colors: [{ hex: '#ff6600', name: 'Laranja' }, { hex: '#1A2B3C' }], fonts: [{ name: 'Montserrat', usage: 'Títulos' }], tone: 'Leve e divertido.', audience: 'Famílias do bairro.' };
    const saved = await call<ClientView>(`/clients/${c.id}`, mkt, 'PATCH', {
      brandKit: kit,
      channels: [
        { channel: 'instagram', handle: '@gelato', url: 'https://instagram.com/gelato' },
        { channel: 'blog', handle: '', url: '' },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.brandKit).toEqual({ logoFileId: null, colors: [{ hex: '#FF6600', name: 'Laranja' }, { hex: '#1A2B3C', name: '' }], fonts: [{ name: 'Montserrat', usage: 'Títulos' }], tone: 'Leve e divertido.', audience: 'Famílias do bairro.' });
    expect(saved.body.channels).toEqual([
      { channel: 'instagram', handle: '@gelato', url: 'https://instagram.com/gelato' },
      { channel: 'blog', handle: '', url: null },
    ]);
    expect(saved.body.organization).toMatchObject({ id: c.orgId, razaoSocial: 'Sorveteria Gelato Ltda', nomeFantasia: 'Gelato' });

    const cases: Array<[unknown, RegExp]> = [
      [{ brandKit: { colors: [{ hex: 'laranja' }] } }, /hexadecimal/],
      [{ brandKit: { fonts: [{ name: ' ' }] } }, /nome da fonte/],
      [{ brandKit: { tone: 'x'.repeat(2001) } }, /até 2000 caracteres/],
      [{ brandKit: { logoFileId: crypto.randomUUID() } }, /imagem enviada/],
      [{ channels: [{ channel: 'orkut', handle: 'x' }] }, /canal válido/],
      [{ channels: [{ channel: 'instagram', handle: 'a' }, { channel: 'instagram', handle: 'b' }] }, /uma vez/],
      [{ channels: [{ channel: 'youtube', url: 'javascript:alert(1)' }] }, /URL/],
      [{ brandKit: { tone: 'a\u0000b' } }, /caracteres de controle/],
    ];
    for (const [body, message] of cases) {
      const res = await call(`/clients/${c.id}`, mkt, 'PATCH', body);
      expect([res.status, res.body.error], JSON.stringify(body)).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await call<ClientView>(`/clients/${c.id}`, mkt)).body.brandKit.tone).toBe('Leve e divertido.');

    // Addresses as people type them (decision 0393): without https:// they are taken and stored normalised.
    const typed = await call<ClientView>(`/clients/${c.id}`, mkt, 'PATCH', {
      channels: [
        { channel: 'instagram', handle: '@gelato', url: 'instagram.com/gelato' },
        { channel: 'blog', handle: '', url: ' www.gelato.com.br ' },
        { channel: 'whatsapp', handle: '(11) 99999-0000', url: 'http://wa.me/5511999990000' },
      ],
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(typed.body.channels.map((ch) => ch.url)).toEqual(['https://instagram.com/gelato', 'https://www.gelato.com.br', 'http://wa.me/5511999990000']);
    const noHost = await call(`/clients/${c.id}`, mkt, 'PATCH', { channels: [{ channel: 'blog', url: 'gelato' }] });
    expect([noHost.status, noHost.body.error]).toEqual([400, 'Informe um endereço (URL) válido, como instagram.com/perfil ou https://site.com.br.']);
  });

  it('takes as logo an image uploaded for the client, shown on the list with its thumbnail', async () => {
    const c = await client('Ótica Visão Clara Ltda');
    const up = await upload(server, mkt.jar, `entityType=marketing_client&entityId=${c.id}&kind=image`, await pngBytes(400, 200), 'logo.png');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const logoId = up.body.id as string;
    expect((await call<ClientView>(`/clients/${c.id}`, mkt, 'PATCH', { brandKit: { logoFileId: logoId } })).body.brandKit.logoFileId).toBe(logoId);
    const listed = (await call<{ clients: ClientSummary[] }>('/clients', mkt)).body.clients.find((x) => x.id === c.id)!;
    expect(listed.logoFileId).toBe(logoId);
    expect((await server.request(`/api/files/${logoId}/thumbnail`, { jar: mkt2.jar })).status).toBe(200);
    // Someone else's client's image is not a logo here; the files of a client are the area's.
    const other = await client('Floricultura Ipê Ltda');
    expect((await call(`/clients/${other.id}`, mkt, 'PATCH', { brandKit: { logoFileId: logoId } })).status).toBe(400);
    expect((await server.request(`/api/files?entityType=marketing_client&entityId=${c.id}`, { jar: vendas.jar })).status).toBe(403);
    expect((await server.request(`/api/files?entityType=marketing_client&entityId=${c.id}`, { jar: outsider.jar })).status).toBe(404);
  });

  it('links people as contacts, who may approve, and suggests the organization’s people', async () => {
    const c = await client('Academia Força Total Ltda', 'Força Total');
    const ana = await person('Ana Souza', c.orgId);
    const bruno = await person('Bruno Lima', c.orgId);
    const before = await call<ClientView>(`/clients/${c.id}`, mkt);
    expect(before.body.organizationPeople.map((p) => p.name)).toEqual(['Ana Souza', 'Bruno Lima']);
    const added = await call<ClientContact>(`/clients/${c.id}/contacts`, mkt, 'POST', { personId: ana, role: 'Gerente de marketing', canApprove: true });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ personId: ana, name: 'Ana Souza', email: 'ana@cliente.com.br', role: 'Gerente de marketing', canApprove: true });
    expect((await call(`/clients/${c.id}/contacts`, mkt, 'POST', { personId: ana })).body.code).toBe('MARKETING_CONTACT_EXISTS');
    const after = await call<ClientView>(`/clients/${c.id}`, mkt);
    expect(after.body.contacts.map((x) => x.name)).toEqual(['Ana Souza']);
    expect(after.body.organizationPeople.map((p) => p.name)).toEqual(['Bruno Lima']);
    const edited = await call<ClientContact>(`/clients/${c.id}/contacts/${added.body.id}`, mkt, 'PATCH', { canApprove: false });
    expect(edited.body).toMatchObject({ canApprove: false, role: 'Gerente de marketing' });
    expect((await call(`/clients/${c.id}/contacts`, mkt, 'POST', { personId: crypto.randomUUID() })).status).toBe(404);
    expect((await call(`/clients/${c.id}/contacts/${added.body.id}`, mkt, 'DELETE')).status).toBe(200);
    expect((await call<ClientView>(`/clients/${c.id}`, mkt)).body.contacts).toEqual([]);
    expect((await call(`/clients/${c.id}/contacts/${added.body.id}`, mkt, 'DELETE')).status).toBe(404);
    void bruno;
  });

  it('shows the next piece of each client on the list', async () => {
    const c = await client('Pet Shop Amigo Fiel Ltda');
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const later = new Date(Date.now() + 9 * 86_400_000).toISOString();
    const past = new Date(Date.now() - 2 * 86_400_000).toISOString();
    for (const [title, scheduledAt] of [['Depois', later], ['Antes', past], ['Logo', soon]] as const) {
      expect((await call('/pieces', mkt, 'POST', { clientId: c.id, title, channel: 'instagram', scheduledAt })).status).toBe(201);
    }
    const listed = (await call<{ clients: ClientSummary[] }>('/clients', mkt)).body.clients.find((x) => x.id === c.id)!;
    expect(listed.nextPiece).toMatchObject({ title: 'Logo', channel: 'instagram', status: 'ideia', scheduledAt: new Date(soon).toISOString() });
  });
});

describe('marketing: a client’s options', () => {
  it('archives and reactivates; an archived client refuses new pieces; the company itself cannot be archived', async () => {
    const c = await client('Livraria Página Um Ltda');
    const archived = await call<ClientOptionsView>(`/clients/${c.id}/options`, mkt, 'PATCH', { archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);
    expect((await call<{ clients: ClientSummary[] }>('/clients', mkt)).body.clients.find((x) => x.id === c.id)?.archived).toBe(true);
    const refused = await call('/pieces', mkt, 'POST', { clientId: c.id, title: 'Post', channel: 'blog' });
    expect([refused.status, refused.body.code]).toEqual([400, 'MARKETING_CLIENT_ARCHIVED']);
    expect((await call<ClientOptionsView>(`/clients/${c.id}/options`, mkt, 'PATCH', { archived: false })).body.archived).toBe(false);
    expect((await call('/pieces', mkt, 'POST', { clientId: c.id, title: 'Post', channel: 'blog' })).status).toBe(201);

    const ownArchive = await call('/clients/propria/options', mkt, 'PATCH', { archived: true });
    expect([ownArchive.status, ownArchive.body.error]).toEqual([400, 'A própria empresa não pode ser arquivada nem excluída.']);
    expect((await call(`/clients/${own.id}`, admin, 'DELETE')).status).toBe(400);
    expect((await call<ClientView>('/clients/propria', mkt)).body.archived).toBe(false);
  });

  it('stores the approval by a client contact', async () => {
    const c = await client('Clínica Sorriso Ltda');
    expect((await call<ClientOptionsView>(`/clients/${c.id}/options`, mkt)).body.clientApproval).toBe(false);
    expect((await call<ClientOptionsView>(`/clients/${c.id}/options`, mkt, 'PATCH', { clientApproval: true })).body.clientApproval).toBe(true);
    expect((await call<ClientView>(`/clients/${c.id}`, mkt)).body.clientApproval).toBe(true);
  });

  it('limits a client to listed members: the others get 404 for it and its pieces, lists omit them; admins see it', async () => {
    const c = await client('Construtora Alicerce Ltda', 'Alicerce');
    const p = await call<PieceView>('/pieces', mkt, 'POST', { clientId: c.id, title: 'Obra entregue', channel: 'linkedin', scheduledAt: new Date(Date.now() + 86_400_000).toISOString() });
    const opts = await call<ClientOptionsView>(`/clients/${c.id}/options`, mkt);
    expect(opts.body.candidates.map((m) => m.userId).sort()).toEqual([admin.userId, mkt.userId, mkt2.userId].sort());
    expect(opts.body.candidates.find((m) => m.userId === admin.userId)?.isAdmin).toBe(true);
    // Somebody outside marketing cannot be listed.
    expect((await call(`/clients/${c.id}/options`, mkt, 'PATCH', { visibility: 'members', memberIds: [vendas.userId] })).status).toBe(400);
    // The member who restricts stays on the list.
    const limited = await call<ClientOptionsView>(`/clients/${c.id}/options`, mkt, 'PATCH', { visibility: 'members', memberIds: [] });
    expect(limited.body).toMatchObject({ visibility: 'members', memberIds: [mkt.userId] });

    for (const path of [`/clients/${c.id}`, `/clients/${c.id}/options`, `/pieces/${p.body.id}`]) {
      const hidden = await call(path, mkt2);
      expect(hidden.status, path).toBe(404);
      expect(JSON.stringify(hidden.body)).not.toContain('Alicerce');
    }
    expect((await call(`/pieces/${p.body.id}`, mkt2, 'PATCH', { title: 'x' })).status).toBe(404);
    expect((await call('/pieces', mkt2, 'POST', { clientId: c.id, title: 'x', channel: 'blog' })).status).toBe(404);
    expect((await call<{ clients: ClientSummary[] }>('/clients', mkt2)).body.clients.map((x) => x.id)).not.toContain(c.id);
    expect((await call<PieceList>('/pieces?limit=200', mkt2)).body.pieces.map((x) => x.id)).not.toContain(p.body.id);
    expect((await call<PieceList>(`/pieces?clientId=${c.id}`, mkt2)).body.pieces).toEqual([]);
    expect((await server.request(`/api/files?entityType=marketing_client&entityId=${c.id}`, { jar: mkt2.jar })).status).toBe(404);

    expect((await call(`/clients/${c.id}`, mkt)).status).toBe(200);
    expect((await call(`/clients/${c.id}`, admin)).status).toBe(200);
    expect((await call<{ clients: ClientSummary[] }>('/clients', admin)).body.clients.map((x) => x.id)).toContain(c.id);

    // Listing mkt2 shows it to them; back to everybody keeps the list for later.
    await call(`/clients/${c.id}/options`, admin, 'PATCH', { memberIds: [mkt.userId, mkt2.userId] });
    expect((await call(`/pieces/${p.body.id}`, mkt2)).status).toBe(200);
    await call(`/clients/${c.id}/options`, admin, 'PATCH', { memberIds: [mkt.userId] });
    expect((await call(`/pieces/${p.body.id}`, mkt2)).status).toBe(404);
    const open = await call<ClientOptionsView>(`/clients/${c.id}/options`, admin, 'PATCH', { visibility: 'all' });
    expect(open.body).toMatchObject({ visibility: 'all', memberIds: [mkt.userId] });
    expect((await call(`/pieces/${p.body.id}`, mkt2)).status).toBe(200);
  });

  it('deletes a client only when nothing points at it, never the company itself', async () => {
    const c = await client('Mercado Bom Preço Ltda');
    const p = await call<PieceView>('/pieces', mkt, 'POST', { clientId: c.id, title: 'Oferta', channel: 'whatsapp' });
    const busy = await call(`/clients/${c.id}`, mkt, 'DELETE');
    expect([busy.status, busy.body.code]).toEqual([409, 'MARKETING_CLIENT_IN_USE']);
    expect(busy.body.error).toMatch(/1 peça\(s\)/);
    expect((await call<ClientOptionsView>(`/clients/${c.id}/options`, mkt)).body.usage).toEqual({ pieces: 1, campaigns: 0, other: 0 });
    await call(`/pieces/${p.body.id}`, mkt, 'DELETE');
    expect((await call(`/clients/${c.id}`, mkt, 'DELETE')).status).toBe(200);
    expect((await call(`/clients/${c.id}`, mkt)).status).toBe(404);
    // A table the area adds later (the materials') that points at a client counts too.
    const later = await client('Padaria Trigo Bom Ltda');
    await sql(server, 'CREATE TABLE marketing_test_refs (id serial primary key, client_id uuid references marketing_clients(id))');
    await sql(server, 'INSERT INTO marketing_test_refs (client_id) VALUES ($1)', [later.id]);
    expect((await call<ClientOptionsView>(`/clients/${later.id}/options`, mkt)).body.usage).toEqual({ pieces: 0, campaigns: 0, other: 1 });
    const refused = await call(`/clients/${later.id}`, mkt, 'DELETE');
    expect([refused.status, refused.body.error]).toEqual([409, expect.stringMatching(/1 material\(is\) ou registro\(s\)/)]);
    await sql(server, 'DROP TABLE marketing_test_refs');
    expect((await call(`/clients/${later.id}`, mkt, 'DELETE')).status).toBe(200);
    // The organization stays in the contact base.
    expect((await server.request(`/api/parties/organizations/${c.orgId}`, { jar: admin.jar })).status).toBe(200);
    const audit = await sql(server, `select details from activity_log where company_id = $1 and action = 'marketing_client_deleted'`, [companyId]);
    expect(audit.map((r) => (r as { details: { entity: string } }).details.entity)).toContain('marketing_client');
  });
});

describe('marketing clients: isolation', () => {
  it('another company gets 404 for every client id; a member without marketing 403', async () => {
    const c = await client('Segredo Comunicação Ltda', 'Segredo');
    const pid = await person('Carla Dias', c.orgId);
    const contact = await call<ClientContact>(`/clients/${c.id}/contacts`, mkt, 'POST', { personId: pid });
    const spare = await client('Descartável Ltda');
    const spareContact = (await call<ClientContact>(`/clients/${spare.id}/contacts`, mkt, 'POST', { personId: pid })).body;
    const endpoints = [
      { method: 'GET' as const, path: `/api/marketing/clients/${c.id}` },
      { method: 'GET' as const, path: '/api/marketing/clients/propria' },
      { method: 'PATCH' as const, path: `/api/marketing/clients/${c.id}`, body: { brandKit: { tone: 'Sério.' } } },
      { method: 'GET' as const, path: `/api/marketing/clients/${c.id}/options` },
      { method: 'PATCH' as const, path: `/api/marketing/clients/${c.id}/options`, body: { clientApproval: true } },
      { method: 'POST' as const, path: `/api/marketing/clients/${c.id}/contacts`, body: { personId: await person('Davi Reis', c.orgId) }, ownerStatus: 201 },
      { method: 'PATCH' as const, path: `/api/marketing/clients/${c.id}/contacts/${contact.body.id}`, body: { canApprove: true } },
      { method: 'DELETE' as const, path: `/api/marketing/clients/${spare.id}/contacts/${spareContact.id}` },
      { method: 'DELETE' as const, path: `/api/marketing/clients/${spare.id}` },
    ];
    // The outsider's `propria` is their own company: skip it for them, but vendas is refused.
    await expectTenantIsolation(server, { owner: mkt, outsider, withoutPermission: vendas, secrets: ['Segredo', c.id] }, endpoints.filter((e) => !e.path.endsWith('/propria')));
    expect((await call('/clients/propria', vendas)).status).toBe(403);
    expect((await call<ClientView>('/clients/propria', outsider)).body.name).toBe('Agência Concorrente Ltda');
    const theirs = await call<{ clients: ClientSummary[] }>('/clients', outsider);
    expect(JSON.stringify(theirs.body)).not.toContain('Segredo');
    expect((await call('/clients', vendas)).status).toBe(403);
    // Another company's organization or person cannot be attached here.
    const foreignOrg = await server.request('/api/parties/organizations', { method: 'POST', json: { razaoSocial: 'Deles Ltda' }, jar: outsider.jar });
    const foreignOrgId = ((await foreignOrg.json()) as { id: string }).id;
    expect((await call('/clients', mkt, 'POST', { organizationId: foreignOrgId })).status).toBe(404);
    const foreignPerson = await server.request('/api/parties/people', { method: 'POST', json: { name: 'Pessoa Deles' }, jar: outsider.jar });
    const foreignPersonId = ((await foreignPerson.json()) as { id: string }).id;
    expect((await call(`/clients/${c.id}/contacts`, mkt, 'POST', { personId: foreignPersonId })).status).toBe(404);
    // The outsider cannot list their members on this company's client.
    expect((await call(`/clients/${c.id}/options`, mkt, 'PATCH', { memberIds: [outsider.userId] })).status).toBe(400);
  });
});
