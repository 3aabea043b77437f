import type { PieceStatus } from '@sede/shared/marketing/constants';

/** Status colours with AA contrast on white. */
export const STATUS_CLASS: Record<PieceStatus, string> = {
  ideia: 'bg-slate-100 text-slate-800',
  producao: 'bg-amber-100 text-amber-900',
  revisao: 'bg-violet-100 text-violet-900',
  aprovado: 'bg-emerald-100 text-emerald-900',
  agendado: 'bg-sky-100 text-sky-900',
  publicado: 'bg-blue-700 text-white',
};
