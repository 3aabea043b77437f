import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientSummary } from '@sede/shared/marketing/clients';
import type { PieceList, PieceView } from '@sede/shared/marketing/pieces';
import { expectTenantIsolation } from '../support/isolation.ts';
import { agencyWithPeople, marketingApi } from './support.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { Person } from '../team/support.ts';

let server: TestServer;
let admin: Person;
let mkt: Person;
let vendas: Person;
let outsider: Person;
let own: ClientSummary;

const call = marketingApi(() => server);
async function piece(data: Record<string, unknown>) {
  const res = await call<PieceView>('/pieces', mkt, 'POST', { clientId: own.id, channel: 'instagram', ...data });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, mkt, vendas, outsider } = await agencyWithPeople(server, 'Agência Criativa Ltda'));
  const clients = await call<{ clients: ClientSummary[] }>('/clients', mkt);
  expect(clients.status).toBe(200);
  own = clients.body.clients[0]!;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('marketing: clients and pieces', () => {
  it('the company itself is the first client; an organization becomes one once', async () => {
    expect(own).toMatchObject({ isOwn: true, organizationId: null, name: 'Agência Criativa Ltda', archived: false });
    const org = await server.request('/api/parties/organizations', { method: 'POST', json: { razaoSocial: 'Padaria Doce Lar Ltda', nomeFantasia: 'Doce Lar' }, jar: admin.jar });
    const orgId = ((await org.json()) as { id: string }).id;
    const created = await call<ClientSummary>('/clients', mkt, 'POST', { organizationId: orgId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Doce Lar', isOwn: false, organizationId: orgId });
    expect((await call('/clients', mkt, 'POST', { organizationId: orgId })).body.code).toBe('MARKETING_CLIENT_EXISTS');
    const list = (await call<{ clients: ClientSummary[] }>('/clients', mkt)).body.clients;
    expect(list.map((c) => c.name)).toEqual(['Agência Criativa Ltda', 'Doce Lar']);
  });

  it('creates, edits, moves on the calendar, lists by range and by cursor, deletes', async () => {
    const a = await piece({ title: 'Post de lançamento', scheduledAt: '2026-12-03T12:00:00-03:00', hashtags: ['#lancamento', 'verão'], status: 'producao' });
    expect(a).toMatchObject({ title: 'Post de lançamento', channel: 'instagram', format: 'post', status: 'producao', hashtags: ['lancamento', 'verão'], clientName: 'Agência Criativa Ltda' });
    expect(a.scheduledAt).toBe('2026-12-03T15:00:00.000Z');
    const b = await piece({ title: 'Artigo do blog', channel: 'blog', format: 'artigo', scheduledAt: '2026-12-20T09:00:00-03:00' });
    const idea = await piece({ title: 'Ideia sem data' });

    const moved = await call<PieceView>(`/pieces/${a.id}`, mkt, 'PATCH', { scheduledAt: '2026-12-05T10:00:00-03:00' });
    expect(moved.status).toBe(200);
    expect(moved.body.scheduledAt).toBe('2026-12-05T13:00:00.000Z');

    const december = await call<PieceList>('/pieces?from=2026-12-01T00:00:00-03:00&to=2027-01-01T00:00:00-03:00', mkt);
    expect(december.body.pieces.map((p) => p.id)).toEqual([a.id, b.id]);
    const blogOnly = await call<PieceList>('/pieces?from=2026-12-01T00:00:00-03:00&to=2027-01-01T00:00:00-03:00&channel=blog', mkt);
    expect(blogOnly.body.pieces.map((p) => p.id)).toEqual([b.id]);
    expect((await call<PieceList>('/pieces?unscheduled=1', mkt)).body.pieces.map((p) => p.id)).toEqual([idea.id]);
    const tooWide = await call('/pieces?from=2026-01-01T00:00:00Z&to=2026-12-31T00:00:00Z', mkt);
    expect(tooWide.status).toBe(400);
    expect(tooWide.body.error).toMatch(/até 62 dias/);

    const first = await call<PieceList>('/pieces?limit=2', mkt);
    expect(first.body.pieces.map((p) => p.id)).toEqual([a.id, idea.id]);
    const second = await call<PieceList>(`/pieces?limit=2&cursor=${first.body.nextCursor}`, mkt);
    expect(second.body.pieces.map((p) => p.id)).toEqual([b.id]);
    expect(second.body.nextCursor).toBeNull();
    expect((await call('/pieces?cursor=lixo', mkt)).status).toBe(400);

    expect((await call(`/pieces/${b.id}`, mkt, 'DELETE')).status).toBe(200);
    expect((await call(`/pieces/${b.id}`, mkt)).status).toBe(404);
  });

  it('refuses bad input in Portuguese and keeps the piece', async () => {
    const p = await piece({ title: 'Reels de bastidores', channel: 'tiktok' });
    const cases: Array<[unknown, RegExp]> = [
      [{ title: ' ' }, /Informe o título/],
      [{ channel: 'orkut' }, /canal válido/],
      [{ status: 'agendado' }, /informe a data/],
      [{ scheduledAt: 'amanhã' }, /data e hora válidas/],
      [{ hashtags: ['com espaço'] }, /hashtags/],
      [{ copy: 'x'.repeat(10_001) }, /até 10000 caracteres/],
      [{ assigneeId: outsider.userId }, /membro da empresa/],
    ];
    for (const [body, message] of cases) {
      const res = await call(`/pieces/${p.id}`, mkt, 'PATCH', body);
      expect([res.status, res.body.error], JSON.stringify(body)).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await call<PieceView>(`/pieces/${p.id}`, mkt)).body).toMatchObject({ title: 'Reels de bastidores', channel: 'tiktok', status: 'ideia' });
    expect((await call('/pieces', mkt, 'POST', { clientId: crypto.randomUUID(), title: 'x', channel: 'blog' })).status).toBe(404);
  });

  it('another company gets 404 everywhere; a member without marketing 403', async () => {
    const p = await piece({ title: 'Segredo da agência' });
    const endpoints = [
      { method: 'GET' as const, path: '/api/marketing/clients' },
      { method: 'GET' as const, path: `/api/marketing/pieces/${p.id}` },
      { method: 'PATCH' as const, path: `/api/marketing/pieces/${p.id}`, body: { title: 'Outro' } },
      { method: 'POST' as const, path: '/api/marketing/pieces', body: { clientId: own.id, title: 'x', channel: 'blog' }, ownerStatus: 201 },
      { method: 'DELETE' as const, path: `/api/marketing/pieces/${p.id}` },
    ];
    // The list answers the outsider their own (empty) list, never this company's pieces.
    const theirs = await call<PieceList>('/pieces', outsider);
    expect(JSON.stringify(theirs.body)).not.toContain('Segredo');
    expect((await call('/pieces', vendas)).status).toBe(403);
    await expectTenantIsolation(server, { owner: mkt, outsider, withoutPermission: vendas, secrets: ['Segredo da agência', own.id] }, endpoints.filter((e) => e.path !== '/api/marketing/clients'));
  });
});
