import { SUPPORT_STATUS_LABELS, type SupportStatus } from '@sede/shared/support/schemas';

const TONES: Record<SupportStatus, string> = {
  aberto: 'bg-amber-50 text-amber-800 ring-amber-200',
  respondido: 'bg-blue-50 text-blue-800 ring-blue-200',
  resolvido: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
};

export function StatusBadge({ status }: { status: SupportStatus }) {
  return <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${TONES[status]}`}>{SUPPORT_STATUS_LABELS[status]}</span>;
}
