import { DUNNING_CHANNEL_LABELS, DUNNING_STATUS_LABELS, type DunningStatus, stepLabel } from '@sede/shared/finance/dunning';
import { dateTime } from '@sede/shared/format';
import { BellRing } from 'lucide-react';
import { Badge } from '../../../../components/ui/badge.tsx';
import { useDunningHistory } from '../../api/dunning.ts';

const tone: Record<DunningStatus, string> = {
  sent: 'bg-emerald-100 text-emerald-900',
  sending: 'bg-slate-100 text-slate-800',
  failed: 'bg-red-100 text-red-900',
  skipped: 'bg-amber-100 text-amber-900',
};

/** What the collection rule sent for a receivable (decision 0582): step, channel, when, and why one failed or was not sent. */
export function DunningHistory({ entryId }: { entryId: string }) {
  const history = useDunningHistory(entryId);
  if (history.isPending || history.isError) return null;
  const { items, paused } = history.data;
  return (
    <section className="grid gap-2" aria-labelledby="dunning-history-title" data-testid="dunning-history">
      <h3 id="dunning-history-title" className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <BellRing className="size-4 text-[var(--color-accent)]" aria-hidden /> Lembretes da régua de cobrança
      </h3>
      {paused && <p className="text-xs text-amber-800">A régua está pausada para este cliente.</p>}
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum lembrete enviado ainda.</p>
      ) : (
        <ul className="grid gap-1.5">
          {items.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{stepLabel(m.step)}</span> · {DUNNING_CHANNEL_LABELS[m.channel]}
                <span className="block text-xs text-slate-600">
                  {dateTime(m.sentAt ?? m.createdAt)}
                  {m.reason ? ` · ${m.reason}` : ''}
                </span>
              </span>
              <Badge tone={tone[m.status]}>{DUNNING_STATUS_LABELS[m.status]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
