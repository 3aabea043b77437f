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

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', weekday: 'short', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
const time = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'long', day: '2-digit', month: '2-digit' });
export const formatWhen = (iso: string) => dateTime.format(new Date(iso));
export const formatTime = (iso: string) => time.format(new Date(iso));
/** 'segunda-feira, 23/11' for a YYYY-MM-DD. */
export const formatDay = (isoDate: string) => day.format(new Date(`${isoDate}T12:00:00Z`));
/** The YYYY-MM-DD of an instant in São Paulo. */
export const dayInBrazil = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(iso));

/** Where a piece opens (the creatives page, by its `peca` parameter). */
export const piecePath = (id: string) => `/marketing/criativos?peca=${id}`;
/** A client's calendar, creatives and materials (their pages read `?cliente=`). */
export const clientLinks = (id: string) => ({
  calendar: `/marketing/calendario?cliente=${id}`,
  creatives: `/marketing/criativos?cliente=${id}`,
  materials: `/marketing/materiais?cliente=${id}`,
});
