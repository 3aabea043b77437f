import { shortDateTime, time } from '@sede/shared/format';

/** '14:05' today, '24/11 14:05' before. */
export function when(iso: string): string {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? time(d) : shortDateTime(d);
}

/** A wait rounded to what a person reads at a glance: '45 s', '4 min', '1 h 20 min'. */
export function duration(ms: number | null): string {
  if (ms === null) return '—';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
}

export const visitorLabel = (c: { visitorName: string | null; visitorEmail: string | null }) => c.visitorName || c.visitorEmail || 'Visitante do site';
