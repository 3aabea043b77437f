import { and, asc, eq, gt } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { paged } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/** Paid actions run by the company (decision 0135): `paid-actions/acoes-pagas.csv`. */
export async function exportPaidActions(_s: Services, tenant: Tenant, out: ExportSink) {
  const p = schema.paidActions;
  out.csv('acoes-pagas.csv', ['id', 'createdAt', 'action', 'reference', 'quantity', 'coins', 'status', 'actorId', 'finishedAt'], () =>
    paged((after, limit) =>
      tenant.db
        .select()
        .from(p)
        .where(and(eq(p.companyId, tenant.companyId), after === null ? undefined : gt(p.id, after as never)))
        .orderBy(asc(p.id))
        .limit(limit),
    ),
  );
}
