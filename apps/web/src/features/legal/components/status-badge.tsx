import { CONTRACT_STATUS_LABELS, type ContractStatus } from '@sede/shared/legal/schemas';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { Badge } from '../../../components/ui/badge.tsx';

const TONES: Record<ContractStatus, string> = {
  negotiation: 'bg-amber-100 text-amber-900',
  active: 'bg-emerald-100 text-emerald-900',
  ended: 'bg-slate-200 text-slate-800',
  terminated: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status }: { status: ContractStatus }) {
  return <Badge tone={TONES[status]}>{CONTRACT_STATUS_LABELS[status]}</Badge>;
}

/** Days until the end (Brasília's today); null without an end. */
export function daysLeft(endDate: string | null, today = new Date()): number | null {
  if (!endDate) return null;
  return Math.round((Date.parse(endDate) - Date.parse(todayInBrazil(today))) / 86_400_000);
}

/** '1 dia', '30 dias'. */
export const daysLabel = (n: number) => `${n} ${n === 1 ? 'dia' : 'dias'}`;

export function EndingBadge({ endDate }: { endDate: string | null }) {
  const left = daysLeft(endDate);
  if (left === null || left < 0 || left > 30) return null;
  return <Badge tone="bg-orange-100 text-orange-900">{left === 0 ? 'Termina hoje' : `Termina em ${daysLabel(left)}`}</Badge>;
}
