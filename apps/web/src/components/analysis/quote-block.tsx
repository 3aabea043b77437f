import { Quote } from 'lucide-react';

/**
 * A verbatim quote of the analysed material with its place in the source (clause, page, speaker,
 * time); a quote the model did not copy literally says so (decision 0210).
 */
export function QuoteBlock({ quote, place, found }: { quote: string; place: (string | null | undefined | false)[]; found: boolean }) {
  const where = place.filter(Boolean).join(' · ');
  return (
    <>
      <blockquote className="mt-2 border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm italic text-slate-800">
        <Quote className="mb-1 size-3.5 text-slate-500" aria-hidden />“{quote}”
      </blockquote>
      <p className="mt-1 text-xs text-slate-600">
        {where || 'Local não informado'}
        {!found && ' · trecho não localizado literalmente no arquivo: confira no original'}
      </p>
    </>
  );
}

/** Seconds as m:ss (or h:mm:ss) for a transcript's time. */
export function clock(seconds: number | null): string | null {
  if (seconds === null) return null;
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
