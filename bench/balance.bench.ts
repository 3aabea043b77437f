/**
 * Live balance: time from a balance change committed in the database to the `company` event
 * on an open GET /api/events stream (what the header and the company page listen to).
 * Measured from the moment the UPDATE is sent, so it includes the commit. 20 changes,
 * target: median < 500 ms.
 */
import type { BenchContext, BenchRow } from './types.ts';

const CHANGES = 20;
const TARGET_MEDIAN_MS = 500;
const WAIT_MS = 3000;

type Event = { event: string; data: string; at: number };

async function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`GET /api/events: ${res.status}`);
  const events: Event[] = [];
  const waiter: { wake: (() => void) | null } = { wake: null };
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          events.push({ event: /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message', data: /^data: ?(.*)$/m.exec(block)?.[1] ?? '', at: performance.now() });
          waiter.wake?.();
        }
      }
    } catch {
      /* closed */
    }
  })();
  async function next(predicate: (e: Event) => boolean, from: number): Promise<Event | null> {
    const deadline = performance.now() + WAIT_MS;
    for (;;) {
      const hit = events.slice(from).find(predicate);
      if (hit) return hit;
      if (performance.now() > deadline) return null;
      await new Promise<void>((resolve) => {
        waiter.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  }
  return { events, next, close: () => controller.abort() };
}

export default async function balanceBench(ctx: BenchContext): Promise<BenchRow[]> {
  const email = `bench.balance.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  const cnpj = String(Date.now()).padStart(14, '5').slice(-14);
  const id = await ctx.seedCompany(email, { name: 'Bench Saldo', cnpj });
  for (let i = 0; i < 50; i++) {
    const me = (await (await fetch(`${ctx.baseUrl}/api/me`, { headers: { cookie } })).json()) as { company?: { id: string } };
    if (me.company?.id === id) break;
    await new Promise((r) => setTimeout(r, 50));
  }

  const stream = await openStream(`${ctx.baseUrl}/api/events`, cookie);
  const latencies: number[] = [];
  let missed = 0;
  try {
    const ready = await stream.next((e) => e.event === 'ready', 0);
    if (!ready || !ready.data.includes(id)) throw new Error(`the stream did not open on the company: ${ready?.data}`);
    for (let i = 1; i <= CHANGES; i++) {
      const amount = 1000 + i;
      const from = stream.events.length;
      const sentAt = performance.now();
      await ctx.sql('UPDATE companies SET currency_amount = $2 WHERE id = $1', [id, amount]);
      const event = await stream.next((e) => e.event === 'company' && e.data.includes(`"currency_amount":${amount}`), from);
      if (event) latencies.push(event.at - sentAt);
      else missed++;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    stream.close();
  }
  latencies.sort((a, b) => a - b);
  const median = latencies.length ? latencies[Math.floor((latencies.length - 1) / 2)]! : Infinity;
  const fmt = (v: number) => `${v.toFixed(1)} ms`;
  return [
    { name: `balance change → open SSE stream, ${CHANGES} changes`, value: `${latencies.length} received, ${missed} missed`, target: `${CHANGES} received`, ok: missed === 0 },
    { name: 'balance change → SSE event, median', value: fmt(median), target: `< ${TARGET_MEDIAN_MS} ms`, ok: median < TARGET_MEDIAN_MS },
    { name: 'balance change → SSE event, max', value: latencies.length ? fmt(latencies.at(-1)!) : '—' },
  ];
}
