import { getTableColumns } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/** The catalogue, quotes with their items, and the AI insights, in the company's export (decision 0135). */
export async function exportCrmQuotes(_s: Services, t: Tenant, out: ExportSink) {
  const tables = [
    ['produtos.csv', schema.crmProducts],
    ['orcamentos.csv', schema.crmQuotes],
    ['orcamentos-itens.csv', schema.crmQuoteItems],
    ['ia-insights.csv', schema.crmAiInsights],
  ] as const;
  for (const [name, table] of tables) {
    const columns = Object.keys(getTableColumns(table)).filter((k) => k !== 'companyId');
    out.csv(name, columns, companyRows(t, table));
  }
}
