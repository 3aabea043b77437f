import { eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/** The company's record (decision 0135): `companies/empresa.json`. */
export async function exportCompany(_s: Services, tenant: Tenant, out: ExportSink) {
  const [row] = await tenant.db.select().from(schema.companies).where(eq(schema.companies.id, tenant.companyId));
  out.json('empresa.json', row ?? null);
}
