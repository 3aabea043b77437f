import { and, eq, isNull } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { ECOMMERCE_MESSAGES as M } from '@sede/shared/ecommerce/schemas';
import { defineJob, JobFailure } from '../../platform/jobs/run.ts';
import { scheduleRecurring } from '../../platform/jobs.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import { importCatalogue } from './products/public.ts';
import { providerOf } from './providers.ts';
import { IMPORT_JOB, markSynced, storeAuth, storeRef, storeRow } from './stores.ts';

/** How far back a new connection imports (decision 0681). */
export const IMPORT_DAYS = 90;
/** The catch-up reads what changed since the last sync, with this overlap. */
const CATCH_UP_OVERLAP_MS = 10 * 60_000;

const messageOf = (e: unknown) => (e instanceof JobFailure || (e as { status?: number }).status ? (e as Error).message : 'A sincronização falhou. Tente novamente em alguns instantes.');

/**
 * The import of a new connection as a platform job with progress (decision 0117): the last 90
 * days' orders page by page, each applied in place by its id, so an attempt resumed after a
 * restart starts over without writing anything twice.
 */
export async function defineImportJob(s: Services) {
  await defineJob<{ storeId: string }, { imported: number }>(s, IMPORT_JOB, async ({ input, tenant, progress }) => {
    const row = await storeRow(tenant, input.storeId);
    if (row.status === 'disconnected') throw new JobFailure(M.disconnected);
    progress({ stage: `Importando os pedidos dos últimos ${IMPORT_DAYS} dias`, done: 0, total: null });
    try {
      const since = new Date(Date.now() - IMPORT_DAYS * 86_400_000);
      const imported = await providerOf(row.provider).syncOrders(s, storeRef(row), storeAuth(s, row), {
        since,
        changed: 'created',
        reason: 'job',
        onPage: (done, total) => progress({ done, total }),
      });
      progress({ stage: 'Importando os produtos da loja' });
      await importCatalogue(s, row, 'job');
      await markSynced(tenant, row.id, null);
      return { imported };
    } catch (e) {
      await markSynced(tenant, row.id, messageOf(e));
      throw e;
    }
  });
}

/** Every half hour, each connected store's orders changed since its last sync (a webhook or notification never delivered), whichever its platform. */
export async function scheduleCatchUp(s: Services) {
  await scheduleRecurring(s.boss, { queue: 'ecommerce-catch-up', cron: '*/30 * * * *', label: 'e-commerce: pedidos atualizados' }, () => catchUp(s));
}

export async function catchUp(s: Services): Promise<number> {
  const { ecommerceStores: S } = schema;
  // Every company's connected stores: the schedule works for all of them, each under its own tenant.
  const rows = await s.db.select().from(S).where(and(eq(S.status, 'connected'), isNull(S.disconnectedAt)));
  let n = 0;
  for (const row of rows) {
    const tenant = systemTenant(s, row.companyId, 'schedule');
    const since = new Date((row.lastSyncAt ?? row.connectedAt).getTime() - CATCH_UP_OVERLAP_MS);
    try {
      n += await providerOf(row.provider).syncOrders(s, storeRef(row), storeAuth(s, row), { since, changed: 'updated', reason: 'schedule' });
      await importCatalogue(s, row, 'schedule', since);
      await markSynced(tenant, row.id, null);
    } catch (e) {
      await markSynced(tenant, row.id, messageOf(e));
    }
  }
  return n;
}
