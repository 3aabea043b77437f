/**
 * What a browser page does with the live streams, for the benches that time them (the platform's
 * live updates, the inbox): read a server-sent events stream, keep the 'entity' events of
 * GET /api/events with their arrival times, wait until a session sees its company.
 */

/**
 * Opens a server-sent events stream and resolves once its 'ready' event arrived; every later
 * event goes to `onEvent` with its name, its data line and the time it was read. Returns `close`.
 */
export async function openSse(url: string, headers: Record<string, string>, onEvent: (event: string | undefined, data: string | undefined, at: number) => void): Promise<() => void> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' }, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`${new URL(url).pathname}: ${res.status}`);
  let ready!: () => void;
  const isReady = new Promise<void>((r) => (ready = r));
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
          const event = /^event: ?(.*)$/m.exec(block)?.[1];
          if (event === 'ready') ready();
          else onEvent(event, /^data: ?(.*)$/m.exec(block)?.[1], performance.now());
        }
      }
    } catch {
      /* closed */
    }
  })();
  await isReady;
  return () => controller.abort();
}

export type EntityEvents = { events: Array<{ id: string; at: number }>; close: () => void };

/** An open page's GET /api/events: the ids of its 'entity' events and when each arrived. */
export async function openEntityEvents(baseUrl: string, cookie: string): Promise<EntityEvents> {
  const events: EntityEvents['events'] = [];
  const close = await openSse(`${baseUrl}/api/events`, { cookie }, (event, data, at) => {
    if (event === 'entity') events.push({ id: (JSON.parse(data!) as { id: string }).id, at });
  });
  return { events, close };
}

/** Waits until the session's GET /api/me shows the company (the viewer cache follows a seeded membership). */
export async function untilSessionSeesCompany(baseUrl: string, cookie: string, companyId: string, who: string) {
  for (let i = 0; ; i++) {
    const me = (await (await fetch(`${baseUrl}/api/me`, { headers: { cookie } })).json()) as { company?: { id: string } };
    if (me.company?.id === companyId) return;
    if (i === 250) throw new Error(`${who} never saw the company`);
    await sleep(20);
  }
}

/** The p-th percentile of values sorted ascending (nearest rank). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
