import { and, desc, eq, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import {
  WEBHOOK_MESSAGES as M,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
} from '@sede/shared/platform/webhooks';
import { conflict } from '../../http/errors.ts';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import { foundOr404, tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { endpointRow } from './endpoints.ts';
import { eventBody } from './outbox.ts';
import { queueAttempts, wakeDeliveryWorkers } from './queue.ts';
import { webhookIdOf } from './signing.ts';

const D = schema.webhookDeliveries;
const O = schema.webhookOutbox;
const A = schema.webhookAttempts;

const iso = (d: Date | null) => d?.toISOString() ?? null;
/** The creation instant in microseconds: the list's cursor, exact at PostgreSQL's precision. */
const createdMicros = sql<string>`(extract(epoch from ${D.createdAt}) * 1000000)::bigint`;

const deliveryColumns = {
  id: D.id,
  endpointId: D.endpointId,
  eventId: D.eventId,
  eventType: O.type,
  status: D.status,
  attempts: D.attempts,
  lastStatusCode: D.lastStatusCode,
  lastError: D.lastError,
  lastDurationMs: D.lastDurationMs,
  nextAttemptAt: D.nextAttemptAt,
  deliveredAt: D.deliveredAt,
  createdAt: D.createdAt,
  micros: createdMicros,
};
type DeliveryRow = { [K in keyof typeof deliveryColumns]: K extends 'micros' ? string : K extends 'eventType' ? string : (typeof D.$inferSelect)[K & keyof typeof D.$inferSelect] };

const toDeliveryView = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  endpointId: r.endpointId,
  eventId: r.eventId,
  eventType: r.eventType,
  status: r.status as WebhookDeliveryStatus,
  attempts: r.attempts,
  lastStatusCode: r.lastStatusCode,
  lastError: r.lastError,
  lastDurationMs: r.lastDurationMs,
  nextAttemptAt: iso(r.nextAttemptAt),
  deliveredAt: iso(r.deliveredAt),
  createdAt: r.createdAt.toISOString(),
});

const deliveryQuery = (t: Tenant) => t.db.select(deliveryColumns).from(D).innerJoin(O, eq(O.id, D.eventId));

/** An endpoint's deliveries, newest first, by keyset pages; optionally of one status. */
export async function listDeliveries(t: Tenant, endpointId: string, q: { status?: WebhookDeliveryStatus; cursor?: string; limit: number }): Promise<WebhookDeliveryPage> {
  await endpointRow(t, endpointId);
  const after = q.cursor ? decodeCursor(q.cursor, M.cursor) : null;
  const rows = (await deliveryQuery(t)
    .where(
      and(
        eq(D.companyId, t.companyId),
        eq(D.endpointId, endpointId),
        q.status ? eq(D.status, q.status) : undefined,
        after ? sql`(${D.createdAt}, ${D.id}) < (timestamptz 'epoch' + ${after[0]}::bigint * interval '1 microsecond', ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(D.createdAt), desc(D.id))
    .limit(q.limit + 1)) as DeliveryRow[];
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return { deliveries: page.map(toDeliveryView), nextCursor: rows.length > q.limit && last ? encodeCursor(Number(last.micros), last.id) : null };
}

const deliveryRow = (t: Tenant, id: string) =>
  foundOr404(id, M.deliveryNotFound, () => deliveryQuery(t).where(and(eq(D.companyId, t.companyId), eq(D.id, id))) as Promise<DeliveryRow[]>);

/** One delivery with the body it sends, its `webhook-id` and every attempt, newest first. */
export async function getDelivery(t: Tenant, id: string): Promise<WebhookDeliveryDetail> {
  const row = await deliveryRow(t, id);
  const [event] = await t.db.select({ body: O.body }).from(O).where(and(eq(O.companyId, t.companyId), eq(O.id, row.eventId)));
  const attempts = await t.db
    .select()
    .from(A)
    .where(and(eq(A.companyId, t.companyId), eq(A.deliveryId, id)))
    .orderBy(desc(A.attempt), desc(A.startedAt));
  return {
    delivery: toDeliveryView(row),
    requestBody: event?.body ?? '',
    webhookId: webhookIdOf(row.eventId),
    attempts: attempts.map((a) => ({
      id: a.id,
      attempt: a.attempt,
      manual: a.manual,
      startedAt: a.startedAt.toISOString(),
      durationMs: a.durationMs,
      statusCode: a.statusCode,
      error: a.error,
      responseBody: a.responseBody,
    })),
  };
}

/**
 * 'Reenviar': one more attempt now, with the same `webhook-id` (receivers drop what they already
 * have). Not while one is waiting or being sent (409), nor to an endpoint that is off (409).
 */
export async function resendDelivery(s: Services, t: Tenant, id: string): Promise<WebhookDelivery> {
  const current = await deliveryRow(t, id);
  const endpoint = await endpointRow(t, current.endpointId);
  if (!endpoint.enabled) throw conflict(M.disabled, 'WEBHOOK_ENDPOINT_DISABLED');
  await tenantTransaction(t, async ({ client }) => {
    const { rows } = await client.query<{ attempts: number }>(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), updated_at = now()
        WHERE id = $1 AND company_id = $2 AND status IN ('delivered', 'failed', 'canceled') RETURNING attempts`,
      [id, t.companyId],
    );
    if (!rows[0]) throw conflict(M.alreadyQueued, 'WEBHOOK_DELIVERY_QUEUED');
    await queueAttempts(s, client, [{ deliveryId: id, attempt: rows[0].attempts + 1, manual: true }]);
  });
  wakeDeliveryWorkers(s);
  return toDeliveryView(await deliveryRow(t, id));
}

/** 'Enviar teste': an event of its own ('webhook.test') to this endpoint only, through the same delivery. */
export async function sendTest(s: Services, t: Tenant, endpointId: string): Promise<WebhookDelivery> {
  const endpoint = await endpointRow(t, endpointId);
  if (!endpoint.enabled) throw conflict(M.disabled, 'WEBHOOK_ENDPOINT_DISABLED');
  const occurredAt = new Date();
  const data = { object: 'test', endpointId, message: 'Evento de teste enviado pelo Sede.' };
  const deliveryId = await tenantTransaction(t, async ({ client }) => {
    const { rows: events } = await client.query<{ id: string }>(
      `INSERT INTO webhook_outbox (company_id, type, data, body, occurred_at, fanned_out_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
      [t.companyId, WEBHOOK_TEST_EVENT, data, eventBody({ type: WEBHOOK_TEST_EVENT, occurredAt, data }), occurredAt],
    );
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO webhook_deliveries (company_id, endpoint_id, event_id, next_attempt_at) VALUES ($1, $2, $3, now()) RETURNING id`,
      [t.companyId, endpointId, events[0]!.id],
    );
    await queueAttempts(s, client, [{ deliveryId: rows[0]!.id, attempt: 1, manual: true }]);
    return rows[0]!.id;
  });
  wakeDeliveryWorkers(s);
  return toDeliveryView(await deliveryRow(t, deliveryId));
}
