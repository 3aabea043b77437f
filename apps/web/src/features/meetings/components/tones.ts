import type { Sentiment } from '@sede/shared/meetings/schemas';

export const SENTIMENT_TONES: Record<Sentiment, string> = {
  positivo: 'bg-emerald-100 text-emerald-900',
  neutro: 'bg-slate-200 text-slate-800',
  negativo: 'bg-red-100 text-red-900',
};
