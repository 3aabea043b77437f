import { and, eq, isNull } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { ECOMMERCE_MESSAGES as M } from '@sede/shared/ecommerce/schemas';
import { AppError, badRequest } from '../../../http/errors.ts';
import { serverState } from '../../../platform/module.ts';
import { systemTenant } from '../../../platform/tenant.ts';
import type { Services } from '../../../services.ts';
import type { IncomingProduct } from '../incoming.ts';
import { upsertStoreProducts } from '../products/public.ts';
import { markDelivered, storeAuth, storeRef } from '../stores.ts';
import { mercadolivreApp } from './client.ts';
import { fetchMercadoLivreItem } from './items.ts';
import { syncOrder } from './sync.ts';

const { ecommerceStores: S } = schema;

/** One notification to apply: the store (its row names the company) and the resource to fetch. */
type NotificationJob = { storeId: string; companyId: string; topic: Topic; resource: string };
type Topic = 'orders_v2' | 'items';

/** The queue is 'stately' (decision 0686): one waiting job per store and resource, so a burst of repeats fetches once. */
export const NOTIFICATION_QUEUE = 'ecommerce-mercadolivre-notification';

const RESOURCE: Record<Topic, RegExp> = { orders_v2: /^\/orders\/(\d{1,20})$/, items: /^\/items\/([A-Z]{3}\d{1,20})$/ };

/**
 * A notification from Mercado Livre (decision 0686): `{ resource, user_id, topic, application_id,
 * attempts, sent, received }`, unsigned, so its body is only a hint of what to fetch with the
 * account's own token. Another application's is refused (403). A seller connected to no
 * company here (or disconnected) is answered 200 and ignored: Mercado Livre would otherwise
 * repeat it for hours. A topic Sede does not read is acknowledged. The rest is queued, answered
 * at once, and applied by the worker.
 */
export async function receiveMercadoLivreNotification(s: Services, body: unknown): Promise<'queued' | 'ignored'> {
  const app = mercadolivreApp(s);
  const n = (body ?? {}) as { resource?: unknown; user_id?: unknown; topic?: unknown; application_id?: unknown };
  if (n.application_id === undefined || String(n.application_id) !== app.appId) throw new AppError(403, 'MERCADOLIVRE_WRONG_APPLICATION', M.wrongApplication);
  const userId = String(n.user_id ?? '');
  const resource = typeof n.resource === 'string' ? n.resource : '';
  if (!/^\d{1,20}$/.test(userId) || !resource || typeof n.topic !== 'string') throw badRequest('Notificação sem vendedor, tópico ou recurso.', 'ECOMMERCE_WEBHOOK_INVALID');
  if (!(n.topic in RESOURCE)) return 'ignored';
  const topic = n.topic as Topic;
  if (!RESOURCE[topic].test(resource)) throw badRequest('Recurso desconhecido na notificação.', 'ECOMMERCE_WEBHOOK_INVALID');
  // Looked up across companies: the seller's id at Mercado Livre is what names the company.
  const [row] = await s.db
    .select({ id: S.id, companyId: S.companyId })
    .from(S)
    .where(and(eq(S.provider, 'mercadolivre'), eq(S.externalId, userId), isNull(S.disconnectedAt)));
  if (!row) return 'ignored';
  const job: NotificationJob = { storeId: row.id, companyId: row.companyId, topic, resource };
  await s.boss.send(NOTIFICATION_QUEUE, job, { singletonKey: `${row.id}:${resource}`, retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInMinutes: 5 });
  const worker = serverState<{ id: string | null }>(s, 'ecommerce.mlWorker', () => ({ id: null }));
  if (worker.id) s.boss.notifyWorker(worker.id);
  return 'queued';
}

/**
 * Applies one notification: the order fetched and upserted in place (so a repeat, a late one or
 * one out of order leaves the order as Mercado Livre has it now), or the item fetched in the
 * catalogue's neutral shape, written to the stores' products (decision 0687) and returned.
 */
export async function applyNotification(s: Services, job: NotificationJob): Promise<IncomingProduct | boolean | null> {
  const tenant = systemTenant(s, job.companyId, 'webhook');
  const [row] = await tenant.db
    .select()
    .from(S)
    .where(and(eq(S.companyId, job.companyId), eq(S.id, job.storeId), isNull(S.disconnectedAt)));
  if (!row || row.status === 'disconnected') return null;
  const id = RESOURCE[job.topic].exec(job.resource)?.[1] ?? '';
  if (job.topic === 'items') {
    const item = await fetchMercadoLivreItem(s, storeAuth(s, row), id);
    if (item) await upsertStoreProducts(tenant, row.id, [item]);
    return item;
  }
  const applied = await syncOrder(s, storeRef(row), storeAuth(s, row), id, 'webhook');
  await markDelivered(tenant, row);
  return applied;
}

export async function startNotificationWorker(s: Services) {
  await s.boss.createQueue(NOTIFICATION_QUEUE, { name: NOTIFICATION_QUEUE, policy: 'stately' });
  const worker = serverState<{ id: string | null }>(s, 'ecommerce.mlWorker', () => ({ id: null }));
  worker.id = await s.boss.work<NotificationJob>(NOTIFICATION_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await applyNotification(s, job.data);
  });
}
