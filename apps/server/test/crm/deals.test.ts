import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, ColumnTotals, CustomField, Deal, DealMoved, DealPage, Pipeline } from '@sede/shared/crm/deals';
import { DEFAULT_STAGES } from '@sede/shared/crm/deals';
import { findDeal } from '../../src/modules/crm-deals/public.ts';
import { openEvents, within } from '../platform/support.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';

let server: TestServer;
let companyId: string;
let admin: Member;
let vendas: Member;
let rh: Member;
let outsider: Member;
let pipeline: Pipeline;

type Res<T> = { status: number; body: T & { error?: string; code?: string } };
const api = async <T = unknown>(path: string, who: Member, init: { method?: string; json?: unknown } = {}): Promise<Res<T>> => {
  const res = await server.request(`/api/crm${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Res<T>['body'] };
};
const newDeal = async (extra: Record<string, unknown> = {}, who: Member = rh) => {
  const res = await api<Deal>('/deals', who, { json: { title: `Negócio ${Math.random().toString(36).slice(2, 8)}`, valueCents: 10_000, pipelineId: pipeline.id, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const boardOf = async (who: Member = rh, query = '') => (await api<Board>(`/pipelines/${pipeline.id}/board${query}`, who)).body;
const columnIds = (b: Board, stageId: string) => b.columns.find((c) => c.id === stageId)!.items.map((d) => d.id);

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'Empresa Negócios');
  companyId = a.companyId;
  admin = a.admin;
  vendas = await memberOf(server, companyId, 'vendas');
  rh = await memberOf(server, companyId, 'rh');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa')).admin;
  const res = await api<{ pipelines: Pipeline[] }>('/pipelines', rh);
  expect(res.status).toBe(200);
  pipeline = res.body.pipelines[0]!;
});
afterAll(async () => {
  await server?.stop();
});

describe('pipelines and stages', () => {
  it('a company gets the default Brazilian pipeline once, even when the board opens twice at once', async () => {
    expect(pipeline.name).toBe('Funil de vendas');
    expect(pipeline.stages.map((s) => s.name)).toEqual(DEFAULT_STAGES.map((s) => s.name));
    const fresh = await createCompanyWithAdmin(server, 'Empresa Nova');
    const both = await Promise.all([api<{ pipelines: Pipeline[] }>('/pipelines', fresh.admin), api<{ pipelines: Pipeline[] }>('/pipelines', fresh.admin)]);
    expect(both[0].body.pipelines.map((p) => p.id)).toEqual(both[1].body.pipelines.map((p) => p.id));
    const [row] = await sql(server, 'SELECT count(*)::int AS n FROM crm_pipelines WHERE company_id = $1', [fresh.companyId]);
    expect(row!.n).toBe(1);
  });

  it('the admin adds, renames, reorders and deletes stages; others get 403', async () => {
    const created = await api<Pipeline>('/pipelines', admin, { json: { name: 'Pós-venda', stages: [{ name: 'A' }, { name: 'B' }] } });
    expect(created.status).toBe(201);
    const p = created.body;
    const added = await api<Pipeline>(`/pipelines/${p.id}/stages`, admin, { json: { name: 'C', probability: 40 } });
    expect(added.body.stages.map((s) => s.name)).toEqual(['A', 'B', 'C']);
    const c = added.body.stages[2]!;
    expect((await api<Pipeline>(`/stages/${c.id}`, admin, { method: 'PATCH', json: { name: 'Cê' } })).body.stages[2]!.name).toBe('Cê');
    const order = [c.id, p.stages[0]!.id, p.stages[1]!.id];
    const reordered = await api<Pipeline>(`/pipelines/${p.id}/stages/order`, admin, { method: 'PUT', json: { stageIds: order } });
    expect(reordered.body.stages.map((s) => s.id)).toEqual(order);
    // An incomplete order is refused.
    const bad = await api(`/pipelines/${p.id}/stages/order`, admin, { method: 'PUT', json: { stageIds: order.slice(1) } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Envie todas as etapas do funil, cada uma uma vez, na nova ordem.');
    expect((await api(`/pipelines/${p.id}/stages`, vendas, { json: { name: 'X' } })).status).toBe(403);
    const renamed = await api<Pipeline>(`/pipelines/${p.id}`, admin, { method: 'PATCH', json: { name: 'Pós-venda 2' } });
    expect(renamed.body.name).toBe('Pós-venda 2');
    // An empty pipeline can be deleted; settings are in the audit log.
    expect((await api(`/pipelines/${p.id}`, admin, { method: 'DELETE' })).status).toBe(200);
    const audit = await sql(server, "SELECT action, details->>'entity' AS entity FROM activity_log WHERE company_id = $1 AND details->>'entity' IN ('crm_pipeline', 'crm_stage')", [companyId]);
    expect(audit.map((r) => `${r.action}:${r.entity}`)).toEqual(expect.arrayContaining(['crm_pipeline_created:crm_pipeline', 'crm_pipeline_renamed:crm_pipeline', 'crm_stage_created:crm_stage', 'crm_pipeline_deleted:crm_pipeline']));
  });

  it('deleting a stage moves its deals to the chosen stage in one transaction, with their history', async () => {
    const p = (await api<Pipeline>('/pipelines', admin, { json: { name: 'Temporário', stages: [{ name: 'Um' }, { name: 'Dois' }, { name: 'Três' }] } })).body;
    const [one, two, three] = p.stages;
    const mk = async (title: string, stageId: string) => (await api<Deal>('/deals', rh, { json: { title, pipelineId: p.id, stageId } })).body;
    const d1 = await mk('d1', one!.id);
    const d2 = await mk('d2', one!.id);
    const d3 = await mk('d3', two!.id);
    // Without a target, or with a target of another pipeline: 400 and nothing changes.
    const noTarget = await api(`/stages/${one!.id}`, admin, { method: 'DELETE' });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.error).toBe('Escolha para qual etapa mover os negócios desta etapa.');
    const otherPipe = await api(`/stages/${one!.id}?moveTo=${pipeline.stages[0]!.id}`, admin, { method: 'DELETE' });
    expect(otherPipe.status).toBe(400);
    expect(otherPipe.body.error).toBe('A etapa escolhida é de outro funil. Escolha uma etapa deste funil.');
    const del = await api<{ moved: number; pipeline: Pipeline }>(`/stages/${one!.id}?moveTo=${two!.id}`, admin, { method: 'DELETE' });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(del.body.moved).toBe(2);
    expect(del.body.pipeline.stages.map((s) => s.name)).toEqual(['Dois', 'Três']);
    const b = (await api<Board>(`/pipelines/${p.id}/board`, rh)).body;
    // d3 stays first; d1 and d2 follow at the bottom in their order (d2 was on top of d1).
    expect(columnIds(b, two!.id)).toEqual([d3.id, d2.id, d1.id]);
    const hist = await sql(server, 'SELECT count(*)::int AS n FROM deal_stage_history WHERE deal_id = ANY($1) AND to_stage_id = $2', [[d1.id, d2.id], two!.id]);
    expect(hist[0]!.n).toBe(2);
    expect(three).toBeDefined();
    // The pipeline has deals: it cannot be deleted.
    const refused = await api(`/pipelines/${p.id}`, admin, { method: 'DELETE' });
    expect(refused.status).toBe(409);
  });
});

describe('deals', () => {
  it('creates a deal on top of the first stage with its owner, and validates bad input in Portuguese', async () => {
    const d = await newDeal({ title: 'Venda de software', valueCents: 1_234_56, source: 'Indicação', tags: ['quente', 'quente', 'sp'] });
    expect(d.stageId).toBe(pipeline.stages[0]!.id);
    expect(d.ownerId).toBe(rh.userId);
    expect(d.tags).toEqual(['quente', 'sp']);
    expect(d.valueCents).toBe(123456);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ valueCents: -1 }, 'Informe um valor entre R$ 0,00 e R$ 1.000.000.000.000,00, em centavos inteiros.'],
      [{ valueCents: 10 ** 15 }, 'Informe um valor entre R$ 0,00 e R$ 1.000.000.000.000,00, em centavos inteiros.'],
      [{ valueCents: 1.5 }, 'Informe um valor entre R$ 0,00 e R$ 1.000.000.000.000,00, em centavos inteiros.'],
      [{ title: 'x'.repeat(10_000) }, 'O título pode ter no máximo 200 caracteres.'],
      [{ title: '   ' }, 'Informe o título do negócio.'],
      [{ title: 'a\u0000b' }, 'O texto contém caracteres de controle inválidos.'],
      [{ expectedCloseDate: '2026-02-30' }, 'Data inválida: use o formato AAAA-MM-DD.'],
      [{ ownerId: outsider.userId }, 'O responsável precisa ser membro da empresa.'],
      [{ stageId: '00000000-0000-4000-8000-000000000000' }, 'Etapa não encontrada.'],
      [{ customFields: { nada: 1 } }, 'Campo personalizado desconhecido: nada.'],
    ];
    for (const [extra, message] of cases) {
      const res = await api('/deals', rh, { json: { title: 'Ok', pipelineId: pipeline.id, ...extra } });
      expect(res.status, JSON.stringify(extra).slice(0, 80)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const [{ n }] = (await sql(server, "SELECT count(*)::int AS n FROM deals WHERE company_id = $1 AND title = 'Ok'", [companyId])) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('edits a deal, filters the board and its totals by owner, tag, source and text', async () => {
    const org = await server.request('/api/parties/organizations', { method: 'POST', json: { razaoSocial: 'Padaria Filtro Ltda' }, jar: rh.jar });
    const orgId = ((await org.json()) as { id: string }).id;
    const a = await newDeal({ title: 'Filtro A', valueCents: 500, tags: ['filtro-x'], source: 'Site', organizationId: orgId });
    const b = await newDeal({ title: 'Filtro B', valueCents: 700, tags: ['filtro-x'], ownerId: vendas.userId });
    const edited = await api<Deal>(`/deals/${b.id}`, rh, { method: 'PATCH', json: { valueCents: 900, source: 'site' } });
    expect(edited.body.valueCents).toBe(900);
    expect((await api(`/deals/${b.id}`, rh, { method: 'PATCH', json: { valueCents: -1 } })).status).toBe(400);
    const byTag = await boardOf(rh, '?tag=filtro-x');
    const first = byTag.columns[0]!;
    expect(first.items.map((d) => d.id).sort()).toEqual([a.id, b.id].sort());
    expect(first.count).toBe(2);
    expect(first.sumCents).toBe(1400);
    const card = first.items.find((d) => d.id === a.id)!;
    expect(card.organizationName).toBe('Padaria Filtro Ltda');
    expect(card.ownerName).toBeTruthy();
    expect((await boardOf(rh, `?tag=filtro-x&owner=${vendas.userId}`)).columns[0]!.items.map((d) => d.id)).toEqual([b.id]);
    expect((await boardOf(rh, '?tag=filtro-x&owner=me')).columns[0]!.items.map((d) => d.id)).toEqual([a.id]);
    expect((await boardOf(rh, '?tag=filtro-x&source=SITE')).columns[0]!.count).toBe(2);
    expect((await boardOf(rh, '?q=padaria filtro')).columns[0]!.items.map((d) => d.id)).toEqual([a.id]);
    const totals = await api<{ totals: ColumnTotals[] }>(`/pipelines/${pipeline.id}/totals?tag=filtro-x`, rh);
    expect(totals.body.totals[0]).toEqual({ stageId: pipeline.stages[0]!.id, count: 2, sumCents: 1400 });
    const list = await api<DealPage>('/deals?tag=filtro-x', rh);
    expect(list.body.items.map((d) => d.id)).toEqual([b.id, a.id]);
    expect((await api(`/pipelines/${pipeline.id}/board?q=${'x'.repeat(200)}`, rh)).status).toBe(400);
  });

  it('shows the next open activity of each card from the platform tasks', async () => {
    const d = await newDeal({ title: 'Com atividade' });
    for (const [title, dueDate] of [
      ['Ligar depois', '2099-05-01'],
      ['Reunião antes', '2099-04-01'],
    ]) {
      const res = await server.request('/api/tasks', { method: 'POST', json: { title, dueDate, kind: 'call', entityType: 'deal', entityId: d.id }, jar: rh.jar });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const card = (await boardOf(rh, '?q=Com atividade')).columns[0]!.items[0]!;
    expect(card.nextActivity).toMatchObject({ title: 'Reunião antes', dueDate: '2099-04-01' });
  });

  it('pages a column by cursor', async () => {
    const p = (await api<Pipeline>('/pipelines', admin, { json: { name: 'Paginado', stages: [{ name: 'Única' }] } })).body;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.unshift((await api<Deal>('/deals', rh, { json: { title: `P${i}`, pipelineId: p.id } })).body.id);
    const b = (await api<Board>(`/pipelines/${p.id}/board?limit=2`, rh)).body;
    const col = b.columns[0]!;
    expect(col.items.map((d) => d.id)).toEqual(ids.slice(0, 2));
    expect(col.count).toBe(5);
    const seen = [...col.items.map((d) => d.id)];
    let cursor = col.nextCursor;
    while (cursor) {
      const page = (await api<DealPage>(`/pipelines/${p.id}/stages/${col.id}/deals?limit=2&cursor=${cursor}`, rh)).body;
      seen.push(...page.items.map((d) => d.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(ids);
    expect((await api(`/pipelines/${p.id}/stages/${col.id}/deals?cursor=lixo`, rh)).status).toBe(400);
  });
});

describe('moves', () => {
  it('moves between and within columns, writing one row, the history and stage_entered_at', async () => {
    const [s0, s1] = pipeline.stages;
    const a = await newDeal({ title: 'Mover A', tags: ['mover'] });
    const b = await newDeal({ title: 'Mover B', tags: ['mover'] });
    const c = await newDeal({ title: 'Mover C', tags: ['mover'] });
    const [{ at: enteredBefore }] = (await sql(server, 'SELECT stage_entered_at AS at FROM deals WHERE id = $1', [a.id])) as [{ at: Date }];
    // a → stage 1 (empty for this tag)
    const moved = await api<DealMoved>(`/deals/${a.id}/move`, rh, { json: { stageId: s1!.id, prevId: null, nextId: null } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.stageId).toBe(s1!.id);
    expect(new Date(moved.body.stageEnteredAt).getTime()).toBeGreaterThan(new Date(enteredBefore).getTime());
    const hist = await sql(server, 'SELECT from_stage_id, to_stage_id, actor_id FROM deal_stage_history WHERE deal_id = $1 ORDER BY at', [a.id]);
    expect(hist.at(-1)).toEqual({ from_stage_id: s0!.id, to_stage_id: s1!.id, actor_id: rh.userId });
    // Within column 0: c b → b c (c after b).
    expect(columnIds(await boardOf(rh, '?tag=mover'), s0!.id)).toEqual([c.id, b.id]);
    await api(`/deals/${c.id}/move`, rh, { json: { stageId: s0!.id, prevId: b.id, nextId: null } });
    expect(columnIds(await boardOf(rh, '?tag=mover'), s0!.id)).toEqual([b.id, c.id]);
    // b into column 1 below a, then c between a and b.
    await api(`/deals/${b.id}/move`, rh, { json: { stageId: s1!.id, prevId: a.id, nextId: null } });
    await api(`/deals/${c.id}/move`, rh, { json: { stageId: s1!.id, prevId: a.id, nextId: b.id } });
    expect(columnIds(await boardOf(rh, '?tag=mover'), s1!.id)).toEqual([a.id, c.id, b.id]);
  });

  it('renumbers a column when the gap between two cards runs out', async () => {
    const p = (await api<Pipeline>('/pipelines', admin, { json: { name: 'Apertado', stages: [{ name: 'Só' }] } })).body;
    const st = p.stages[0]!.id;
    const top = (await api<Deal>('/deals', rh, { json: { title: 'cima', pipelineId: p.id } })).body;
    const bottom = (await api<Deal>('/deals', rh, { json: { title: 'baixo', pipelineId: p.id } })).body; // new cards go on top
    // Squeeze: positions 1 and 1 + 1e-7.
    await sql(server, 'UPDATE deals SET position = CASE WHEN id = $1 THEN 1 ELSE 1.0000001 END WHERE id = ANY($2)', [bottom.id, [bottom.id, top.id]]);
    const mid = (await api<Deal>('/deals', rh, { json: { title: 'meio', pipelineId: p.id } })).body;
    const res = await api<DealMoved>(`/deals/${mid.id}/move`, rh, { json: { stageId: st, prevId: bottom.id, nextId: top.id } });
    expect(res.status).toBe(200);
    const b = (await api<Board>(`/pipelines/${p.id}/board`, rh)).body;
    expect(columnIds(b, st)).toEqual([bottom.id, mid.id, top.id]);
  });

  it('refuses a stage of another pipeline (400) or company (404), stale neighbours (409) and closed deals (409)', async () => {
    const d = await newDeal({ title: 'Recusado' });
    const other = (await api<Pipeline>('/pipelines', admin, { json: { name: 'Outro funil', stages: [{ name: 'X' }] } })).body;
    const res = await api(`/deals/${d.id}/move`, rh, { json: { stageId: other.stages[0]!.id } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'A etapa escolhida é de outro funil. Escolha uma etapa deste funil.', code: 'STAGE_OTHER_PIPELINE' });
    const foreign = (await api<{ pipelines: Pipeline[] }>('/pipelines', outsider)).body.pipelines[0]!.stages[0]!.id;
    const res2 = await api(`/deals/${d.id}/move`, rh, { json: { stageId: foreign } });
    expect(res2.status).toBe(404);
    expect(res2.body.error).toBe('Etapa não encontrada.');
    const stale = await api(`/deals/${d.id}/move`, rh, { json: { stageId: pipeline.stages[1]!.id, prevId: '00000000-0000-4000-8000-000000000000' } });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('A posição de destino mudou. Atualize o quadro e tente de novo.');
    expect((await api(`/deals/${d.id}/move`, rh, { json: { stageId: 'x' } })).status).toBe(400);
    const [{ stage_id }] = (await sql(server, 'SELECT stage_id FROM deals WHERE id = $1', [d.id])) as [{ stage_id: string }];
    expect(stage_id).toBe(pipeline.stages[0]!.id);
    await api(`/deals/${d.id}/won`, rh, { json: { reason: 'Indicação' } });
    expect((await api(`/deals/${d.id}/move`, rh, { json: { stageId: pipeline.stages[1]!.id } })).status).toBe(409);
  });

  it('announces every write of a deal to the company on the live stream', async () => {
    const stream = await openEvents(server, vendas.jar);
    try {
      const d = await newDeal({ title: 'Ao vivo' });
      await api(`/deals/${d.id}/move`, rh, { json: { stageId: pipeline.stages[2]!.id } });
      await within(3000, () => stream.of('entity').some((e) => (e.data as { id: string; action?: string }).id === d.id && (e.data as { action?: string }).action === 'moved'));
      const actions = stream
        .of('entity')
        .map((e) => e.data as { entity: string; id: string; action?: string })
        .filter((e) => e.id === d.id)
        .map((e) => `${e.entity}:${e.action}`);
      expect(actions).toEqual(['deal:created', 'deal:moved']);
    } finally {
      stream.close();
    }
  });
});

describe('won, lost, reopen and delete', () => {
  it('wins, loses with a reason (Outro needs text), reopens; closed deals leave the board', async () => {
    const d = await newDeal({ title: 'Fechável', valueCents: 100 });
    const won = await api<Deal>(`/deals/${d.id}/won`, rh, { json: { reason: 'Preço competitivo' } });
    expect(won.body.status).toBe('won');
    expect(won.body.closedAt).toBeTruthy();
    expect(columnIds(await boardOf(rh, '?q=Fechável'), pipeline.stages[0]!.id)).toEqual([]);
    expect((await api(`/deals/${d.id}/lost`, rh, { json: { reason: 'Preço' } })).status).toBe(409);
    expect((await api<Deal>(`/deals/${d.id}/reopen`, rh, { json: {} })).body.status).toBe('open');
    const noReason = await api(`/deals/${d.id}/lost`, rh, { json: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe('Escolha o motivo da perda.');
    const other = await api(`/deals/${d.id}/lost`, rh, { json: { reason: 'Outro' } });
    expect(other.body.error).toBe('Descreva o motivo da perda.');
    const lost = await api<Deal>(`/deals/${d.id}/lost`, rh, { json: { reason: 'Outro', note: 'Fechou a empresa' } });
    expect(lost.body).toMatchObject({ status: 'lost', lostReason: 'Outro', lostNote: 'Fechou a empresa' });
    expect((await api(`/deals/${d.id}/reopen`, rh, { json: {} })).status).toBe(200);
    expect((await api(`/deals/${d.id}/reopen`, rh, { json: {} })).status).toBe(409);
  });

  it('won asks a reason as lost does; the board filters by status (open by default, won, lost, all) with their totals', async () => {
    const tag = `st${Date.now().toString(36)}`;
    const stage = pipeline.stages[2]!.id;
    const open = await newDeal({ title: `Aberto ${tag}`, valueCents: 1_000, stageId: stage, tags: [tag] });
    const won = await newDeal({ title: `Ganho ${tag}`, valueCents: 20_000, stageId: stage, tags: [tag] });
    const lost = await newDeal({ title: `Perdido ${tag}`, valueCents: 300_000, stageId: stage, tags: [tag] });
    const noReason = await api(`/deals/${won.id}/won`, rh, { json: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe('Escolha o motivo do ganho.');
    expect((await api(`/deals/${won.id}/won`, rh, { json: { reason: 'Outro' } })).body.error).toBe('Descreva o motivo do ganho.');
    const w = await api<Deal>(`/deals/${won.id}/won`, rh, { json: { reason: 'Indicação', note: 'Veio do parceiro' } });
    expect(w.body).toMatchObject({ status: 'won', wonReason: 'Indicação', wonNote: 'Veio do parceiro', lostReason: null });
    await api(`/deals/${lost.id}/lost`, rh, { json: { reason: 'Preço' } });

    const view = async (status: string) => {
      const b = await boardOf(rh, `?tag=${tag}${status ? `&status=${status}` : ''}`);
      const col = b.columns.find((c) => c.id === stage)!;
      return { ids: col.items.map((d) => d.id), count: col.count, sum: col.sumCents, statuses: col.items.map((d) => d.status) };
    };
    expect(await view('')).toMatchObject({ ids: [open.id], count: 1, sum: 1_000 });
    expect(await view('open')).toMatchObject({ ids: [open.id], count: 1 });
    expect(await view('won')).toMatchObject({ ids: [won.id], count: 1, sum: 20_000, statuses: ['won'] });
    expect(await view('lost')).toMatchObject({ ids: [lost.id], count: 1, sum: 300_000, statuses: ['lost'] });
    const all = await view('all');
    expect(new Set(all.ids)).toEqual(new Set([open.id, won.id, lost.id]));
    expect(all).toMatchObject({ count: 3, sum: 321_000 });
    const totals = await api<{ totals: ColumnTotals[] }>(`/pipelines/${pipeline.id}/totals?tag=${tag}&status=won`, rh);
    expect(totals.body.totals.find((t) => t.stageId === stage)).toMatchObject({ count: 1, sumCents: 20_000 });
    const page = await api<DealPage>(`/pipelines/${pipeline.id}/stages/${stage}/deals?tag=${tag}&status=lost`, rh);
    expect(page.body.items.map((d) => d.id)).toEqual([lost.id]);
    const bad = await api(`/pipelines/${pipeline.id}/board?status=ganhos`, rh);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Situação inválida: use abertos, ganhos, perdidos ou todos.');
    // Reopened: the reason goes, the deal is back among the open ones.
    const reopened = await api<Deal>(`/deals/${won.id}/reopen`, rh, { json: {} });
    expect(reopened.body).toMatchObject({ status: 'open', wonReason: null, wonNote: null });
    expect((await view('')).ids).toEqual([won.id, open.id]);
  });

  it('deletes a deal (sales and admin) with its tasks and comments, in the audit log', async () => {
    const d = await newDeal({ title: 'Apagar' });
    await server.request('/api/tasks', { method: 'POST', json: { title: 'Ligar', entityType: 'deal', entityId: d.id }, jar: rh.jar });
    expect((await api(`/deals/${d.id}`, rh, { method: 'DELETE' })).status).toBe(403);
    expect((await api(`/deals/${d.id}`, vendas, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/deals/${d.id}`, vendas)).status).toBe(404);
    expect((await sql(server, "SELECT 1 FROM tasks WHERE entity_type = 'deal' AND entity_id = $1", [d.id])).length).toBe(0);
    const audit = await sql(server, "SELECT details->>'label' AS label FROM activity_log WHERE company_id = $1 AND action = 'deal_deleted' AND details->>'id' = $2", [companyId, d.id]);
    expect(audit).toEqual([{ label: 'Apagar' }]);
  });
});

describe('organization and contacts', () => {
  const party = async (path: string, json: Record<string, unknown>, who: Member = rh) => {
    const res = await server.request(`/api/parties/${path}`, { method: 'POST', json, jar: who.jar });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string };
  };

  it('links a deal to an organization and several contacts, the first the main one; another company’s are refused', async () => {
    const org = await party('organizations', { razaoSocial: 'Mercado Bom Preço Ltda' });
    const ana = await party('people', { name: 'Ana Compras', emails: ['ana@bompreco.com.br'], phones: ['(11) 98765-4321'], organizationId: org.id });
    const beto = await party('people', { name: 'Beto Financeiro' });
    const d = await newDeal({ title: 'Contrato do mercado', organizationId: org.id, personIds: [ana.id, beto.id, ana.id] });
    expect(d).toMatchObject({ organizationId: org.id, organizationName: 'Mercado Bom Preço Ltda', personId: ana.id, personName: 'Ana Compras' });
    expect(d.contacts).toEqual([
      { id: ana.id, name: 'Ana Compras', email: 'ana@bompreco.com.br', phone: '11987654321' },
      { id: beto.id, name: 'Beto Financeiro', email: null, phone: null },
    ]);
    // Reordered: Beto becomes the main contact; the list by contact finds the deal by either of them.
    const edited = await api<Deal>(`/deals/${d.id}`, rh, { method: 'PATCH', json: { personIds: [beto.id, ana.id] } });
    expect(edited.body).toMatchObject({ personId: beto.id, personName: 'Beto Financeiro' });
    expect(edited.body.contacts.map((c) => c.id)).toEqual([beto.id, ana.id]);
    expect((await api<DealPage>(`/deals?personId=${ana.id}`, rh)).body.items.map((x) => x.id)).toEqual([d.id]);
    const foreign = await party('people', { name: 'Alheia' }, outsider);
    const refused = await api(`/deals/${d.id}`, rh, { method: 'PATCH', json: { personIds: [ana.id, foreign.id] } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Pessoa não encontrada.', code: 'PERSON_INVALID' });
    expect((await api<Deal>(`/deals/${d.id}`, rh)).body.contacts.map((c) => c.id)).toEqual([beto.id, ana.id]);
    const tooMany = await api('/deals', rh, { json: { title: 'X', pipelineId: pipeline.id, personIds: Array.from({ length: 11 }, () => crypto.randomUUID()) } });
    expect(tooMany.body.error).toBe('Um negócio pode ter no máximo 10 contatos.');
    // The old single-contact field still works and replaces the list.
    const single = await api<Deal>(`/deals/${d.id}`, rh, { method: 'PATCH', json: { personId: ana.id } });
    expect(single.body.contacts.map((c) => c.id)).toEqual([ana.id]);
    // Erasing a person removes them from the deal's contacts.
    expect((await server.request(`/api/parties/people/${ana.id}/erase`, { method: 'POST', json: {}, jar: admin.jar })).status).toBe(200);
    expect((await api<Deal>(`/deals/${d.id}`, rh)).body).toMatchObject({ contacts: [], personId: null });
  });
});

describe('custom fields', () => {
  it('the admin defines fields; values are validated by type on write; deleting a field removes its values', async () => {
    const mk = async (json: Record<string, unknown>) => (await api<CustomField>('/custom-fields', admin, { json })).body;
    const seg = await mk({ entity: 'deal', label: 'Segmento', type: 'select', options: ['Varejo', 'Indústria'] });
    const emp = await mk({ entity: 'deal', label: 'Nº de funcionários', type: 'number' });
    const dt = await mk({ entity: 'deal', label: 'Data da visita', type: 'date' });
    expect([seg.key, emp.key, dt.key]).toEqual(['segmento', 'n_de_funcionarios', 'data_da_visita']);
    expect((await api('/custom-fields', vendas, { json: { entity: 'deal', label: 'X', type: 'text' } })).status).toBe(403);
    const noOptions = await api('/custom-fields', admin, { json: { entity: 'deal', label: 'Y', type: 'select' } });
    expect(noOptions.body.error).toBe('Um campo de seleção precisa de ao menos uma opção.');
    const d = await newDeal({ customFields: { segmento: 'Varejo', n_de_funcionarios: 12 } });
    expect(d.customFields).toEqual({ segmento: 'Varejo', n_de_funcionarios: 12 });
    for (const [values, message] of [
      [{ segmento: 'Outro' }, 'Valor inválido para o campo "Segmento".'],
      [{ n_de_funcionarios: 'doze' }, 'Valor inválido para o campo "Nº de funcionários".'],
      [{ data_da_visita: '31/12/2026' }, 'Valor inválido para o campo "Data da visita".'],
    ] as const) {
      const res = await api(`/deals/${d.id}`, rh, { method: 'PATCH', json: { customFields: values } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const patched = await api<Deal>(`/deals/${d.id}`, rh, { method: 'PATCH', json: { customFields: { data_da_visita: '2026-12-31', n_de_funcionarios: null } } });
    expect(patched.body.customFields).toEqual({ segmento: 'Varejo', data_da_visita: '2026-12-31' });
    const req = await mk({ entity: 'deal', label: 'Obrigatório', type: 'boolean', required: true });
    expect((await api('/deals', rh, { json: { title: 'Sem', pipelineId: pipeline.id } })).body.error).toBe('O campo "Obrigatório" é obrigatório.');
    expect((await api(`/custom-fields/${req.id}`, admin, { method: 'PATCH', json: { required: false } })).status).toBe(200);
    expect((await api(`/custom-fields/${seg.id}`, admin, { method: 'DELETE' })).status).toBe(200);
    expect((await api<Deal>(`/deals/${d.id}`, rh)).body.customFields).toEqual({ data_da_visita: '2026-12-31' });
    const list = await api<{ fields: CustomField[] }>('/custom-fields?entity=deal', rh);
    expect(list.body.fields.map((f) => f.key)).toEqual(['n_de_funcionarios', 'data_da_visita', 'obrigatorio']);
    for (const f of list.body.fields) await api(`/custom-fields/${f.id}`, admin, { method: 'DELETE' });
  });
});

describe('isolation and permissions', () => {
  it("another company's member gets 404 on every id; members without the permission 403", async () => {
    const d = await newDeal({ title: 'Segredo Comercial' });
    const f = (await api<CustomField>('/custom-fields', admin, { json: { entity: 'deal', label: 'Isolado', type: 'text' } })).body;
    const p = (await api<Pipeline>('/pipelines', admin, { json: { name: 'Funil Isolado', stages: [{ name: 'I1' }, { name: 'I2' }, { name: 'I3' }] } })).body;
    const [s1, s2, s3] = p.stages;
    const secrets = [d.id, 'Segredo Comercial', p.id, 'Funil Isolado'];
    const cast = { owner: rh, outsider, secrets };
    await expectTenantIsolation(server, cast, [
      { method: 'GET', path: `/api/crm/pipelines/${pipeline.id}` },
      { method: 'GET', path: `/api/crm/pipelines/${pipeline.id}/board` },
      { method: 'GET', path: `/api/crm/pipelines/${pipeline.id}/totals` },
      { method: 'GET', path: `/api/crm/pipelines/${pipeline.id}/stages/${pipeline.stages[0]!.id}/deals` },
      { method: 'GET', path: `/api/crm/deals/${d.id}` },
      { method: 'PATCH', path: `/api/crm/deals/${d.id}`, body: { title: 'Segredo Comercial 2' } },
      { method: 'POST', path: `/api/crm/deals/${d.id}/move`, body: { stageId: pipeline.stages[1]!.id } },
      { method: 'POST', path: `/api/crm/deals/${d.id}/won`, body: { reason: 'Indicação' } },
      { method: 'POST', path: `/api/crm/deals/${d.id}/reopen`, body: {} },
      { method: 'POST', path: `/api/crm/deals/${d.id}/lost`, body: { reason: 'Preço' } },
      { method: 'POST', path: `/api/crm/deals/${d.id}/reopen`, body: {} },
    ]);
    // Settings: the admin only.
    await expectTenantIsolation(server, { owner: admin, outsider, withoutPermission: vendas, secrets }, [
      { method: 'PATCH', path: `/api/crm/pipelines/${p.id}`, body: { name: 'Funil Isolado' } },
      { method: 'POST', path: `/api/crm/pipelines/${p.id}/stages`, body: { name: 'I4' } },
      { method: 'PATCH', path: `/api/crm/stages/${s1!.id}`, body: { name: 'I1b' } },
      { method: 'PUT', path: `/api/crm/pipelines/${p.id}/stages/order`, body: { stageIds: [s3!.id, s2!.id, s1!.id, ...[]] }, ownerStatus: 400 },
      { method: 'DELETE', path: `/api/crm/stages/${s3!.id}?moveTo=${s2!.id}` },
      { method: 'PATCH', path: `/api/crm/custom-fields/${f.id}`, body: { label: 'Isolado 2' } },
      { method: 'DELETE', path: `/api/crm/custom-fields/${f.id}` },
      { method: 'DELETE', path: `/api/crm/pipelines/${p.id}` },
    ]);
    // Deletion: sales and admin.
    await expectTenantIsolation(server, { owner: vendas, outsider, withoutPermission: rh, secrets }, [{ method: 'DELETE', path: `/api/crm/deals/${d.id}` }]);
    // The outsider's own lists never show this company's rows; their writes naming our ids create nothing.
    const theirs = await api<DealPage>('/deals', outsider);
    expect(JSON.stringify(theirs.body)).not.toContain('Segredo');
    const foreignCreate = await api('/deals', outsider, { json: { title: 'Intruso', pipelineId: pipeline.id } });
    expect(foreignCreate.status).toBe(400);
    expect(foreignCreate.body.error).toBe('Funil não encontrado.');
    // Comments and tasks on a deal follow the deal's visibility.
    const d2 = await newDeal({ title: 'Com comentários' });
    expect((await server.request(`/api/comments?entityType=deal&entityId=${d2.id}`, { jar: rh.jar })).status).toBe(200);
    expect((await server.request(`/api/comments?entityType=deal&entityId=${d2.id}`, { jar: outsider.jar })).status).toBe(404);
    expect((await server.request(`/api/tasks?entityType=deal&entityId=${d2.id}`, { jar: outsider.jar })).status).toBe(404);
  });

  it('list and create endpoints: anonymous 401, a person without a company 403, settings for the admin only', async () => {
    const { createConfirmedUser } = await import('../support/test-server.ts');
    const loner = await createConfirmedUser(server, { email: `sozinho.crm.${Date.now()}@exemplo.com` });
    const lists = ['/pipelines', '/deals', '/custom-fields', '/facets'];
    for (const path of lists) {
      expect((await server.request(`/api/crm${path}`)).status, path).toBe(401);
      expect((await server.request(`/api/crm${path}`, { jar: loner.jar })).status, path).toBe(403);
      expect((await api(path, rh)).status, path).toBe(200);
    }
    expect((await server.request('/api/crm/deals', { method: 'POST', json: { title: 'X', pipelineId: pipeline.id } })).status).toBe(401);
    expect((await server.request('/api/crm/deals', { method: 'POST', json: { title: 'X', pipelineId: pipeline.id }, jar: loner.jar })).status).toBe(403);
    expect((await api('/pipelines', vendas, { json: { name: 'Não' } })).status).toBe(403);
    expect((await api('/custom-fields', vendas, { json: { entity: 'deal', label: 'Não', type: 'text' } })).status).toBe(403);
    // The outsider's lists show only their own company's pipelines and fields.
    const theirs = await api<{ pipelines: Pipeline[] }>('/pipelines', outsider);
    expect(theirs.body.pipelines.map((p) => p.id)).not.toContain(pipeline.id);
  });

  it('findDeal (public) answers the deal with its names, or null for another company', async () => {
    const d = await newDeal({ title: 'Público' });
    const t = { db: server.services.db, companyId };
    expect((await findDeal(t, d.id))?.title).toBe('Público');
    const otherCompany = (await sql(server, 'SELECT company_id FROM company_members WHERE user_id = $1', [outsider.userId]))[0]!.company_id as string;
    expect(await findDeal({ db: server.services.db, companyId: otherCompany }, d.id)).toBeNull();
    expect(await findDeal(t, 'nao-e-uuid')).toBeNull();
  });
});
