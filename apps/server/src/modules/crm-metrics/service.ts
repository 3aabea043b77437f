import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { METRICS_MESSAGES, monthsBetween, percentOf, type MetricsFilters, type MetricsOverview, type TargetRow, type TargetsPut } from '@sede/shared/crm/metrics';
import { notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import type { Tenant } from '../../services.ts';
import { checkFilterIds, funnel, monthly, pipelineByStage, targetsVsWon, wonBreakdown } from './queries.ts';

/** A foreign pipeline or salesperson in the filters answers 404 (decision 0165). */
export async function assertFilters(tenant: Tenant, f: MetricsFilters) {
  const ok = await checkFilterIds(tenant, f);
  if (!ok.pipeline) throw notFound(METRICS_MESSAGES.pipelineNotFound);
  if (!ok.owner) throw notFound(METRICS_MESSAGES.ownerNotFound);
}

export async function targetRows(tenant: Tenant, f: MetricsFilters): Promise<TargetRow[]> {
  return (await targetsVsWon(tenant, f)).map((r) => ({ ...r, percent: percentOf(r.wonCents, r.targetCents) }));
}

/** Every figure of the page: the statements run side by side on the pool, one round trip each. */
export async function overview(tenant: Tenant, f: MetricsFilters): Promise<MetricsOverview> {
  await assertFilters(tenant, f);
  const months = monthsBetween(f.from, f.to);
  const [pipeline, stages, perMonth, won, targets] = await Promise.all([
    pipelineByStage(tenant, f),
    funnel(tenant, f),
    monthly(tenant, f, months),
    wonBreakdown(tenant, f),
    targetRows(tenant, f),
  ]);
  return { filters: f, months, pipeline, funnel: stages, monthly: perMonth, byOwner: won.byOwner, bySource: won.bySource, cycle: won.cycle, targets };
}

/**
 * Sets targets (decision 0166): each entry upserts its (salesperson, month), or deletes it when
 * `targetCents` is null; every salesperson must be a member of the company (else 404, nothing
 * written). One transaction with its audit line.
 */
export async function putTargets(tenant: Tenant, input: TargetsPut['targets']) {
  const t = schema.crmTargets;
  const userIds = [...new Set(input.map((e) => e.userId))];
  return tenant.db.transaction(async (tx) => {
    const members = await tx
      .select({ userId: schema.companyMembers.userId })
      .from(schema.companyMembers)
      .where(and(eq(schema.companyMembers.companyId, tenant.companyId), inArray(schema.companyMembers.userId, userIds)));
    if (members.length !== userIds.length) throw notFound(METRICS_MESSAGES.ownerNotFound);
    // The last entry for a (salesperson, month) wins.
    const byKey = new Map(input.map((e) => [`${e.userId}|${e.month}`, e]));
    const upserts = [...byKey.values()].filter((e) => e.targetCents !== null);
    const deletions = [...byKey.values()].filter((e) => e.targetCents === null);
    if (upserts.length) {
      await tx
        .insert(t)
        .values(upserts.map((e) => ({ companyId: tenant.companyId, userId: e.userId, month: `${e.month}-01`, targetCents: e.targetCents!, updatedBy: tenant.actorId })))
        .onConflictDoUpdate({
          target: [t.companyId, t.month, t.userId],
          set: { targetCents: sql`excluded.target_cents`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
        });
    }
    if (deletions.length) {
      // One statement for every cleared (salesperson, month).
      await tx.execute(sql`
        DELETE FROM crm_targets t USING json_to_recordset(${JSON.stringify(deletions.map((e) => ({ user_id: e.userId, month: `${e.month}-01` })))}::json) AS x(user_id text, month date)
         WHERE t.company_id = ${tenant.companyId} AND t.user_id = x.user_id AND t.month = x.month`);
    }
    const months = [...new Set(input.map((e) => e.month))].sort();
    await logAudit(tx, tenant, { action: 'crm_targets_updated', entity: 'crm_target', id: null, details: { count: byKey.size, months } });
    return { saved: upserts.length, cleared: deletions.length };
  });
}

export async function deleteTarget(tenant: Tenant, id: string) {
  const t = schema.crmTargets;
  await tenant.db.transaction(async (tx) => {
    const gone = await tx
      .delete(t)
      .where(and(eq(t.companyId, tenant.companyId), eq(t.id, id)))
      .returning({ id: t.id, month: t.month });
    if (!gone.length) throw notFound(METRICS_MESSAGES.targetNotFound);
    await logAudit(tx, tenant, { action: 'crm_target_deleted', entity: 'crm_target', id, details: { month: gone[0]!.month.slice(0, 7) } });
  });
}
