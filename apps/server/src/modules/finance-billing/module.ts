import { schema } from '@sede/db/client';
import { and, asc, eq, gt } from 'drizzle-orm';
import { paged } from '../../platform/company-data/archive.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { financeBillingRoutes } from './routes.ts';

/** Which receivable came from which quote or deal (decision 0135: the company's export). */
async function exportOrigins(_s: Services, tenant: Tenant, out: ExportSink) {
  const O = schema.finEntryOrigins;
  out.csv('origens-das-contas.csv', ['originType', 'originId', 'entryId', 'createdBy', 'createdAt'], () =>
    paged((after, limit) =>
      tenant.db
        .select({ id: O.entryId, originType: O.originType, originId: O.originId, entryId: O.entryId, createdBy: O.createdBy, createdAt: O.createdAt })
        .from(O)
        .where(and(eq(O.companyId, tenant.companyId), after === null ? undefined : gt(O.entryId, after as string)))
        .orderBy(asc(O.entryId))
        .limit(limit),
    ),
  );
}

/**
 * Billing from the CRM and the customer's money (decisions 0546–0548):
 * 'Cobrar' and 'Emitir nota' on an accepted quote or a won deal, a customer's record, and
 * Comercial's received vs billed. Routes under /api/finance/billing.
 */
export default defineModule({ key: 'finance-billing', area: 'finance', mount: '/finance/billing', after: ['finance', 'finance-nfse'], routes: financeBillingRoutes, exportData: exportOrigins });
