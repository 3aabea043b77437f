/**
 * The customer-service inbox (decisions 0260–0269), rows named "inbox: …".
 *
 * COMPANIES companies, each with 200 open conversations (20 opened through the widget's public
 * endpoint, the rest written in SQL) and an agent with /api/events open. Visitors send messages
 * one at a time through POST /api/inbox/public/:key/messages; latency = from just before the
 * POST to the 'entity' event for that conversation on the agent's open page (target p95 ≤ 200 ms),
 * and to the end of the page's refetch of its list of 200 conversations (what the agent sees).
 * The widget's per-address limit (60 requests a minute per company) bounds the samples per company.
 */
import { type EntityEvents, openEntityEvents, openSse, percentile, sleep, untilSessionSeesCompany } from './platform/live-client.ts';
import type { BenchContext, BenchRow } from './types.ts';

const COMPANIES = Number(process.env.BENCH_INBOX_COMPANIES ?? 3);
const CONVERSATIONS = 200;
const WIDGET_CONVERSATIONS = 20;
const MESSAGES_PER_COMPANY = 40;
const TARGET_P95_MS = 200;

/** The widget's own channel (GET /api/inbox/public/:key/events?token=): the times of its 'changed' events. */
async function openVisitorEvents(url: string): Promise<{ changed: number[]; close: () => void }> {
  const changed: number[] = [];
  const close = await openSse(url, {}, (event, _data, at) => {
    if (event === 'changed') changed.push(at);
  });
  return { changed, close };
}

export default async function inboxBench(ctx: BenchContext): Promise<BenchRow[]> {
  const run = Date.now().toString(36);
  const toEvent: number[] = [];
  const toList: number[] = [];
  const toVisitor: number[] = [];
  const visitorStreams: Array<{ close: () => void }> = [];
  const streams: EntityEvents[] = [];
  let missed = 0;
  try {
    for (let c = 0; c < COMPANIES; c++) {
      const email = `bench.inbox.${run}.${c}@exemplo.com.br`;
      const cookie = await ctx.signUpConfirmed(email);
      const companyId = await ctx.seedCompany(email, { name: `Bench Atendimento ${c}`, cnpj: String(Date.now() + c).padStart(14, '5').slice(-14) });
      await untilSessionSeesCompany(ctx.baseUrl, cookie, companyId, 'the agent');
      const settings = (await (await fetch(`${ctx.baseUrl}/api/inbox/settings`, { headers: { cookie } })).json()) as { publicKey: string };
      const pub = `${ctx.baseUrl}/api/inbox/public/${settings.publicKey}`;
      const visitors: Array<{ id: string; token: string }> = [];
      for (let i = 0; i < WIDGET_CONVERSATIONS; i++) {
        const res = await fetch(`${pub}/conversations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `Visitante ${i}`, body: 'Olá!' }) });
        if (res.status !== 201) throw new Error(`POST conversations: ${res.status} ${await res.text()}`);
        const { token } = (await res.json()) as { token: string };
        visitors.push({ id: token.split('.')[0]!, token });
      }
      await ctx.sql(
        `INSERT INTO inbox_conversations (company_id, channel, status, visitor_name, last_message_preview)
         SELECT $1, 'chat', 'open', 'Visitante ' || g, 'Olá' FROM generate_series(1, $2) g`,
        [companyId, CONVERSATIONS - WIDGET_CONVERSATIONS],
      );
      const [{ n }] = await ctx.sql<{ n: number }>("SELECT count(*)::int AS n FROM inbox_conversations WHERE company_id = $1 AND status = 'open'", [companyId]);
      if (n !== CONVERSATIONS) throw new Error(`expected ${CONVERSATIONS} open conversations, found ${n}`);

      const stream = await openEntityEvents(ctx.baseUrl, cookie);
      streams.push(stream);
      for (let m = 0; m < MESSAGES_PER_COMPANY; m++) {
        const v = visitors[m % visitors.length]!;
        const seen = stream.events.length;
        const t0 = performance.now();
        const res = await fetch(`${pub}/messages`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${v.token}` }, body: JSON.stringify({ body: `mensagem ${m}` }) });
        if (res.status !== 201) throw new Error(`POST messages: ${res.status} ${await res.text()}`);
        let event: { id: string; at: number } | undefined;
        for (const until = t0 + 3000; performance.now() < until; ) {
          event = stream.events.slice(seen).find((e) => e.id === v.id);
          if (event) break;
          await sleep(1);
        }
        if (!event) {
          missed++;
          continue;
        }
        toEvent.push(event.at - t0);
        // What the page does on the event: refetch its list (200 conversations with unread counts).
        const list = await fetch(`${ctx.baseUrl}/api/inbox/conversations?scope=all&limit=200`, { headers: { cookie } });
        if (list.status !== 200) throw new Error(`GET conversations: ${list.status}`);
        const body = (await list.json()) as { conversations: unknown[] };
        if (body.conversations.length !== CONVERSATIONS) throw new Error(`the list has ${body.conversations.length} conversations`);
        toList.push(performance.now() - t0);
      }
      // The other way: an agent's reply reaches the visitor's widget over its own public channel.
      if (c === 0) {
        const open = await Promise.all(visitors.map((v) => openVisitorEvents(`${pub}/events?token=${encodeURIComponent(v.token)}`)));
        visitorStreams.push(...open);
        for (let m = 0; m < 60; m++) {
          const i = m % visitors.length;
          const seen = open[i]!.changed.length;
          const t0 = performance.now();
          const res = await fetch(`${ctx.baseUrl}/api/inbox/conversations/${visitors[i]!.id}/messages`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: ctx.baseUrl }, body: JSON.stringify({ body: `resposta ${m}` }) });
          if (res.status !== 201) throw new Error(`POST agent reply: ${res.status} ${await res.text()}`);
          let at: number | undefined;
          for (const until = t0 + 3000; performance.now() < until; ) {
            at = open[i]!.changed[seen];
            if (at !== undefined) break;
            await sleep(1);
          }
          if (at === undefined) missed++;
          else toVisitor.push(at - t0);
        }
      }
    }
  } finally {
    for (const s of streams) s.close();
    for (const s of visitorStreams) s.close();
  }
  const v = [...toVisitor].sort((a, b) => a - b);
  const e = [...toEvent].sort((a, b) => a - b);
  const l = [...toList].sort((a, b) => a - b);
  const ms = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(1)} ms`);
  return [
    {
      name: `visitor message → agent's page event, p95 (${CONVERSATIONS} open conversations, ${e.length} messages)`,
      value: ms(e.length ? percentile(e, 95) : undefined),
      target: `≤ ${TARGET_P95_MS} ms`,
      ok: e.length > 0 && percentile(e, 95) <= TARGET_P95_MS,
    },
    { name: 'visitor message → agent\'s page event, p50', value: ms(e.length ? percentile(e, 50) : undefined) },
    {
      name: `visitor message → agent's list refetched (${CONVERSATIONS} conversations), p95`,
      value: ms(l.length ? percentile(l, 95) : undefined),
      target: `≤ ${TARGET_P95_MS} ms`,
      ok: l.length > 0 && percentile(l, 95) <= TARGET_P95_MS,
    },
    {
      name: `agent reply → visitor's widget channel, p95 (${v.length} replies)`,
      value: ms(v.length ? percentile(v, 95) : undefined),
      target: `≤ ${TARGET_P95_MS} ms`,
      ok: v.length > 0 && percentile(v, 95) <= TARGET_P95_MS,
    },
    { name: 'messages whose event never arrived (3 s)', value: String(missed), target: '0', ok: missed === 0 },
  ];
}
