import { EMPLOYEE_STATUS_LABELS, type EmployeeStatus } from '@sede/shared/hr/schemas';
import { cn } from '../../../lib/cn.ts';

const TONES: Record<EmployeeStatus, string> = {
  ativo: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  afastado: 'bg-amber-50 text-amber-900 ring-amber-200',
  desligado: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function EmployeeStatusBadge({ status }: { status: EmployeeStatus }) {
  return <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', TONES[status])}>{EMPLOYEE_STATUS_LABELS[status]}</span>;
}
