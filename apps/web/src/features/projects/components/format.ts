import type { ProjectStatus } from '@sede/shared/projects/schemas';

const dateFmt = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortFmt = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short', timeZone: 'UTC' });
/** A calendar day `YYYY-MM-DD` in pt-BR ('05 de mar. de 2026'). */
export const formatDay = (d: string | null) => (d ? dateFmt.format(new Date(`${d}T00:00:00Z`)) : '—');
export const formatShortDay = (d: string) => shortFmt.format(new Date(`${d}T00:00:00Z`));
export const todayIso = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

export const STATUS_CLASS: Record<ProjectStatus, string> = {
  planejado: 'bg-slate-100 text-slate-800',
  em_andamento: 'bg-blue-100 text-blue-900',
  pausado: 'bg-amber-100 text-amber-900',
  concluido: 'bg-emerald-100 text-emerald-900',
  cancelado: 'bg-red-100 text-red-900',
};
