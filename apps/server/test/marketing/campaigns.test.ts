import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import type { CampaignDetail, CampaignList } from '@sede/shared/marketing/campaigns';
import type { ClientSummary } from '@sede/shared/marketing/clients';
import type { PieceView } from '@sede/shared/marketing/pieces';
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
async function campaign(data: Record<string, unknown>) {
  const res = await call<CampaignDetail>('/campaigns', mkt, 'POST', { clientId: own.id, ...data });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, mkt, vendas, outsider } = await agencyWithPeople(server, 'Agência Resultados Ltda', 'Concorrente Ltda'));
  own = (await call<{ clients: ClientSummary[] }>('/clients', mkt)).body.clients[0]!;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('marketing: campaigns and finished projects', () => {
  it('creates a campaign, groups pieces, concludes it with results, lists it among the finished ones, reopens', async () => {
    const c = await campaign({ name: 'Black Friday 2026', goal: 'Vender o estoque de verão', startsOn: '2026-11-01', endsOn: '2026-11-30', budgetCents: 500_000 });
    expect(c).toMatchObject({ name: 'Black Friday 2026', status: 'planejada', budgetCents: 500_000, clientName: 'Agência Resultados Ltda', pieces: 0, piecesList: [] });
    for (const [title, channel, status] of [
      ['Carrossel de ofertas', 'instagram', 'publicado'],
      ['Vídeo curto', 'tiktok', 'publicado'],
      ['E-mail da sexta', 'email', 'agendado'],
    ] as const) {
      const p = await call<PieceView>('/pieces', mkt, 'POST', { clientId: own.id, campaignId: c.id, title, channel, status, scheduledAt: '2026-11-27T09:00:00-03:00' });
      expect(p.status, JSON.stringify(p.body)).toBe(201);
    }
    const active = await call<CampaignDetail>(`/campaigns/${c.id}`, mkt, 'PATCH', { status: 'ativa' });
    expect(active.body).toMatchObject({ status: 'ativa', pieces: 3, published: 2 });
    expect(active.body.byChannel.map((b) => b.channel).sort()).toEqual(['email', 'instagram', 'tiktok']);

    const finished = await call<CampaignDetail>(`/campaigns/${c.id}/finish`, mkt, 'POST', { reach: 120_000, clicks: 3_600, leads: 240, spendCents: 480_000, summary: 'Os vídeos curtos trouxeram metade dos leads.' });
    expect(finished.status).toBe(200);
    expect(finished.body).toMatchObject({ status: 'concluida', reach: 120_000, leads: 240 });
    expect(finished.body.finishedAt).toBeTruthy();
    // A finished campaign is not edited in place; it is reopened first.
    expect((await call(`/campaigns/${c.id}`, mkt, 'PATCH', { name: 'Outro' })).status).toBe(409);

    await campaign({ name: 'Dia das Mães', status: 'ativa' });
    const done = await call<CampaignList>('/campaigns?status=concluida', mkt);
    expect(done.body.campaigns.map((x) => x.name)).toEqual(['Black Friday 2026']);
    // Portuguese full-text search: "vídeos" finds "vídeo"-stemmed words of the summary; the client's name matches too.
    expect((await call<CampaignList>(`/campaigns?status=concluida&q=${encodeURIComponent('vídeo curto')}`, mkt)).body.campaigns).toHaveLength(1);
    expect((await call<CampaignList>('/campaigns?status=concluida&q=resultados', mkt)).body.campaigns).toHaveLength(1);
    expect((await call<CampaignList>('/campaigns?status=concluida&q=natal', mkt)).body.campaigns).toHaveLength(0);

    const reopened = await call<CampaignDetail>(`/campaigns/${c.id}/reopen`, mkt, 'POST');
    expect(reopened.body).toMatchObject({ status: 'ativa', finishedAt: null, reach: 120_000 });
    await call(`/campaigns/${c.id}/finish`, mkt, 'POST', {});
  });

  it('pages the finished projects by when they were concluded', async () => {
    const ids: string[] = [];
    for (const name of ['Antiga', 'Média', 'Recente']) {
      const c = await campaign({ name: `Campanha ${name}` });
      await call(`/campaigns/${c.id}/finish`, mkt, 'POST', { reach: 10 });
      ids.push(c.id);
    }
    const first = await call<CampaignList>('/campaigns?status=concluida&limit=2', mkt);
    expect(first.body.campaigns.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    const next = await call<CampaignList>(`/campaigns?status=concluida&limit=2&cursor=${first.body.nextCursor}`, mkt);
    expect(next.body.campaigns.map((c) => c.id).slice(0, 1)).toEqual([ids[0]]);
    expect((await call('/campaigns?cursor=xyz', mkt)).status).toBe(400);
  });

  it('the report is a one-page PDF of the finished campaign with its results', async () => {
    const c = await campaign({ name: 'Lançamento do app', budgetCents: 200_000 });
    expect((await call(`/campaigns/${c.id}/report.pdf`, mkt)).status).toBe(409);
    await call('/pieces', mkt, 'POST', { clientId: own.id, campaignId: c.id, title: 'Post de lançamento', channel: 'linkedin' });
    await call(`/campaigns/${c.id}/finish`, mkt, 'POST', { reach: 50_000, clicks: 1_000, leads: 50, spendCents: 150_000, summary: 'O LinkedIn trouxe os melhores leads.' });
    const res = await server.request(`/api/marketing/campaigns/${c.id}/report.pdf`, { jar: mkt.jar });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('relatorio-lancamento-do-app.pdf');
    const { text, totalPages } = await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: true });
    expect(totalPages).toBe(1);
    for (const expected of ['Lançamento do app', 'Agência Resultados Ltda', '50.000', '2%', 'R$ 1.500,00 de R$ 2.000,00', 'R$ 30,00', 'Post de lançamento', 'O LinkedIn trouxe os melhores leads.']) {
      expect(text.replace(/\s+/g, ' '), text).toContain(expected);
    }
  });

  it('refuses bad input in Portuguese', async () => {
    const c = await campaign({ name: 'Validação' });
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/campaigns', { clientId: own.id, name: ' ' }, /Informe o nome/],
      ['POST', '/campaigns', { clientId: own.id, name: 'x', startsOn: '2026-12-10', endsOn: '2026-12-01' }, /término não pode ser anterior/],
      ['POST', '/campaigns', { clientId: own.id, name: 'x', startsOn: '2026-02-30' }, /data válida/],
      ['POST', '/campaigns', { clientId: own.id, name: 'x', budgetCents: -1 }, /valor em reais/],
      ['POST', '/campaigns', { clientId: own.id, name: 'x', status: 'concluida' }, /status válido/],
      ['PATCH', `/campaigns/${c.id}`, { endsOn: '2020-01-01', startsOn: '2021-01-01' }, /término/],
      ['POST', `/campaigns/${c.id}/finish`, { leads: 1.5 }, /número inteiro/],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await call(path, mkt, method, body);
      expect([res.status, res.body.error], `${method} ${path} ${JSON.stringify(body)}`).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await call('/campaigns', mkt, 'POST', { clientId: crypto.randomUUID(), name: 'x' })).status).toBe(404);
  });

  it('deleting a campaign keeps its pieces; another company gets 404 everywhere, vendas 403', async () => {
    const c = await campaign({ name: 'Campanha secreta' });
    const piece = (await call<PieceView>('/pieces', mkt, 'POST', { clientId: own.id, campaignId: c.id, title: 'Peça da campanha', channel: 'blog' })).body;
    const finished = await campaign({ name: 'Concluída secreta' });
    await call(`/campaigns/${finished.id}/finish`, mkt, 'POST', { reach: 1 });
    await expectTenantIsolation(server, { owner: mkt, outsider, withoutPermission: vendas, secrets: ['Campanha secreta', own.id] }, [
      { method: 'GET', path: `/api/marketing/campaigns/${c.id}` },
      { method: 'PATCH', path: `/api/marketing/campaigns/${c.id}`, body: { goal: 'Novo objetivo' } },
      { method: 'POST', path: '/api/marketing/campaigns', body: { clientId: own.id, name: 'x' }, ownerStatus: 201 },
      { method: 'GET', path: `/api/marketing/campaigns/${finished.id}/report.pdf` },
      { method: 'POST', path: `/api/marketing/campaigns/${finished.id}/reopen` },
      { method: 'POST', path: `/api/marketing/campaigns/${c.id}/finish`, body: {} },
      { method: 'DELETE', path: `/api/marketing/campaigns/${c.id}` },
    ]);
    expect((await call(`/campaigns/${c.id}`, mkt)).status).toBe(404);
    expect((await call<PieceView>(`/pieces/${piece.id}`, mkt)).body).toMatchObject({ id: piece.id, campaignId: null });
    expect(JSON.stringify((await call('/campaigns', outsider)).body)).not.toContain('secreta');
    expect((await call('/campaigns', vendas)).status).toBe(403);
    void admin;
  });
});
