import {
  cashFlowExportQuerySchema,
  cashFlowQuerySchema,
  cashFlowReportSchema,
  dreExportQuerySchema,
  dreQuerySchema,
  dreReportSchema,
  financeOverviewSchema,
} from '@sede/shared/finance/reports-schemas';
import { areaRouter } from '../../http/area-router.ts';
import { contract } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import { logAudit } from '../../platform/audit.ts';
import type { Services, Tenant } from '../../services.ts';
import { csvDocument, csvHeaders, xlsxDocument, xlsxHeaders } from '../../platform/spreadsheets/writer.ts';
import { cashFlowTable, dreTable, type ReportTable } from './export.ts';
import { cashFlow, dre, overview } from './service.ts';

async function download<T>(tenant: Tenant, name: string, format: 'csv' | 'xlsx', table: ReportTable<T>) {
  await logAudit(tenant.db, tenant, { action: 'finance_report_exported', entity: 'finance_report', id: null, details: { format, report: name } });
  const filename = `${name}.${format}`;
  if (format === 'csv') return new Response(csvDocument(table.columns, table.rows), { headers: csvHeaders(filename) });
  return new Response(new Uint8Array(await xlsxDocument(table.sheet, table.columns, table.rows)), { headers: xlsxHeaders(filename) });
}

const spreadsheet = { media: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: 'Planilha (XLSX ou CSV)' };

/** Relatórios do financeiro under /api/finance/reports: `finance.read`; the files `finance.export` (decision 0125). */
export function reportRoutes(s: Services) {
  const r = areaRouter(s, 'financeiro');
  r.use('*', requirePermission('finance.read'));
  r.get('/overview', contract({ summary: 'Visão geral do financeiro', response: financeOverviewSchema }), async (c) => c.json(await overview(c.get('tenant'))));
  r.get('/cash-flow', contract({ summary: 'Fluxo de caixa', query: cashFlowQuerySchema, response: cashFlowReportSchema }), async (c) =>
    c.json(await cashFlow(c.get('tenant'), c.req.valid('query'))),
  );
  r.get('/dre', contract({ summary: 'DRE gerencial', query: dreQuerySchema, response: dreReportSchema }), async (c) => c.json(await dre(c.get('tenant'), c.req.valid('query'))));
  r.get(
    '/cash-flow/export',
    requirePermission('finance.export'),
    contract({ summary: 'Exportar fluxo de caixa', query: cashFlowExportQuerySchema, response: spreadsheet }),
    async (c) => {
      const { format, ...q } = c.req.valid('query');
      return download(c.get('tenant'), `fluxo-de-caixa-${q.from}-a-${q.to}`, format, cashFlowTable(await cashFlow(c.get('tenant'), q)));
    },
  );
  r.get('/dre/export', requirePermission('finance.export'), contract({ summary: 'Exportar DRE', query: dreExportQuerySchema, response: spreadsheet }), async (c) => {
    const { format, ...q } = c.req.valid('query');
    return download(c.get('tenant'), `dre-${q.basis}-ate-${q.to}`, format, dreTable(await dre(c.get('tenant'), q)));
  });
  return r;
}
