import { CalendarDays, FolderOpen, Palette } from 'lucide-react';
import { Link } from 'react-router';
import { CHANNEL_LABELS, PIECE_STATUS_LABELS, PIECE_STATUSES } from '@sede/shared/marketing/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { useMonthPieces, useUpcomingPieces } from '../../api/overview.ts';
import { weekdayDateTime } from '@sede/shared/format';
import { clientLinks, piecePath } from './links.ts';
import { STATUS_BADGE } from './status.ts';

/** Links to the client's calendar, creatives and materials (those pages filter by `?cliente=`). */
export function ClientSections({ clientId }: { clientId: string }) {
  const links = clientLinks(clientId);
  const items = [
    { to: links.calendar, icon: CalendarDays, title: 'Calendário', text: 'As peças deste cliente por dia, semana e mês.' },
    { to: links.creatives, icon: Palette, title: 'Criativos', text: 'Textos, versões, anexos e aprovação das peças.' },
    { to: links.materials, icon: FolderOpen, title: 'Materiais', text: 'Logos, fotos, vídeos e PDFs do cliente.' },
  ];
  return (
    <nav aria-label="Seções do cliente" className="grid gap-3 sm:grid-cols-3">
      {items.map(({ to, icon: Icon, title, text }) => (
        <Link key={to} to={to} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-[var(--color-accent)] focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]">
          <Icon className="mt-0.5 size-5 shrink-0 text-[var(--color-accent)]" aria-hidden />
          <span>
            <span className="block text-sm font-semibold text-slate-900">{title}</span>
            <span className="block text-xs text-slate-600">{text}</span>
          </span>
        </Link>
      ))}
    </nav>
  );
}

/** This month's pieces of the client by status, and its next pieces. */
export function ClientSummary({ clientId }: { clientId: string }) {
  const month = useMonthPieces(clientId);
  const upcoming = useUpcomingPieces(clientId);
  const counts = PIECE_STATUSES.map((s) => ({ status: s, n: (month.data?.pieces ?? []).filter((p) => p.status === s).length }));
  const next = (upcoming.data?.pieces ?? []).slice(0, 5);
  return (
    <Card data-testid="client-summary">
      <CardHeader>
        <CardTitle>Resumo</CardTitle>
        <CardDescription>As peças deste mês por status e as próximas a sair.</CardDescription>
      </CardHeader>
      <CardContent className="@container grid gap-4">
        {month.isPending ? (
          <Spinner label="Carregando as peças" />
        ) : (
          <dl className="grid grid-cols-3 gap-2 @lg:grid-cols-6">
            {counts.map(({ status, n }) => (
              <div key={status} className="rounded-lg border border-slate-200 p-2 text-center">
                <dt className="text-xs text-slate-700">{PIECE_STATUS_LABELS[status]}</dt>
                <dd className="text-lg font-semibold text-slate-900">{n}</dd>
              </div>
            ))}
          </dl>
        )}
        <div>
          <h3 className="mb-2 text-sm font-medium text-slate-900">Próximas peças</h3>
          {upcoming.isPending ? (
            <Spinner />
          ) : next.length ? (
            <ul className="divide-y divide-slate-100">
              {next.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                  <Link to={piecePath(p.id)} className="min-w-0 flex-1 basis-full truncate font-medium text-slate-900 hover:underline sm:basis-auto">
                    {p.title}
                  </Link>
                  <span className="text-slate-600">{CHANNEL_LABELS[p.channel]}</span>
                  <span className="text-slate-600">{p.scheduledAt && weekdayDateTime(p.scheduledAt)}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_BADGE[p.status]}`}>{PIECE_STATUS_LABELS[p.status]}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">
              Nenhuma peça agendada nos próximos 60 dias.{' '}
              <Link to={clientLinks(clientId).calendar} className="font-medium text-[var(--color-accent)] hover:underline">
                Planejar no calendário
              </Link>
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
