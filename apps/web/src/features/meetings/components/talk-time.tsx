import type { TalkTime } from '@sede/shared/meetings/schemas';
import { duration, share } from './format.ts';

const COLORS = ['bg-sky-600', 'bg-amber-500', 'bg-emerald-600', 'bg-violet-600', 'bg-rose-600', 'bg-slate-600'];

/** Talk-time per speaker: a horizontal bar chart (hidden from screen readers) and the same figures as a table. */
export function TalkTimeChart({ rows, estimated }: { rows: TalkTime[]; estimated: boolean }) {
  const max = Math.max(...rows.map((r) => r.share), 0.0001);
  return (
    <div className="grid gap-3">
      <div className="grid gap-2" aria-hidden>
        {rows.map((r, i) => (
          <div key={r.speaker} className="grid grid-cols-[minmax(5rem,9rem)_1fr_auto] items-center gap-2 text-sm">
            <span className="truncate">{r.speaker}</span>
            <span className="h-4 rounded bg-slate-100">
              <span className={`block h-4 rounded ${COLORS[i % COLORS.length]}`} style={{ width: `${Math.max(2, (r.share / max) * 100)}%` }} />
            </span>
            <span className="tabular-nums text-slate-700">{share(r.share)}</span>
          </div>
        ))}
      </div>
      <table className="w-full text-sm">
        <caption className="sr-only">Tempo de fala por pessoa</caption>
        <thead className="text-left text-xs font-medium uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="py-1">
              Quem falou
            </th>
            <th scope="col" className="py-1 text-right">
              Tempo
            </th>
            <th scope="col" className="py-1 text-right">
              Parcela
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.speaker}>
              <td className="py-1">{r.speaker}</td>
              <td className="py-1 text-right tabular-nums">{duration(r.seconds)}</td>
              <td className="py-1 text-right tabular-nums">{share(r.share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {estimated && <p className="text-xs text-slate-600">A transcrição não tem horários: o tempo de fala foi estimado pelo número de palavras de cada pessoa.</p>}
    </div>
  );
}
