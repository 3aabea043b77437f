import { AtSign, Briefcase, Camera, CirclePlay, Mail, MessageCircle, Music2, Newspaper, ThumbsUp, type LucideIcon } from 'lucide-react';
import { addDays, dayOfWeek } from '@sede/shared/platform/calendar';
import { dayMonthNumeric, month } from '@sede/shared/format';
import type { MarketingChannel, PieceStatus } from '@sede/shared/marketing/constants';
import type { CalendarDateKind } from '@sede/shared/marketing/calendar';

/** Each channel's icon and colour on the calendar (a stripe and a tint; text stays slate for contrast). */
export const CHANNEL_STYLE: Record<MarketingChannel, { icon: LucideIcon; chip: string; dot: string }> = {
  instagram: { icon: Camera, chip: 'border-l-pink-500 bg-pink-50', dot: 'bg-pink-500' },
  facebook: { icon: ThumbsUp, chip: 'border-l-blue-600 bg-blue-50', dot: 'bg-blue-600' },
  linkedin: { icon: Briefcase, chip: 'border-l-sky-700 bg-sky-50', dot: 'bg-sky-700' },
  tiktok: { icon: Music2, chip: 'border-l-slate-900 bg-slate-100', dot: 'bg-slate-900' },
  youtube: { icon: CirclePlay, chip: 'border-l-red-600 bg-red-50', dot: 'bg-red-600' },
  blog: { icon: Newspaper, chip: 'border-l-amber-600 bg-amber-50', dot: 'bg-amber-600' },
  email: { icon: AtSign, chip: 'border-l-violet-600 bg-violet-50', dot: 'bg-violet-600' },
  whatsapp: { icon: MessageCircle, chip: 'border-l-emerald-600 bg-emerald-50', dot: 'bg-emerald-600' },
};
export const CAMPAIGN_ICON = Mail;

/** The six statuses' badges. */
export const STATUS_BADGE: Record<PieceStatus, string> = {
  ideia: 'bg-slate-100 text-slate-800 ring-slate-300',
  producao: 'bg-amber-100 text-amber-900 ring-amber-300',
  revisao: 'bg-orange-100 text-orange-900 ring-orange-300',
  aprovado: 'bg-sky-100 text-sky-900 ring-sky-300',
  agendado: 'bg-indigo-100 text-indigo-900 ring-indigo-300',
  publicado: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
};

export const DATE_STYLE: Record<CalendarDateKind, string> = {
  feriado: 'bg-rose-50 text-rose-900',
  facultativo: 'bg-orange-50 text-orange-900',
  comercial: 'bg-yellow-50 text-yellow-900',
};
export const DATE_KIND_LABELS: Record<CalendarDateKind, string> = { feriado: 'Feriado nacional', facultativo: 'Ponto facultativo', comercial: 'Data comercial' };

export type CalendarViewKind = 'mes' | 'semana' | 'lista';

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
function monthEnd(date: string) {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return addDays(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`, -1);
}
/** Sunday on or before. */
export const weekStart = (date: string) => addDays(date, -dayOfWeek(date));

/** The days a view shows (the month's grid: whole weeks, Sunday first). */
export function rangeOf(view: CalendarViewKind, date: string): { from: string; to: string } {
  if (view === 'semana') return { from: weekStart(date), to: addDays(weekStart(date), 6) };
  if (view === 'lista') return { from: monthStart(date), to: monthEnd(date) };
  const end = monthEnd(date);
  return { from: weekStart(monthStart(date)), to: addDays(end, 6 - dayOfWeek(end)) };
}

export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The date one step back or ahead in the view (a month or a week). */
export function step(view: CalendarViewKind, date: string, dir: 1 | -1): string {
  if (view === 'semana') return addDays(date, 7 * dir);
  const [y, m] = date.split('-').map(Number) as [number, number];
  const month = m + dir;
  const yy = month === 0 ? y - 1 : month === 13 ? y + 1 : y;
  const mm = month === 0 ? 12 : month === 13 ? 1 : month;
  return `${yy}-${String(mm).padStart(2, '0')}-01`;
}

export function periodTitle(view: CalendarViewKind, date: string) {
  if (view !== 'semana') return month(date);
  const { from, to } = rangeOf('semana', date);
  return `${dayMonthNumeric(from)} a ${dayMonthNumeric(to)}/${to.slice(0, 4)}`;
}
export const WEEKDAYS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'];
