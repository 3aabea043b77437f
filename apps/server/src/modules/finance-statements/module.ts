import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { registerPackageJob } from './package.ts';
import { statementRoutes } from './routes.ts';

async function start(s: Services) {
  await registerPackageJob(s);
}

/** Statement imports and their lines (decision 0135): every row of the company. */
async function exportStatements(_s: Services, tenant: Tenant, out: ExportSink) {
  const { finStatementImports: i, finStatementLines: l } = schema;
  out.csv('extratos-importados.csv', ['id', 'accountId', 'format', 'fileName', 'bankId', 'acctId', 'startDate', 'endDate', 'totalLines', 'importedLines', 'createdBy', 'createdAt'], companyRows(tenant, i));
  out.csv(
    'linhas-de-extrato.csv',
    ['id', 'importId', 'accountId', 'postedDate', 'amountCents', 'fitId', 'memo', 'payee', 'dedupKey', 'status', 'matchedPaymentId', 'matchedEntryId', 'suggestedCategoryId', 'reconciledBy', 'reconciledAt', 'createdAt'],
    companyRows(tenant, l),
  );
}

/**
 * Extratos e conciliação (decisions 0175, 0176): OFX/CSV statement import with de-duplication, suggested
 * matches, one-click reconciliation, AI reading of boletos/notas and category suggestions,
 * the accountant's monthly package. Routes under /api/finance/statements.
 */
export default defineModule({ key: 'finance-statements', area: 'finance', mount: '/finance/statements', routes: statementRoutes, start, exportData: exportStatements });
