import { STATUS_LABELS, type EntryKind } from '@sede/shared/finance/entries';
import type { DisplayStatus } from '@sede/shared/finance/money';
import { cn } from '../../../lib/cn.ts';

const TONES: Record<DisplayStatus, string> = {
  open: 'bg-sky-50 text-sky-800 ring-sky-200',
  overdue: 'bg-red-50 text-red-800 ring-red-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function StatusBadge({ kind, status }: { kind: EntryKind; status: DisplayStatus }) {
  return <span className={cn('inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', TONES[status])}>{STATUS_LABELS[kind][status]}</span>;
}
