import { Link } from 'react-router';
import type { PieceView } from '@sede/shared/marketing/pieces';
import { CHANNEL_LABELS, PIECE_STATUS_LABELS } from '@sede/shared/marketing/constants';
import { holidayOn, todayInBrazil } from '@sede/shared/platform/calendar';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { cn } from '../../../../lib/cn.ts';
import { time, weekdayDay } from '@sede/shared/format';
import { dayInBrazil } from '@sede/shared/marketing/calendar';
import { piecePath } from '../clients/links.ts';
import { STATUS_BADGE } from '../clients/status.ts';

/** This week's pieces by day (Monday to Sunday): seven columns on wide screens, a list on phones. */
export function WeekPieces({ days, pieces, loading }: { days: string[]; pieces: PieceView[] | undefined; loading: boolean }) {
  const today = todayInBrazil();
  const byDay = new Map(days.map((d) => [d, [] as PieceView[]]));
  for (const p of pieces ?? []) if (p.scheduledAt) byDay.get(dayInBrazil(p.scheduledAt))?.push(p);
  return (
    <Card data-testid="week-pieces">
      <CardHeader>
        <CardTitle>Peças desta semana</CardTitle>
        <CardDescription>{pieces?.length ? `${pieces.length === 1 ? '1 peça' : `${pieces.length} peças`} de segunda a domingo.` : 'Nada agendado de segunda a domingo.'}</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Spinner label="Carregando a semana" />
        ) : (
          <ol className="grid gap-2 lg:grid-cols-7">
            {days.map((d) => {
              const list = byDay.get(d) ?? [];
              const holiday = holidayOn(d);
              return (
                <li key={d} className={cn('grid content-start gap-2 rounded-lg border p-2', d === today ? 'border-[var(--color-accent)] bg-[var(--color-accent-soft)]/40' : 'border-slate-200', !list.length && 'hidden lg:grid')} aria-label={`${weekdayDay(d)}${d === today ? ' (hoje)' : ''}: ${list.length === 1 ? '1 peça' : `${list.length} peças`}`}>
                  <p className="text-xs font-semibold text-slate-800 first-letter:uppercase">
                    {weekdayDay(d)}
                    {d === today && <span className="ml-1 font-normal text-[var(--color-accent)]">· hoje</span>}
                  </p>
                  {holiday && <p className="text-xs text-rose-800">{holiday.name}</p>}
                  <ul className="grid gap-1.5">
                    {list.map((p) => (
                      <li key={p.id}>
                        <Link to={piecePath(p.id)} className="block rounded-md border border-slate-200 bg-white p-2 text-xs hover:border-[var(--color-accent)]">
                          <span className="block font-medium text-slate-900">{p.title}</span>
                          <span className="block text-slate-600">
                            {p.scheduledAt && time(p.scheduledAt)} · {CHANNEL_LABELS[p.channel]} · {p.clientName}
                          </span>
                          <span className={`mt-1 inline-block rounded-full px-1.5 py-0.5 font-medium ${STATUS_BADGE[p.status]}`}>{PIECE_STATUS_LABELS[p.status]}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ol>
        )}
        {!loading && !pieces?.length && <p className="text-sm text-slate-600 lg:hidden">Nenhuma peça agendada nesta semana.</p>}
      </CardContent>
    </Card>
  );
}
