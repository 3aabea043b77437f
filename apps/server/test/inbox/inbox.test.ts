import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList, ConversationSummary, InboxMessage, InboxSettings, VisitorConversation } from '@sede/shared/inbox/schemas';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';
import { WIDGET_STREAMS_PER_ADDRESS, WIDGET_STREAMS_PER_VISITOR } from '../../src/modules/inbox/public-routes.ts';
import { liveStreams } from '../../src/platform/live-streams.ts';
import { openEvents, within } from '../platform/support.ts';
import { createCompanyWithAdmin, memberOf, sql } from '../team/support.ts';

let server: TestServer;
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-plataforma', AI_MODEL: 'modelo-teste', AI_TIMEOUT_MS: '1500' });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
afterEach(() => fake.reset());

const SITE = 'https://loja-do-cliente.com.br';

/** A company with its widget set up for SITE (always open unless `hours` says otherwise), an admin and a plain member. */
async function company(opts: { hours?: Array<{ weekday: number; start: string; end: string }> } = {}) {
  const { companyId, admin } = await createCompanyWithAdmin(server, `Loja ${randomUUID().slice(0, 6)}`);
  const member = await memberOf(server, companyId, 'rh');
  const put = await server.request('/api/inbox/settings', { method: 'PUT', jar: admin.jar, json: { allowedOrigins: [`${SITE}/`], businessHours: opts.hours ?? [] } });
  expect(put.status, await put.clone().text()).toBe(200);
  const settings = (await put.json()) as InboxSettings;
  return { companyId, admin, member, key: settings.publicKey };
}

const pub = (key: string, path: string, init: RequestInit & { json?: unknown; token?: string } = {}) => {
  const { token, headers, ...rest } = init;
  const h = new Headers(headers);
  h.set('origin', SITE);
  if (token) h.set('authorization', `Bearer ${token}`);
  return server.request(`/api/inbox/public/${key}${path}`, { ...rest, headers: h });
};

async function visitorStarts(key: string, body = 'Olá, quero saber o prazo de entrega', extra: Record<string, unknown> = {}) {
  const res = await pub(key, '/conversations', { method: 'POST', json: { name: 'Maria Visitante', email: 'maria@exemplo.com.br', body, ...extra } });
  expect(res.status, await res.clone().text()).toBe(201);
  const out = (await res.json()) as { token: string; conversation: VisitorConversation };
  return { token: out.token, conversationId: out.token.split('.')[0]!, conversation: out.conversation };
}

const list = async (jar: CookieJar, query = '') => (await (await server.request(`/api/inbox/conversations${query}`, { jar })).json()) as ConversationList;
const detail = async (jar: CookieJar, id: string) => (await (await server.request(`/api/inbox/conversations/${id}`, { jar })).json()) as { conversation: ConversationSummary; messages: InboxMessage[] };
const reply = (jar: CookieJar, id: string, json: unknown) => server.request(`/api/inbox/conversations/${id}/messages`, { method: 'POST', jar, json });

/** The visitor's public stream, read like the widget's EventSource. */
async function visitorEvents(key: string, token: string) {
  const controller = new AbortController();
  const res = await pub(key, `/events?token=${encodeURIComponent(token)}`, { signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBe(SITE);
  const events: Array<{ event: string; at: number; retry?: number }> = [];
  let ended = false;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const retry = /^retry: (\d+)$/m.exec(block)?.[1];
          events.push({ event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message', at: Date.now(), ...(retry ? { retry: Number(retry) } : {}) });
        }
      }
    } catch {
      // closed by the test
    }
    ended = true;
  })();
  await within(3000, () => events.some((e) => e.event === 'ready'));
  return { events, isEnded: () => ended, close: () => controller.abort() };
}

describe('the website widget (public API)', () => {
  it('answers CORS only for the company’s allowed sites and refuses others', async () => {
    const c = await company();
    const ok = await pub(c.key, '/config');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(ok.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await ok.json()).toMatchObject({ title: 'Fale conosco', online: true });
    const preflight = await pub(c.key, '/messages', { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const evil = await server.request(`/api/inbox/public/${c.key}/conversations`, { method: 'POST', headers: { origin: 'https://malicioso.example' }, json: { body: 'oi' } });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await evil.json()) as { error: string }).error).toBe('Este site não está autorizado a usar o chat desta empresa.');
    expect((await pub('pk_naoexisteestachave000', '/config')).status).toBe(404);
    expect(await sql(server, 'SELECT 1 FROM inbox_conversations WHERE company_id = $1', [c.companyId])).toHaveLength(0);
  });

  it('a visitor talks to an agent both ways, live, and never sees internal notes', async () => {
    const c = await company();
    const agentStream = await openEvents(server, c.member.jar);
    const v = await visitorStarts(c.key);
    await within(2000, () => agentStream.of('entity').some((e) => (e.data as { id: string }).id === v.conversationId));
    const inbox = await list(c.member.jar);
    expect(inbox.conversations[0]).toMatchObject({ id: v.conversationId, status: 'open', visitorName: 'Maria Visitante', unread: 1, assigneeId: null });
    expect(inbox.counts).toMatchObject({ unassigned: 1, unread: 1 });

    const stream = await visitorEvents(c.key, v.token);
    const sentAt = Date.now();
    expect((await reply(c.member.jar, v.conversationId, { body: 'Olá Maria! Entregamos em 2 dias úteis.' })).status).toBe(201);
    await within(2000, () => stream.events.some((e) => e.event === 'changed'));
    expect(stream.events.find((e) => e.event === 'changed')!.at - sentAt).toBeLessThan(1000);
    const note = await reply(c.member.jar, v.conversationId, { body: 'Cliente recorrente, dar desconto', note: true });
    expect(note.status).toBe(201);
    const seen = (await (await pub(c.key, '/conversation', { token: v.token })).json()) as VisitorConversation;
    expect(seen.messages.map((m) => [m.kind, m.body])).toEqual([
      ['visitor', 'Olá, quero saber o prazo de entrega'],
      ['agent', 'Olá Maria! Entregamos em 2 dias úteis.'],
    ]);
    expect(JSON.stringify(seen)).not.toContain(c.member.userId);
    // The note did not wake the visitor's stream: a later reply is the sentinel.
    const before = stream.events.filter((e) => e.event === 'changed').length;
    await reply(c.member.jar, v.conversationId, { body: 'Algo mais?' });
    await within(2000, () => stream.events.filter((e) => e.event === 'changed').length === before + 1);
    stream.close();

    // The visitor's answer reaches the agent; the first reply recorded the response time and took the conversation.
    await pub(c.key, '/messages', { method: 'POST', token: v.token, json: { body: 'Obrigada!' } });
    const d = await detail(c.member.jar, v.conversationId);
    expect(d.messages.map((m) => m.kind)).toEqual(['visitor', 'agent', 'note', 'agent', 'visitor']);
    expect(d.conversation.assigneeId).toBe(c.member.userId);
    expect(d.conversation.firstResponseMs).toBeGreaterThanOrEqual(0);
    expect(d.conversation.unread).toBe(1);
    await server.request(`/api/inbox/conversations/${v.conversationId}/read`, { method: 'POST', jar: c.member.jar });
    expect((await list(c.member.jar)).conversations[0]!.unread).toBe(0);
    // Another agent has not read it.
    expect((await list(c.admin.jar)).conversations[0]!.unread).toBe(2);
    agentStream.close();
  });

  it('bad input: 10,000 characters, HTML, forged tokens and other companies are refused; nothing lost', async () => {
    const c = await company();
    const other = await company();
    const v = await visitorStarts(c.key, '<script>alert("x")</script><b>oi</b>');
    const long = await pub(c.key, '/messages', { method: 'POST', token: v.token, json: { body: 'a'.repeat(10_000) } });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: string }).error).toBe('A mensagem pode ter no máximo 5.000 caracteres.');
    // HTML is kept as typed text (the pages and the widget show it as text).
    const seen = (await (await pub(c.key, '/conversation', { token: v.token })).json()) as VisitorConversation;
    expect(seen.messages[0]!.body).toBe('<script>alert("x")</script><b>oi</b>');
    // A forged token, a token of another conversation, another company's key: 404, nothing written.
    const forged = `${v.conversationId}.${'A'.repeat(43)}`;
    expect((await pub(c.key, '/conversation', { token: forged })).status).toBe(404);
    expect((await pub(c.key, '/messages', { method: 'POST', token: forged, json: { body: 'oi' } })).status).toBe(404);
    expect((await pub(c.key, '/conversation', { token: `${randomUUID()}.x` })).status).toBe(404);
    expect((await pub(c.key, '/conversation')).status).toBe(404);
    expect((await pub(other.key, '/conversation', { token: v.token })).status).toBe(404);
    expect((await pub(other.key, '/messages', { method: 'POST', token: v.token, json: { body: 'invasão' } })).status).toBe(404);
    const v2 = await visitorStarts(c.key, 'Outra pessoa');
    const mine = (await (await pub(c.key, '/conversation', { token: v2.token })).json()) as VisitorConversation;
    expect(mine.messages.map((m) => m.body)).toEqual(['Outra pessoa']);
    const count = await sql(server, 'SELECT count(*)::int AS n FROM inbox_messages WHERE conversation_id = $1', [v.conversationId]);
    expect(count[0]!.n).toBe(1);
  });

  it('a flooding widget gets a 429 in Portuguese and every accepted message is kept', async () => {
    const c = await company();
    const v = await visitorStarts(c.key, 'mensagem 0');
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let i = 1; i <= 25; i++) {
      const res = await pub(c.key, '/messages', { method: 'POST', token: v.token, json: { body: `mensagem ${i}` } });
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(refused!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused!.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(((await refused!.json()) as { error: string }).error).toMatch(/^Muitas tentativas\. Tente novamente em \d+ (segundos?|minutos?)\.$/);
    const rows = await sql(server, "SELECT body FROM inbox_messages WHERE conversation_id = $1 AND kind = 'visitor' ORDER BY created_at", [v.conversationId]);
    expect(rows.map((r) => r.body)).toEqual(Array.from({ length: 21 }, (_, i) => `mensagem ${i}`));
  });

  it(`live streams are capped: ${WIDGET_STREAMS_PER_VISITOR} per visitor token and ${WIDGET_STREAMS_PER_ADDRESS} per address, the oldest evicted`, async () => {
    const c = await company();
    const v = await visitorStarts(c.key);
    const streams = liveStreams(server.services);
    const mine: Array<Awaited<ReturnType<typeof visitorEvents>>> = [];
    for (let i = 0; i < WIDGET_STREAMS_PER_VISITOR + 3; i++) mine.push(await visitorEvents(c.key, v.token));
    await within(3000, () => mine.slice(0, 3).every((m) => m.isEnded()));
    expect(streams.counted(`widget-visitor:${v.conversationId}`)).toBe(WIDGET_STREAMS_PER_VISITOR);
    const evicted = mine[0]!.events.find((e) => e.event === 'evicted');
    // Told not to come back by itself for an hour (the widget listens again when its tab is shown).
    expect(evicted?.retry).toBe(3_600_000);
    expect(mine.slice(3).some((m) => m.isEnded())).toBe(false);
    // The newest still hears a reply.
    await reply(c.member.jar, v.conversationId, { body: 'Ainda aqui?' });
    await within(2000, () => mine.at(-1)!.events.some((e) => e.event === 'changed'));

    // Per address, across visitors: other conversations from this address fill the cap, the oldest go.
    const others: Array<Awaited<ReturnType<typeof visitorEvents>>> = [];
    const address = `widget-address:127.0.0.1`;
    const before = streams.counted(address);
    expect(before).toBe(WIDGET_STREAMS_PER_VISITOR);
    for (let n = 0; streams.counted(address) < WIDGET_STREAMS_PER_ADDRESS; n++) {
      const other = await visitorStarts(c.key, `Olá ${n}`);
      for (let i = 0; i < WIDGET_STREAMS_PER_VISITOR && streams.counted(address) < WIDGET_STREAMS_PER_ADDRESS; i++) others.push(await visitorEvents(c.key, other.token));
    }
    const last = await visitorStarts(c.key, 'Mais um');
    others.push(await visitorEvents(c.key, last.token));
    await within(3000, () => mine.at(3)!.isEnded());
    expect(streams.counted(address)).toBe(WIDGET_STREAMS_PER_ADDRESS);
    expect(mine.at(3)!.events.some((e) => e.event === 'evicted')).toBe(true);
    for (const m of [...mine, ...others]) m.close();
    await within(3000, () => streams.counted(address) === 0);
  });

  it('out of hours the visitor gets the automatic reply once; resolving asks for a 1–5 rating', async () => {
    const today = new Date().getDay();
    // Open only on another weekday: closed now.
    const c = await company({ hours: [{ weekday: (today + 3) % 7, start: '09:00', end: '18:00' }] });
    expect(((await (await pub(c.key, '/config')).json()) as { online: boolean }).online).toBe(false);
    const v = await visitorStarts(c.key);
    await pub(c.key, '/messages', { method: 'POST', token: v.token, json: { body: 'Alguém aí?' } });
    let seen = (await (await pub(c.key, '/conversation', { token: v.token })).json()) as VisitorConversation;
    expect(seen.messages.map((m) => m.kind)).toEqual(['visitor', 'auto', 'visitor']);
    expect(seen.messages[1]!.body).toContain('fora do horário de atendimento');

    expect((await pub(c.key, '/csat', { method: 'POST', token: v.token, json: { score: 5 } })).status).toBe(409);
    const resolved = await server.request(`/api/inbox/conversations/${v.conversationId}`, { method: 'PATCH', jar: c.member.jar, json: { status: 'resolved' } });
    expect(resolved.status).toBe(200);
    expect(((await resolved.json()) as ConversationSummary).resolutionMs).toBeGreaterThanOrEqual(0);
    seen = (await (await pub(c.key, '/conversation', { token: v.token })).json()) as VisitorConversation;
    expect(seen).toMatchObject({ status: 'resolved', csatAsked: true, csatScore: null });
    expect(seen.messages.at(-1)!.body).toContain('De 1 a 5');
    expect((await pub(c.key, '/csat', { method: 'POST', token: v.token, json: { score: 9 } })).status).toBe(400);
    expect((await pub(c.key, '/csat', { method: 'POST', token: v.token, json: { score: 4 } })).status).toBe(200);
    expect((await detail(c.member.jar, v.conversationId)).conversation.csatScore).toBe(4);
  });

  it('attachments both ways: the visitor’s image and the agent’s document, each readable only in its conversation', async () => {
    const c = await company();
    const v = await visitorStarts(c.key);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const up = await pub(c.key, '/files?name=foto.png&kind=image', { method: 'POST', token: v.token, body: png, headers: { 'content-type': 'image/png' } });
    expect(up.status, await up.clone().text()).toBe(201);
    const { file } = (await up.json()) as { file: { id: string } };
    const exe = await pub(c.key, '/files?name=virus.exe&kind=document', { method: 'POST', token: v.token, body: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff'), headers: { 'content-type': 'application/octet-stream' } });
    expect(exe.status).toBe(415);
    const d = await detail(c.member.jar, v.conversationId);
    expect(d.messages.at(-1)!.file).toMatchObject({ id: file.id, name: 'foto.png', mime: 'image/png' });
    expect((await server.request(`/api/files/${file.id}/content`, { jar: c.member.jar })).status).toBe(200);

    const doc = await server.request(`/api/files?entityType=inbox_conversation&entityId=${v.conversationId}&kind=document&name=proposta.pdf`, {
      method: 'POST',
      jar: c.member.jar,
      body: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(doc.status, await doc.clone().text()).toBe(201);
    const docId = ((await doc.json()) as { id: string }).id;
    expect((await reply(c.member.jar, v.conversationId, { fileId: docId })).status).toBe(201);
    const seen = (await (await pub(c.key, '/conversation', { token: v.token })).json()) as VisitorConversation;
    expect(seen.messages.at(-1)!.file).toMatchObject({ id: docId, name: 'proposta.pdf' });
    const got = await pub(c.key, `/files/${docId}?token=${encodeURIComponent(v.token)}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    // Another visitor cannot read it.
    const v2 = await visitorStarts(c.key, 'Outra');
    expect((await pub(c.key, `/files/${docId}?token=${encodeURIComponent(v2.token)}`)).status).toBe(404);
  });
});

describe('the agents’ inbox', () => {
  it('filters mine / unassigned / by status; assignment notifies the assignee', async () => {
    const c = await company();
    const a = await visitorStarts(c.key, 'Primeira');
    const b = await visitorStarts(c.key, 'Segunda');
    const assign = await server.request(`/api/inbox/conversations/${a.conversationId}`, { method: 'PATCH', jar: c.admin.jar, json: { assigneeId: c.member.userId } });
    expect(assign.status).toBe(200);
    await within(3000, async () => (await sql(server, "SELECT 1 FROM notifications WHERE user_id = $1 AND kind = 'assignment'", [c.member.userId])).length === 1);
    const [n] = await sql(server, 'SELECT title, link FROM notifications WHERE user_id = $1', [c.member.userId]);
    expect(n).toMatchObject({ title: 'Conversa atribuída a você: Maria Visitante', link: `/atendimento?conversa=${a.conversationId}` });
    expect((await list(c.member.jar, '?scope=mine')).conversations.map((x) => x.id)).toEqual([a.conversationId]);
    expect((await list(c.member.jar, '?scope=unassigned')).conversations.map((x) => x.id)).toEqual([b.conversationId]);
    await server.request(`/api/inbox/conversations/${b.conversationId}`, { method: 'PATCH', jar: c.member.jar, json: { status: 'pending' } });
    expect((await list(c.member.jar, '?status=pending')).conversations.map((x) => x.id)).toEqual([b.conversationId]);
    const stranger = await createCompanyWithAdmin(server, 'Outra empresa');
    const bad = await server.request(`/api/inbox/conversations/${a.conversationId}`, { method: 'PATCH', jar: c.admin.jar, json: { assigneeId: stranger.admin.userId } });
    expect(bad.status).toBe(400);
    expect((await server.request('/api/inbox/conversations?scope=nada', { jar: c.member.jar })).status).toBe(400);
  });

  it('canned replies per company with unique shortcuts', async () => {
    const c = await company();
    const created = await server.request('/api/inbox/canned-replies', { method: 'POST', jar: c.member.jar, json: { shortcut: '/Prazo', body: 'Entregamos em até 2 dias úteis.' } });
    expect(created.status).toBe(201);
    const dup = await server.request('/api/inbox/canned-replies', { method: 'POST', jar: c.admin.jar, json: { shortcut: 'prazo', body: 'x' } });
    expect(dup.status).toBe(409);
    const other = await company();
    expect((await server.request('/api/inbox/canned-replies', { method: 'POST', jar: other.admin.jar, json: { shortcut: 'prazo', body: 'y' } })).status).toBe(201);
    const { replies } = (await (await server.request('/api/inbox/canned-replies', { jar: c.member.jar })).json()) as { replies: Array<{ shortcut: string }> };
    expect(replies.map((r) => r.shortcut)).toEqual(['prazo']);
  });

  it('links the conversation to a CRM person of the company only', async () => {
    const c = await company();
    const v = await visitorStarts(c.key);
    const person = await server.request('/api/parties/people', { method: 'POST', jar: c.member.jar, json: { name: 'Maria Visitante', emails: ['maria@exemplo.com.br'] } });
    expect(person.status, await person.clone().text()).toBe(201);
    const personId = ((await person.json()) as { id: string }).id;
    const linked = await server.request(`/api/inbox/conversations/${v.conversationId}`, { method: 'PATCH', jar: c.member.jar, json: { personId } });
    expect(((await linked.json()) as ConversationSummary).personId).toBe(personId);
    const other = await company();
    const foreign = await server.request('/api/parties/people', { method: 'POST', jar: other.admin.jar, json: { name: 'Outra' } });
    const foreignId = ((await foreign.json()) as { id: string }).id;
    expect((await server.request(`/api/inbox/conversations/${v.conversationId}`, { method: 'PATCH', jar: c.member.jar, json: { personId: foreignId } })).status).toBe(404);
  });

  it('the AI suggested reply is charged once, never for a failure', async () => {
    const c = await company();
    const v = await visitorStarts(c.key, 'Vocês entregam em Campinas?');
    await reply(c.member.jar, v.conversationId, { body: 'segredo interno', note: true });
    fake.setResponder(() => ({ reply: 'Olá! Sim, entregamos em Campinas.' }));
    const requestId = randomUUID();
    const ok = await server.request(`/api/inbox/conversations/${v.conversationId}/suggested-reply`, { method: 'POST', jar: c.member.jar, json: { requestId } });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await ok.json()).toMatchObject({ reply: 'Olá! Sim, entregamos em Campinas.', charged: 1 });
    const prompt = fake.requests[0]!.body!.messages[1]!.content;
    expect(prompt).toContain('Vocês entregam em Campinas?');
    expect(prompt).not.toContain('segredo interno');
    const again = await server.request(`/api/inbox/conversations/${v.conversationId}/suggested-reply`, { method: 'POST', jar: c.member.jar, json: { requestId } });
    expect(again.status).toBe(409);
    fake.setMode('error_500');
    const failed = await server.request(`/api/inbox/conversations/${v.conversationId}/suggested-reply`, { method: 'POST', jar: c.member.jar, json: { requestId: randomUUID() } });
    expect(failed.status).toBeGreaterThanOrEqual(400);
    const [{ n }] = (await sql(server, "SELECT count(*)::int AS n FROM paid_actions WHERE company_id = $1 AND status = 'committed'", [c.companyId])) as Array<{ n: number }>;
    expect(n).toBe(1);
  });

  it('shows open conversations and the median first response on /comercial', async () => {
    const c = await company();
    const a = await visitorStarts(c.key, 'um');
    await visitorStarts(c.key, 'dois');
    await reply(c.admin.jar, a.conversationId, { body: 'Oi!' });
    await sql(server, 'UPDATE inbox_conversations SET first_response_ms = 240000 WHERE id = $1', [a.conversationId]);
    const o = (await (await server.request('/api/comercial/overview', { jar: c.admin.jar })).json()) as { tiles: Array<{ tool: string; kpi: { label: string; value: string } | null }> };
    expect(o.tiles.find((t) => t.tool === 'atendimento')!.kpi).toEqual({ label: 'Conversas abertas · 1ª resposta em 4 min (mediana)', value: '2' });
  });

  it('isolation: another company’s member gets 404 everywhere, a member without the permission 403 where it is needed', async () => {
    const c = await company();
    const outsider = await createCompanyWithAdmin(server, 'Concorrente');
    const v = await visitorStarts(c.key, 'segredo da Maria');
    const canned = (await (await server.request('/api/inbox/canned-replies', { method: 'POST', jar: c.admin.jar, json: { shortcut: 'oi', body: 'Olá!' } })).json()) as { id: string };
    const cast = { owner: { jar: c.admin.jar }, outsider: { jar: outsider.admin.jar }, secrets: ['segredo da Maria', c.companyId] };
    const id = v.conversationId;
    await expectTenantIsolation(server, cast, [
      { method: 'GET', path: `/api/inbox/conversations/${id}` },
      { method: 'POST', path: `/api/inbox/conversations/${id}/read` },
      { method: 'POST', path: `/api/inbox/conversations/${id}/messages`, body: { body: 'Olá' } },
      { method: 'PATCH', path: `/api/inbox/conversations/${id}`, body: { status: 'pending' } },
      { method: 'PUT', path: `/api/inbox/canned-replies/${canned.id}`, body: { shortcut: 'ola', body: 'Oi' } },
      { method: 'GET', path: `/api/files?entityType=inbox_conversation&entityId=${id}` },
    ]);
    // What the plain member may not do: change the widget, delete a conversation (atendimento.delete).
    const v2 = await visitorStarts(c.key, 'para apagar');
    await expectTenantIsolation(server, { ...cast, withoutPermission: { jar: c.member.jar } }, [{ method: 'DELETE', path: `/api/inbox/conversations/${v2.conversationId}`, ownerStatus: 204 }]);
    expect(await sql(server, 'SELECT 1 FROM inbox_conversations WHERE id = $1', [v2.conversationId])).toHaveLength(0);
    // A file of the conversation (sent by the visitor): the outsider gets 404, the owner the bytes.
    const up = await pub(c.key, '/files?name=nota.txt&kind=document', { method: 'POST', token: v.token, body: 'texto do cliente', headers: { 'content-type': 'text/plain' } });
    expect(up.status, await up.clone().text()).toBe(201);
    const { file } = (await up.json()) as { file: { id: string } };
    await expectTenantIsolation(server, cast, [
      { method: 'GET', path: `/api/files/${file.id}` },
      { method: 'GET', path: `/api/files/${file.id}/content` },
    ]);
    // Only the widget's public API is open to other sites: the agents' API keeps the same-origin rule.
    const crossSite = await server.request(`/api/inbox/conversations/${id}/messages`, { method: 'POST', jar: c.admin.jar, headers: { origin: SITE }, json: { body: 'de outro site' } });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { code: string }).code).toBe('FORBIDDEN_ORIGIN');
    // The outsider's own lists never show the owner's rows.
    expect((await list(outsider.admin.jar)).conversations).toEqual([]);
    const settingsRefused = await server.request('/api/inbox/settings', { method: 'PUT', jar: c.member.jar, json: { greeting: 'Oi!' } });
    expect(settingsRefused.status).toBe(403);
    const outsiderCanned = await server.request(`/api/inbox/canned-replies/${canned.id}`, { method: 'DELETE', jar: outsider.admin.jar });
    expect(outsiderCanned.status).toBe(404);
    expect((await server.request(`/api/inbox/canned-replies/${canned.id}`, { method: 'DELETE', jar: c.member.jar })).status).toBe(204);
  });
});
