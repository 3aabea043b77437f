import type { PieceStatus } from '@sede/shared/marketing/constants';

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });
const dayMonth = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });

export const formatDateTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '');
export const formatDayMonth = (iso: string | null) => (iso ? dayMonth.format(new Date(iso)) : 'Sem data');

/** Status colours with AA contrast on white. */
export const STATUS_CLASS: Record<PieceStatus, string> = {
  ideia: 'bg-slate-100 text-slate-800',
  producao: 'bg-amber-100 text-amber-900',
  revisao: 'bg-violet-100 text-violet-900',
  aprovado: 'bg-emerald-100 text-emerald-900',
  agendado: 'bg-sky-100 text-sky-900',
  publicado: 'bg-blue-700 text-white',
};

export const hashtagLine = (tags: string[]) => tags.map((t) => `#${t}`).join(' ');

/** '#a b, #c' → ['a', 'b', 'c'] (the server checks each). */
export const parseHashtags = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((t) => t.replace(/^#+/, '').trim())
    .filter(Boolean);
