import { CONTRACT_STATUS_LABELS, type ContractStatus } from '@sede/shared/juridico/schemas';

const TONES: Record<ContractStatus, string> = {
  negotiation: 'bg-amber-100 text-amber-900',
  active: 'bg-emerald-100 text-emerald-900',
  ended: 'bg-slate-200 text-slate-800',
  terminated: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status }: { status: ContractStatus }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${TONES[status]}`}>{CONTRACT_STATUS_LABELS[status]}</span>;
}

/** Days until the end (Brasília's today); null without an end. */
export function daysLeft(endDate: string | null, today = new Date()): number | null {
  if (!endDate) return null;
  const t = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(today);
  return Math.round((Date.parse(endDate) - Date.parse(t)) / 86_400_000);
}

export function EndingBadge({ endDate }: { endDate: string | null }) {
  const left = daysLeft(endDate);
  if (left === null || left < 0 || left > 30) return null;
  return (
    <span className="inline-flex rounded-full bg-orange-100 px-2 py-0.5 text-xs font-medium text-orange-900">
      {left === 0 ? 'Termina hoje' : `Termina em ${left} ${left === 1 ? 'dia' : 'dias'}`}
    </span>
  );
}
