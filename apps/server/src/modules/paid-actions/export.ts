import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/** Paid actions run by the company (decision 0135): `paid-actions/acoes-pagas.csv`. */
export async function exportPaidActions(_s: Services, tenant: Tenant, out: ExportSink) {
  const p = schema.paidActions;
  out.csv('acoes-pagas.csv', ['id', 'createdAt', 'action', 'reference', 'quantity', 'coins', 'status', 'actorId', 'finishedAt'], companyRows(tenant, p));
}
