import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { scheduleRecurring } from '../../platform/jobs.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { closeDeliveryAgents } from './agents.ts';
import { deliverBatch } from './deliver.ts';
import { startFanOut, stopFanOut } from './outbox.ts';
import { DELIVER_QUEUE, deliveryWorkers, type DeliverJob } from './queue.ts';
import { webhooksRoutes } from './routes.ts';
import { pruneLog, requeueStuck } from './sweeps.ts';

/** Workers per server and attempts each claims at once: a slow endpoint holds one worker, not the queue. */
const WORKERS = 4;
const BATCH = 25;

async function start(s: Services) {
  await s.boss.createQueue(DELIVER_QUEUE);
  const ids = deliveryWorkers(s);
  for (let i = 0; i < WORKERS; i++) {
    const id: string = await s.boss.work<DeliverJob>(DELIVER_QUEUE, { batchSize: BATCH, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      await deliverBatch(s, jobs);
      // A full batch: more are probably waiting, fetch again at once instead of after the poll.
      if (jobs.length === BATCH) s.boss.notifyWorker(id);
    });
    ids.push(id);
  }
  startFanOut(s);
  await scheduleRecurring(s.boss, { queue: 'webhooks-requeue', cron: '* * * * *', label: '[webhooks] deliveries queued again:' }, () => requeueStuck(s));
  await scheduleRecurring(s.boss, { queue: 'webhooks-prune', cron: '30 4 * * *', label: '[webhooks] old events pruned:' }, () => pruneLog(s));
}

/** The company's export (decision 0135): its endpoints without their secrets; the delivery log is pruned and not exported. */
async function exportWebhooks(_s: Services, tenant: Tenant, out: ExportSink) {
  out.csv(
    'webhooks.csv',
    ['id', 'url', 'description', 'events', 'enabled', 'disabledReason', 'disabledAt', 'lastSuccessAt', 'failingSince', 'createdBy', 'createdAt', 'updatedAt'],
    companyRows(tenant, schema.webhookEndpoints),
  );
}

/**
 * Outgoing webhooks (decisions 0650–0653): endpoints per company, events recorded by database
 * triggers, signed deliveries with retries over three days, the delivery log. Admin area.
 */
export default defineModule({
  key: 'webhooks',
  area: 'admin',
  mount: '/webhooks',
  routes: webhooksRoutes,
  start,
  exportData: exportWebhooks,
  stop: async (s) => {
    await stopFanOut(s);
    for (const id of deliveryWorkers(s).splice(0)) await s.boss.offWork({ id }).catch(() => {});
    await closeDeliveryAgents(s);
  },
});
