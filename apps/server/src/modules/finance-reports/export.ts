import { DRE_BASIS_LABELS, type CashFlowReport, type DreReport } from '@sede/shared/finance/reports-schemas';
import type { TableColumn } from '../../platform/spreadsheets/writer.ts';

/** A report as a table for the platform's writer (decision 0433): money in cents, days as calendar days. */
export type ReportTable<T> = { sheet: string; columns: TableColumn<T>[]; rows: T[] };

type Bucket = CashFlowReport['buckets'][number];
export function cashFlowTable(r: CashFlowReport): ReportTable<Bucket> {
  return {
    sheet: 'Fluxo de caixa',
    columns: [
      { header: 'Início', value: (b) => b.start, kind: 'date' },
      { header: 'Fim', value: (b) => b.end, kind: 'date' },
      { header: 'Entradas realizadas', value: (b) => b.realizedInCents, kind: 'money' },
      { header: 'Saídas realizadas', value: (b) => -b.realizedOutCents, kind: 'money' },
      { header: 'Entradas previstas', value: (b) => b.projectedInCents, kind: 'money' },
      { header: 'Saídas previstas', value: (b) => -b.projectedOutCents, kind: 'money' },
      { header: 'Saldo', value: (b) => b.balanceCents, kind: 'money' },
    ],
    rows: r.buckets,
  };
}

type DreRow = DreReport['rows'][number];
export function dreTable(r: DreReport): ReportTable<DreRow> {
  return {
    sheet: `DRE (${DRE_BASIS_LABELS[r.basis]})`,
    columns: [
      { header: 'Linha', value: (row) => (row.type === 'category' ? `   ${row.label}` : row.label) },
      ...r.months.map((month, i): TableColumn<DreRow> => ({ header: month, value: (row) => row.values[i], kind: 'money' })),
      { header: 'Total', value: (row) => row.totalCents, kind: 'money' },
    ],
    rows: r.rows,
  };
}
