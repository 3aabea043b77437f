import { and, asc, eq, getTableColumns, gt } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

const PAGE = 1000;
async function* paged<T extends { id: string }>(fetch: (after: string | null, limit: number) => Promise<T[]>): AsyncIterable<T> {
  let after: string | null = null;
  for (;;) {
    const rows = await fetch(after, PAGE);
    yield* rows;
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

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
    out.csv(name, columns, () =>
      paged((after, limit) =>
        t.db
          .select()
          .from(table)
          .where(and(eq(table.companyId, t.companyId), after === null ? undefined : gt(table.id, after)))
          .orderBy(asc(table.id))
          .limit(limit) as Promise<Array<{ id: string } & Record<string, unknown>>>,
      ),
    );
  }
}
