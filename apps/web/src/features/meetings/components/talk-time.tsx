import { duration, percent } from '@sede/shared/format';
import type { TalkTime } from '@sede/shared/meetings/schemas';
import { ReportTable } from '../../../components/ui/report-table.tsx';

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
            <span className="tabular-nums text-slate-700">{percent(r.share)}</span>
          </div>
        ))}
      </div>
      <ReportTable
        caption="Tempo de fala por pessoa"
        rows={rows}
        rowKey={(r) => r.speaker}
        columns={[
          { header: 'Quem falou', cell: (r) => r.speaker },
          { header: 'Tempo', align: 'right', cell: (r) => duration(r.seconds) },
          { header: 'Parcela', align: 'right', cell: (r) => percent(r.share) },
        ]}
      />
      {estimated && <p className="text-xs text-slate-600">A transcrição não tem horários: o tempo de fala foi estimado pelo número de palavras de cada pessoa.</p>}
    </div>
  );
}
