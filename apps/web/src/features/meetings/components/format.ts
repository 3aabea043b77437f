import type { Sentiment } from '@sede/shared/meetings/schemas';

const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });

export const day = (iso: string | null) => (iso ? date.format(new Date(`${iso}T00:00:00Z`)) : '—');
export const when = (iso: string) => dateTime.format(new Date(iso));
export const share = (v: number) => percent.format(v);
/** 75 → "1 min 15 s"; 3600 → "1 h". */
export function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  if (h) return `${h} h${m ? ` ${m} min` : ''}`;
  if (m) return `${m} min${s ? ` ${s} s` : ''}`;
  return `${s} s`;
}
export const clock = (sec: number | null) => (sec === null ? '' : `${String(Math.floor(sec / 60)).padStart(2, '0')}:${String(Math.floor(sec % 60)).padStart(2, '0')}`);

export const SENTIMENT_TONES: Record<Sentiment, string> = {
  positivo: 'bg-emerald-100 text-emerald-900',
  neutro: 'bg-slate-200 text-slate-800',
  negativo: 'bg-red-100 text-red-900',
};
/** BANT score 0–100: ≥ 70 qualified, 40–69 partly, below 40 not yet. */
export const scoreTone = (score: number) => (score >= 70 ? 'bg-emerald-100 text-emerald-900' : score >= 40 ? 'bg-amber-100 text-amber-900' : 'bg-red-100 text-red-900');
