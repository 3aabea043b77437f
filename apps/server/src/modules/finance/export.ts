import { KIND_LABELS, STATUS_LABELS, type FinEntry } from '@sede/shared/finance/entries';
import { companyRows } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { csvDocument, type TableColumn, xlsxDocument } from '../../platform/spreadsheets/writer.ts';
import { schema } from '@sede/db/client';

/** The entries list as CSV and XLSX (decision 0174), through the platform's writer (decision 0433). */
const COLUMNS: TableColumn<FinEntry>[] = [
  { header: 'Tipo', value: (e) => KIND_LABELS[e.kind] },
  { header: 'Descrição', value: (e) => e.description },
  { header: 'Cliente/Fornecedor', value: (e) => e.partyName },
  { header: 'Categoria', value: (e) => e.categoryName },
  { header: 'Centro de custo', value: (e) => e.costCenterName },
  { header: 'Conta', value: (e) => e.accountName },
  { header: 'Documento', value: (e) => e.documentNumber },
  { header: 'Parcela', value: (e) => (e.installmentNumber ? `${e.installmentNumber}/${e.installmentTotal}` : '') },
  { header: 'Vencimento', value: (e) => e.dueDate, kind: 'date' },
  { header: 'Vencimento útil', value: (e) => e.effectiveDueDate, kind: 'date' },
  { header: 'Competência', value: (e) => e.competenceDate, kind: 'date' },
  { header: 'Valor (R$)', value: (e) => e.amountCents, kind: 'money' },
  { header: 'Pago (R$)', value: (e) => e.paidCents, kind: 'money' },
  { header: 'Em aberto (R$)', value: (e) => e.openCents, kind: 'money' },
  { header: 'Situação', value: (e) => STATUS_LABELS[e.kind][e.displayStatus] },
  { header: 'Data da baixa', value: (e) => e.settledDate, kind: 'date' },
];

export const entriesCsv = (entries: FinEntry[]) => csvDocument(COLUMNS, entries);
export const entriesXlsx = (entries: FinEntry[]) => xlsxDocument('Lançamentos', COLUMNS, entries);

/** The company's data export (decision 0135): the five core tables. */
export async function exportFinance(_s: Services, tenant: Tenant, out: ExportSink) {
  const { finAccounts, finCategories, finCostCenters, finEntries, finPayments } = schema;
  out.csv('contas.csv', ['id', 'name', 'kind', 'bankCode', 'agency', 'accountNumber', 'openingBalanceCents', 'openingDate', 'archivedAt', 'createdAt'], companyRows(tenant, finAccounts));
  out.csv('categorias.csv', ['id', 'parentId', 'name', 'kind', 'dreGroup', 'position', 'archivedAt', 'createdAt'], companyRows(tenant, finCategories));
  out.csv('centros-de-custo.csv', ['id', 'name', 'archivedAt', 'createdAt'], companyRows(tenant, finCostCenters));
  out.csv(
    'lancamentos.csv',
    ['id', 'kind', 'description', 'amountCents', 'paidCents', 'dueDate', 'competenceDate', 'status', 'categoryId', 'costCenterId', 'accountId', 'organizationId', 'personId', 'documentNumber', 'barcode', 'notes', 'installmentGroupId', 'installmentNumber', 'installmentTotal', 'recurrenceId', 'settledDate', 'createdBy', 'createdAt', 'updatedAt'],
    companyRows(tenant, finEntries),
  );
  out.csv('pagamentos.csv', ['id', 'entryId', 'accountId', 'paidDate', 'amountCents', 'interestCents', 'fineCents', 'discountCents', 'createdBy', 'createdAt'], companyRows(tenant, finPayments));
}
