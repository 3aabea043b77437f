import ExcelJS from 'exceljs';
import { KIND_LABELS, STATUS_LABELS, type FinEntry } from '@sede/shared/finance/entries';
import { companyRows } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { schema } from '@sede/db/client';

/**
 * The lists' CSV and XLSX (decision 0174): columns in Portuguese; the CSV is for Brazilian
 * spreadsheets (UTF-8 with BOM, `;` between cells, decimal comma, dd/mm/aaaa) and defuses a
 * leading = + - @ (formula injection); the XLSX carries numbers and dates as such.
 */
const HEADERS = ['Tipo', 'Descrição', 'Cliente/Fornecedor', 'Categoria', 'Centro de custo', 'Conta', 'Documento', 'Parcela', 'Vencimento', 'Vencimento útil', 'Competência', 'Valor (R$)', 'Pago (R$)', 'Em aberto (R$)', 'Situação', 'Data da baixa'];

const br = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');
const money = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (e: FinEntry) => [
  KIND_LABELS[e.kind],
  e.description,
  e.partyName,
  e.categoryName,
  e.costCenterName,
  e.accountName,
  e.documentNumber,
  e.installmentNumber ? `${e.installmentNumber}/${e.installmentTotal}` : '',
];

export function entriesCsv(entries: FinEntry[]): string {
  const rows = entries.map((e) =>
    [...line(e), br(e.dueDate), br(e.effectiveDueDate), br(e.competenceDate), money(e.amountCents), money(e.paidCents), money(e.openCents), STATUS_LABELS[e.kind][e.displayStatus], br(e.settledDate)]
      .map(csvCell)
      .join(';'),
  );
  return `\uFEFF${[HEADERS.map(csvCell).join(';'), ...rows].join('\r\n')}\r\n`;
}

const asDate = (iso: string | null) => (iso ? new Date(`${iso}T12:00:00Z`) : null);

export async function entriesXlsx(entries: FinEntry[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Sede';
  const ws = wb.addWorksheet('Lançamentos');
  ws.addRow(HEADERS).font = { bold: true };
  for (const e of entries) {
    ws.addRow([...line(e), asDate(e.dueDate), asDate(e.effectiveDueDate), asDate(e.competenceDate), e.amountCents / 100, e.paidCents / 100, e.openCents / 100, STATUS_LABELS[e.kind][e.displayStatus], asDate(e.settledDate)]);
  }
  for (const c of [9, 10, 11, 16]) ws.getColumn(c).numFmt = 'dd/mm/yyyy';
  for (const c of [12, 13, 14]) ws.getColumn(c).numFmt = '"R$" #,##0.00';
  ws.columns.forEach((col, i) => {
    col.width = i === 1 ? 40 : 16;
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

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
