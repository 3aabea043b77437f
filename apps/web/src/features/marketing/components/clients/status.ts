import type { PieceStatus } from '@sede/shared/marketing/constants';

/** A piece's status as a badge colour (readable contrast on white). */
export const STATUS_BADGE: Record<PieceStatus, string> = {
  ideia: 'bg-slate-100 text-slate-800',
  producao: 'bg-amber-100 text-amber-900',
  revisao: 'bg-violet-100 text-violet-900',
  aprovado: 'bg-emerald-100 text-emerald-900',
  agendado: 'bg-sky-100 text-sky-900',
  publicado: 'bg-green-200 text-green-900',
};
/** The same statuses in the chart. */
export const STATUS_FILL: Record<PieceStatus, string> = {
  ideia: '#94a3b8',
  producao: '#f59e0b',
  revisao: '#8b5cf6',
  aprovado: '#10b981',
  agendado: '#0ea5e9',
  publicado: '#16a34a',
};
