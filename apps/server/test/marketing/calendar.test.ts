import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarView } from '@sede/shared/marketing/calendar';
import type { ClientSummary } from '@sede/shared/marketing/clients';
import type { PieceView } from '@sede/shared/marketing/pieces';
import { expectTenantIsolation } from '../support/isolation.ts';
import { agencyWithPeople, marketingApi } from './support.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { Person } from '../team/support.ts';

let server: TestServer;
let companyId: string;
let otherCompanyId: string;
let admin: Person;
let mkt: Person;
let vendas: Person;
let outsider: Person;
let own: ClientSummary;
let padaria: ClientSummary;

const call = marketingApi(() => server);
async function piece(data: Record<string, unknown>) {
  const res = await call<PieceView>('/pieces', mkt, 'POST', { clientId: own.id, channel: 'instagram', ...data });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const calendar = async (query: string, who: Person = mkt) => call<CalendarView>(`/calendar?${query}`, who);
const sql = (text: string, params: unknown[]) => server.services.pool.query(text, params);
async function massCampaign(company: string, name: string, status: string, scheduledAt: string | null, channel = 'email') {
  const { rows } = await sql(`INSERT INTO campaigns (company_id, name, channel, status, scheduled_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [company, name, channel, status, scheduledAt]);
  return rows[0].id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, admin, mkt, vendas, outsider, outsiderCompanyId: otherCompanyId } = await agencyWithPeople(server, 'Agência Calendário Ltda'));
  own = (await call<{ clients: ClientSummary[] }>('/clients', mkt)).body.clients[0]!;
  const org = await server.request('/api/parties/organizations', { method: 'POST', json: { razaoSocial: 'Padaria Doce Lar Ltda', nomeFantasia: 'Doce Lar' }, jar: admin.jar });
  const orgId = ((await org.json()) as { id: string }).id;
  padaria = (await call<ClientSummary>('/clients', mkt, 'POST', { organizationId: orgId })).body;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('marketing: the calendar', () => {
  it('gives the pieces of the days in range (Brazil time), the mass campaigns and the dates', async () => {
    // 2026-11-01 00:30 in São Paulo is 03:30 UTC; 2026-10-31 23:30 there is 2026-11-01 02:30 UTC: October.
    const first = await piece({ title: 'Primeiro post de novembro', scheduledAt: '2026-11-01T00:30:00-03:00' });
    const october = await piece({ title: 'Halloween', scheduledAt: '2026-10-31T23:30:00-03:00' });
    const bf = await piece({ title: 'Black Friday', channel: 'email', format: 'newsletter', scheduledAt: '2026-11-27T08:00:00-03:00', status: 'agendado' });
    const last = await piece({ title: 'Último dia', channel: 'blog', scheduledAt: '2026-11-30T23:59:00-03:00', clientId: padaria.id });
    await piece({ title: 'Dezembro', scheduledAt: '2026-12-01T00:00:00-03:00' });
    await piece({ title: 'Ideia sem data' });
    const sent = await massCampaign(companyId, 'Newsletter de novembro', 'sent', '2026-11-10T12:00:00Z');
    const scheduled = await massCampaign(companyId, 'Promoção Black Friday', 'scheduled', '2026-11-26T13:00:00Z');
    const zap = await massCampaign(companyId, 'Aviso no WhatsApp', 'sending', '2026-11-20T13:00:00Z', 'whatsapp');
    await massCampaign(companyId, 'Rascunho', 'draft', '2026-11-12T12:00:00Z');
    await massCampaign(companyId, 'Cancelada', 'canceled', '2026-11-13T12:00:00Z');
    await massCampaign(companyId, 'Dezembro', 'scheduled', '2026-12-01T03:00:00Z');
    await massCampaign(otherCompanyId, 'Campanha da outra agência', 'sent', '2026-11-11T12:00:00Z');

    const res = await calendar('from=2026-11-01&to=2026-11-30');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pieces.map((p) => p.id)).toEqual([first.id, bf.id, last.id]);
    expect(res.body.pieces.map((p) => p.id)).not.toContain(october.id);
    expect(res.body.pieces[1]).toEqual({ id: bf.id, clientId: own.id, title: 'Black Friday', channel: 'email', format: 'newsletter', status: 'agendado', scheduledAt: '2026-11-27T11:00:00.000Z' });
    expect(res.body.pieces[2]).toMatchObject({ clientId: padaria.id, scheduledAt: '2026-12-01T02:59:00.000Z' });
    expect(res.body.clients.sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      { id: own.id, name: 'Agência Calendário Ltda' },
      { id: padaria.id, name: 'Doce Lar' },
    ]);
    expect(res.body.campaigns).toEqual([
      { id: sent, name: 'Newsletter de novembro', channel: 'email', status: 'sent', scheduledAt: '2026-11-10T12:00:00.000Z' },
      { id: zap, name: 'Aviso no WhatsApp', channel: 'whatsapp', status: 'sending', scheduledAt: '2026-11-20T13:00:00.000Z' },
      { id: scheduled, name: 'Promoção Black Friday', channel: 'email', status: 'scheduled', scheduledAt: '2026-11-26T13:00:00.000Z' },
    ]);
    expect(res.body.dates).toEqual([
      { date: '2026-11-02', name: 'Finados', kind: 'feriado' },
      { date: '2026-11-15', name: 'Proclamação da República', kind: 'feriado' },
      { date: '2026-11-20', name: 'Dia Nacional de Zumbi e da Consciência Negra', kind: 'feriado' },
      { date: '2026-11-27', name: 'Black Friday', kind: 'comercial' },
      { date: '2026-11-30', name: 'Cyber Monday', kind: 'comercial' },
    ]);
    const may = await calendar('from=2026-05-01&to=2026-05-31');
    expect(may.body.dates.find((d) => d.name === 'Dia das Mães')?.date).toBe('2026-05-10');
    const feb = await calendar('from=2027-02-01&to=2027-02-28');
    expect(feb.body.dates.filter((d) => d.name.startsWith('Carnaval')).map((d) => d.date)).toEqual(['2027-02-08', '2027-02-09']);
  });

  it('filters by client, channel and status; campaigns follow the own client and the e-mail channel', async () => {
    const base = 'from=2026-11-01&to=2026-11-30';
    const byPadaria = await calendar(`${base}&clientId=${padaria.id}`);
    expect(byPadaria.body.pieces.map((p) => p.title)).toEqual(['Último dia']);
    expect(byPadaria.body.campaigns).toEqual([]);
    const byOwn = await calendar(`${base}&clientId=${own.id}`);
    expect(byOwn.body.pieces.map((p) => p.title)).toEqual(['Primeiro post de novembro', 'Black Friday']);
    expect(byOwn.body.campaigns).toHaveLength(3);
    const both = await calendar(`${base}&clientId=${own.id},${padaria.id}`);
    expect(both.body.pieces).toHaveLength(3);
    const blogAndEmail = await calendar(`${base}&channel=blog,email`);
    expect(blogAndEmail.body.pieces.map((p) => p.title)).toEqual(['Black Friday', 'Último dia']);
    expect(blogAndEmail.body.campaigns.map((k) => k.name)).toEqual(['Newsletter de novembro', 'Promoção Black Friday']);
    const instagram = await calendar(`${base}&channel=instagram`);
    expect(instagram.body.campaigns).toEqual([]);
    const scheduled = await calendar(`${base}&status=agendado`);
    expect(scheduled.body.pieces.map((p) => p.title)).toEqual(['Black Friday']);
  });

  it('moving a piece to another day shows it there, keeping its time', async () => {
    const p = await piece({ title: 'Post para mover', scheduledAt: '2026-11-03T18:45:00-03:00' });
    const moved = await call<PieceView>(`/pieces/${p.id}`, mkt, 'PATCH', { scheduledAt: '2026-11-05T18:45:00-03:00' });
    expect(moved.status).toBe(200);
    const week = await calendar('from=2026-11-01&to=2026-11-07');
    expect(week.body.pieces.find((x) => x.id === p.id)?.scheduledAt).toBe('2026-11-05T21:45:00.000Z');
    const idea = await piece({ title: 'Ideia arrastada' });
    await call(`/pieces/${idea.id}`, mkt, 'PATCH', { scheduledAt: '2026-11-06T10:00:00-03:00' });
    expect((await calendar('from=2026-11-06&to=2026-11-06')).body.pieces.map((x) => x.title)).toEqual(['Ideia arrastada']);
  });

  it('refuses bad ranges and filters in Portuguese', async () => {
    const cases: Array<[string, RegExp]> = [
      ['from=2026-01-01&to=2026-03-31', /até 62 dias/],
      ['from=2026-03-01&to=2026-02-01', /até 62 dias/],
      ['from=2026-02-30&to=2026-03-10', /até 62 dias/],
      ['from=ontem&to=hoje', /até 62 dias/],
      ['to=2026-03-10', /até 62 dias/],
      ['from=2026-03-01&to=2026-03-10&channel=orkut', /canal válido/],
      ['from=2026-03-01&to=2026-03-10&status=pronto', /status válido/],
      ['from=2026-03-01&to=2026-03-10&clientId=lixo', /Empresa cliente não encontrada/],
    ];
    for (const [q, message] of cases) {
      const res = await calendar(q);
      expect([res.status, res.body.error], q).toEqual([400, expect.stringMatching(message)]);
    }
    const unknown = await calendar(`from=2026-03-01&to=2026-03-10&clientId=${crypto.randomUUID()}`);
    expect([unknown.status, unknown.body.error]).toEqual([404, 'Empresa cliente não encontrada.']);
  });

  it('another company sees only its own calendar and gets 404 for this one’s clients; vendas gets 403', async () => {
    const theirs = await calendar('from=2026-11-01&to=2026-11-30', outsider);
    expect(theirs.status).toBe(200);
    expect(theirs.body.pieces).toEqual([]);
    expect(theirs.body.campaigns.map((k) => k.name)).toEqual(['Campanha da outra agência']);
    expect(JSON.stringify(theirs.body)).not.toContain('Primeiro post de novembro');
    expect((await calendar('from=2026-11-01&to=2026-11-30', vendas)).status).toBe(403);
    await expectTenantIsolation(server, { owner: mkt, outsider, withoutPermission: vendas, secrets: ['Doce Lar', padaria.id, 'Newsletter de novembro'] }, [
      { method: 'GET', path: `/api/marketing/calendar?from=2026-11-01&to=2026-11-30&clientId=${padaria.id}` },
      { method: 'GET', path: `/api/marketing/calendar?from=2026-11-01&to=2026-11-30&clientId=${own.id}` },
    ]);
  });

  it('the campaigns’ range query uses the index', async () => {
    const client = await server.services.pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const { rows } = await client.query(
        `EXPLAIN SELECT id FROM campaigns WHERE company_id = $1 AND scheduled_at >= $2 AND scheduled_at < $3 AND status IN ('scheduled','sending','paused','sent') ORDER BY scheduled_at`,
        [companyId, '2026-11-01T03:00:00Z', '2026-12-01T03:00:00Z'],
      );
      expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('campaigns_company_scheduled_at_idx');
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }
  });
});
