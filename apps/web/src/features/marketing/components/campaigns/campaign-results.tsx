import type { CampaignDetail } from '@sede/shared/marketing/campaigns';
import { CHANNEL_LABELS, PIECE_STATUS_LABELS } from '@sede/shared/marketing/constants';
import { day } from '@sede/shared/format';
import { dayInBrazil } from '@sede/shared/marketing/calendar';
import { resultItems } from './results.ts';

const when = (iso: string) => day(dayInBrazil(iso));

/** The campaign's results, its pieces by channel (bars with their numbers) and its pieces. */
export function CampaignResults({ campaign: c }: { campaign: CampaignDetail }) {
  const max = Math.max(1, ...c.byChannel.map((b) => b.pieces));
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {resultItems(c).map((r) => (
          <div key={r.label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">{r.label}</dt>
            <dd className="text-base font-semibold tabular-nums text-slate-900">{r.value}</dd>
          </div>
        ))}
      </dl>
      {c.byChannel.length > 0 && (
        <section aria-labelledby={`canais-${c.id}`} className="grid gap-2">
          <h3 id={`canais-${c.id}`} className="text-sm font-semibold text-slate-900">
            Peças por canal <span className="font-normal text-slate-600">({c.pieces}, {c.published} publicadas)</span>
          </h3>
          <ul className="grid gap-1.5">
            {c.byChannel.map((b) => (
              <li key={b.channel} className="grid grid-cols-[6.5rem_1fr_2rem] items-center gap-2 text-sm">
                <span className="text-slate-700">{CHANNEL_LABELS[b.channel]}</span>
                <span className="h-2.5 rounded-full bg-slate-100" aria-hidden>
                  <span className="block h-full rounded-full bg-blue-600" style={{ width: `${(b.pieces / max) * 100}%` }} />
                </span>
                <span className="text-right tabular-nums text-slate-900">{b.pieces}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {c.piecesList.length > 0 && (
        <section aria-labelledby={`pecas-${c.id}`} className="grid gap-1">
          <h3 id={`pecas-${c.id}`} className="text-sm font-semibold text-slate-900">
            Peças
          </h3>
          <ul className="divide-y divide-slate-100 text-sm">
            {c.piecesList.map((p) => (
              <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
                <span className="min-w-0 font-medium text-slate-900">{p.publishedUrl ? <a href={p.publishedUrl} target="_blank" rel="noreferrer" className="hover:underline">{p.title}</a> : p.title}</span>
                <span className="text-xs text-slate-600">
                  {CHANNEL_LABELS[p.channel]} · {PIECE_STATUS_LABELS[p.status]}
                  {p.scheduledAt ? ` · ${when(p.scheduledAt)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {c.summary && (
        <section aria-labelledby={`resumo-${c.id}`} className="grid gap-1">
          <h3 id={`resumo-${c.id}`} className="text-sm font-semibold text-slate-900">
            Resumo e aprendizados
          </h3>
          <p className="whitespace-pre-line text-sm text-slate-700">{c.summary}</p>
        </section>
      )}
    </div>
  );
}
