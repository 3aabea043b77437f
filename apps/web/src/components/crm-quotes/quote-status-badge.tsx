import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@sede/shared/crm/quotes';
import { cn } from '../../lib/cn.ts';

const TONES: Record<QuoteStatus, string> = {
  rascunho: 'bg-slate-100 text-slate-800',
  enviado: 'bg-blue-50 text-blue-800',
  aceito: 'bg-emerald-50 text-emerald-800',
  recusado: 'bg-red-50 text-red-800',
  expirado: 'bg-amber-50 text-amber-900',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', TONES[status])}>{QUOTE_STATUS_LABELS[status]}</span>;
}
