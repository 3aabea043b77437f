import type { ProjectStatus } from '@sede/shared/projects/schemas';

export const STATUS_CLASS: Record<ProjectStatus, string> = {
  planejado: 'bg-slate-100 text-slate-800',
  em_andamento: 'bg-blue-100 text-blue-900',
  pausado: 'bg-amber-100 text-amber-900',
  concluido: 'bg-emerald-100 text-emerald-900',
  cancelado: 'bg-red-100 text-red-900',
};
