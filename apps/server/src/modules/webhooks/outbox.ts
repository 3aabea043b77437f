import { withTransaction } from '@sede/db/transaction';
import { serverState } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { queueAttempts, wakeDeliveryWorkers } from './queue.ts';

/** Events fanned out per transaction. */
const FAN_OUT_BATCH = 500;
/** How often the outbox is swept for events whose notification was missed (a lost LISTEN, a crash). */
export const SWEEP_INTERVAL_MS = 10_000;

type OutboxRow = { id: string; type: string; data: Record<string, unknown>; occurred_at: Date };

/** The JSON every endpoint receives for an event (decision 0651), as Standard Webhooks suggests. */
export const eventBody = (e: { type: string; occurredAt: Date; data: Record<string, unknown> }) => JSON.stringify({ type: e.type, timestamp: e.occurredAt.toISOString(), data: e.data });

/**
 * Turns waiting events into deliveries, in one transaction: the events are claimed (SKIP LOCKED,
 * so instances share the work), their body written once, one delivery per endpoint that is on
 * and wants the type (the unique (endpoint, event) row makes a second fan-out a no-op) and the
 * first attempt of each queued. Every company's outbox: the work of no member's request.
 */
export async function fanOut(s: Services): Promise<number> {
  const pool = s.pool;
  const { events, deliveries } = await withTransaction(pool, async ({ client }) => {
    const { rows } = await client.query<OutboxRow>(
      `SELECT id, type, data, occurred_at FROM webhook_outbox WHERE fanned_out_at IS NULL ORDER BY occurred_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [FAN_OUT_BATCH],
    );
    if (!rows.length) return { events: 0, deliveries: 0 };
    const ids = rows.map((r) => r.id);
    const bodies = rows.map((r) => eventBody({ type: r.type, occurredAt: r.occurred_at, data: r.data }));
    await client.query(`UPDATE webhook_outbox o SET fanned_out_at = now(), body = b.body FROM unnest($1::uuid[], $2::text[]) AS b(id, body) WHERE o.id = b.id`, [ids, bodies]);
    const created = await client.query<{ id: string }>(
      `INSERT INTO webhook_deliveries (company_id, endpoint_id, event_id, next_attempt_at)
       SELECT o.company_id, e.id, o.id, now()
         FROM webhook_outbox o JOIN webhook_endpoints e ON e.company_id = o.company_id AND e.enabled AND o.type = ANY (e.events)
        WHERE o.id = ANY ($1::uuid[])
       ON CONFLICT (endpoint_id, event_id) DO NOTHING
       RETURNING id`,
      [ids],
    );
    await queueAttempts(s, client, created.rows.map((d) => ({ deliveryId: d.id, attempt: 1 })));
    return { events: rows.length, deliveries: created.rows.length };
  });
  if (deliveries) wakeDeliveryWorkers(s);
  return events;
}

type Kicker = { running: boolean; again: boolean; timer: NodeJS.Timeout | null; stopped: boolean; unsubscribe: (() => void) | null };
const kicker = (s: Services) => serverState<Kicker>(s, 'webhooks.fan-out', () => ({ running: false, again: false, timer: null, stopped: false, unsubscribe: null }));

/** Fans out now, once at a time per server; a kick while it runs makes it go round again. */
export function kickFanOut(s: Services): void {
  const k = kicker(s);
  if (k.stopped) return;
  if (k.running) {
    k.again = true;
    return;
  }
  k.running = true;
  void (async () => {
    try {
      do {
        k.again = false;
        while ((await fanOut(s)) === FAN_OUT_BATCH && !k.stopped) {}
      } while (k.again && !k.stopped);
    } catch (e) {
      if (!k.stopped) console.error('[webhooks] fan-out failed:', (e as Error).message);
    } finally {
      k.running = false;
    }
  })();
}

/** Listens for the triggers' notifications (and a reset of the feed), and sweeps now and then. */
export function startFanOut(s: Services): void {
  const k = kicker(s);
  k.stopped = false;
  k.unsubscribe = s.feed.subscribe((change) => {
    if (change.t === 'webhooks' || change.t === 'reset') kickFanOut(s);
  }) as () => void;
  k.timer = setInterval(() => kickFanOut(s), SWEEP_INTERVAL_MS);
  k.timer.unref();
  kickFanOut(s);
}

export async function stopFanOut(s: Services): Promise<void> {
  const k = kicker(s);
  k.stopped = true;
  k.unsubscribe?.();
  if (k.timer) clearInterval(k.timer);
  for (let i = 0; k.running && i < 100; i++) await new Promise((r) => setTimeout(r, 20));
}
