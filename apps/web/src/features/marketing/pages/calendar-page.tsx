import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, LayoutGrid, List, Plus, Rows3 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { brazilDateTime, DEFAULT_PIECE_TIME, dayInBrazil, moveToDay, type CalendarPiece, type CalendarQuery, type CalendarView } from '@sede/shared/marketing/calendar';
import { MARKETING_CHANNELS, PIECE_STATUSES, type MarketingChannel, type PieceStatus } from '@sede/shared/marketing/constants';
import type { PieceCreateInput, PieceList, PieceListQuery } from '@sede/shared/marketing/pieces';
import { isIsoDate, todayInBrazil } from '@sede/shared/platform/calendar';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useCalendar } from '../api/calendar.ts';
import { useBrowserValue } from '../../../lib/browser-value.ts';
import { useClients } from '../api/clients.ts';
import { marketingKeys } from '../api/keys.ts';
import { updatePiece, usePiece, usePiecePages } from '../api/pieces.ts';
import { CalendarBoard, type BoardPiece } from '../components/calendar/calendar-board.tsx';
import { loadedPieces, NO_DATE_PAGE, withoutPiece } from '../components/calendar/no-date-pages.ts';
import { periodTitle, rangeOf, step, type CalendarViewKind } from '../components/calendar/calendar-style.ts';
import { CHANNEL_OPTIONS, clientOptions, LabeledSelect, STATUS_OPTIONS } from '../components/labeled-select.tsx';
import { PieceFormDialog } from '../components/pieces/piece-form-dialog.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { dayMonthNumeric } from '@sede/shared/format';

const VIEWS: Array<{ key: CalendarViewKind; label: string; icon: typeof LayoutGrid }> = [
  { key: 'mes', label: 'Mês', icon: LayoutGrid },
  { key: 'semana', label: 'Semana', icon: Rows3 },
  { key: 'lista', label: 'Lista', icon: List },
];
const isPhone = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.('(max-width: 639px)').matches);

/**
 * /marketing/calendario (decisions 0325–0327): the pieces by day in month, week and list views, with the
 * mass campaigns, holidays and commercial dates; drag a piece to another day (or an idea from
 * 'Sem data'). URL state: ?visao=mes|semana|lista&data=YYYY-MM-DD&cliente=&canal=&status=.
 */
export default function CalendarPage() {
  const qc = useQueryClient();
  const { membership } = useAuth();
  const canWrite = can(grantsFor(membership), 'marketing.write');
  const [params, setParams] = useUrlParams();
  const today = todayInBrazil();
  // The month on the server, the list on a phone right after (decision 0766).
  const phone = useBrowserValue(isPhone, false);
  const view: CalendarViewKind = (['mes', 'semana', 'lista'] as const).find((v) => v === params.get('visao')) ?? (phone ? 'lista' : 'mes');
  const date = isIsoDate(params.get('data') ?? '') ? params.get('data')! : today;
  const clientId = params.get('cliente') ?? '';
  const channel = (MARKETING_CHANNELS as readonly string[]).includes(params.get('canal') ?? '') ? (params.get('canal') as MarketingChannel) : '';
  const status = (PIECE_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as PieceStatus) : '';
  const set = (changes: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  const range = rangeOf(view, date);
  const query: CalendarQuery = { from: range.from, to: range.to, clientId: clientId || undefined, channel: channel || undefined, status: status || undefined };
  const calendar = useCalendar(query);
  const noDateQuery: PieceListQuery = { unscheduled: '1', clientId: clientId || undefined, channel: channel || undefined, status: status || undefined, limit: NO_DATE_PAGE };
  // 'Sem data' a page at a time ('Carregar mais'); the live refetch below reloads every page loaded.
  const noDate = usePiecePages(noDateQuery);
  const clients = useClients();
  useLiveInvalidate('marketing_piece', marketingKeys.calendar);
  useLiveInvalidate('marketing_piece', marketingKeys.pieces);
  useLiveInvalidate('campaign', marketingKeys.calendar);

  const clientNames = useMemo(() => {
    const m = new Map<string, string>();
    for (const c of clients.data ?? []) m.set(c.id, c.name);
    for (const c of calendar.data?.clients ?? []) m.set(c.id, c.name);
    return m;
  }, [clients.data, calendar.data]);
  const unscheduled: BoardPiece[] = useMemo(() => loadedPieces(noDate.data), [noDate.data]);

  const [creating, setCreating] = useState<Partial<PieceCreateInput> | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = usePiece(editingId);

  /** Optimistic: the piece moves at once; an error puts it back and says why; 'Desfazer' moves it back. */
  async function reschedule(piece: BoardPiece, scheduledAt: string | null, undoable: boolean) {
    const calKey = marketingKeys.calendarRange(query);
    const noDateKey = marketingKeys.piecePages(noDateQuery);
    await qc.cancelQueries({ queryKey: marketingKeys.calendar });
    await qc.cancelQueries({ queryKey: noDateKey });
    const beforeCal = qc.getQueryData<CalendarView>(calKey);
    const beforeNoDate = qc.getQueryData<InfiniteData<PieceList, unknown>>(noDateKey);
    const moved: CalendarPiece | null = scheduledAt ? { id: piece.id, clientId: piece.clientId, title: piece.title, channel: piece.channel, format: piece.format, status: piece.status, scheduledAt: new Date(scheduledAt).toISOString() } : null;
    const inRange = moved && dayInBrazil(moved.scheduledAt) >= range.from && dayInBrazil(moved.scheduledAt) <= range.to;
    if (beforeCal)
      qc.setQueryData<CalendarView>(calKey, {
        ...beforeCal,
        pieces: [...beforeCal.pieces.filter((p) => p.id !== piece.id), ...(inRange ? [moved] : [])].sort((a, b) => (a.scheduledAt < b.scheduledAt ? -1 : a.scheduledAt > b.scheduledAt ? 1 : 0)),
      });
    // An idea given a date leaves every loaded page at once; one sent to 'Sem data' comes with the refetch.
    if (beforeNoDate && scheduledAt) qc.setQueryData(noDateKey, withoutPiece(beforeNoDate, piece.id));
    try {
      await updatePiece(piece.id, { scheduledAt });
      const where = scheduledAt ? `para ${dayMonthNumeric(dayInBrazil(scheduledAt))}` : 'para Sem data';
      if (undoable) toast.success(`“${piece.title}” movida ${where}.`, { action: { label: 'Desfazer', onClick: () => void reschedule({ ...piece, scheduledAt }, piece.scheduledAt, false) } });
      else toast.success('Movimento desfeito.');
    } catch (err) {
      if (beforeCal) qc.setQueryData(calKey, beforeCal);
      if (beforeNoDate) qc.setQueryData(noDateKey, beforeNoDate);
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível mover a peça. Ela voltou ao lugar.');
    } finally {
      void qc.invalidateQueries({ queryKey: marketingKeys.calendar });
      void qc.invalidateQueries({ queryKey: marketingKeys.pieces });
    }
  }

  const createOn = (day: string | null) => setCreating({ scheduledAt: day ? brazilDateTime(day, DEFAULT_PIECE_TIME) : null, clientId: clientId || undefined, channel: channel || undefined, status: status || undefined });
  const data = calendar.data;
  const empty = data && data.pieces.length === 0 && unscheduled.length === 0 && !clientId && !channel && !status;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex items-center gap-1">
          <Button variant="secondary" size="icon" aria-label={view === 'semana' ? 'Semana anterior' : 'Mês anterior'} onClick={() => set({ data: step(view, date, -1) })}>
            <ChevronLeft aria-hidden />
          </Button>
          <Button variant="secondary" size="icon" aria-label={view === 'semana' ? 'Próxima semana' : 'Próximo mês'} onClick={() => set({ data: step(view, date, 1) })}>
            <ChevronRight aria-hidden />
          </Button>
          <Button variant="ghost" onClick={() => set({ data: '' })}>
            Hoje
          </Button>
          <h2 className="ml-1 text-lg font-semibold text-slate-900 first-letter:uppercase" aria-live="polite" data-testid="calendar-period">
            {periodTitle(view, date)}
          </h2>
        </div>
        <fieldset className="flex rounded-[var(--radius-ui)] border border-slate-300 bg-white p-0.5">
          <legend className="sr-only">Visualização</legend>
          {VIEWS.map((v) => (
            <button
              key={v.key}
              type="button"
              aria-pressed={view === v.key}
              className={cn('inline-flex h-8 items-center gap-1.5 rounded px-3 text-sm font-medium', view === v.key ? 'bg-[var(--color-accent)] text-white' : 'text-slate-700 hover:bg-slate-100')}
              onClick={() => set({ visao: v.key })}
            >
              <v.icon className="size-4" aria-hidden />
              {v.label}
            </button>
          ))}
        </fieldset>
        {canWrite && (
          <Button className="ml-auto" onClick={() => createOn([date, today].sort()[1]!)}>
            <Plus aria-hidden /> Nova peça
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <LabeledSelect id="calendar-client" label="Empresa cliente" fieldClassName="grid basis-full gap-1 sm:basis-auto" className="h-9 w-full sm:w-52" value={clientId} onChange={(e) => set({ cliente: e.target.value })} empty="Todas" options={clientOptions(clients.data)} />
        <LabeledSelect id="calendar-channel" label="Canal" fieldClassName="grid gap-1" className="h-9 sm:w-40" value={channel} onChange={(e) => set({ canal: e.target.value })} empty="Todos" options={CHANNEL_OPTIONS} />
        <LabeledSelect id="calendar-status" label="Status" fieldClassName="grid gap-1" className="h-9 sm:w-40" value={status} onChange={(e) => set({ status: e.target.value })} empty="Todos" options={STATUS_OPTIONS} />
        {calendar.isFetching && !calendar.isPending && <Spinner label="Atualizando o calendário" />}
      </div>

      {calendar.isPending ? (
        <Spinner label="Carregando o calendário" />
      ) : calendar.isError || !data ? (
        <EmptyState icon={CalendarDays} title="Não foi possível carregar o calendário" description={calendar.error instanceof ApiError ? calendar.error.message : 'Tente de novo em instantes.'} />
      ) : (
        <>
          {empty && (
            <EmptyState
              icon={CalendarDays}
              title="Planeje o conteúdo do mês"
              description="O calendário reúne as peças de cada canal (Instagram, blog, e-mail…) por dia, com o status de produção, as campanhas em massa, os feriados e as datas comerciais. Clique em um dia para criar uma peça ou arraste-a para mudar a data."
              action={
                canWrite ? (
                  <Button onClick={() => createOn([date, today].sort()[1]!)}>
                    <Plus aria-hidden /> Criar a primeira peça
                  </Button>
                ) : undefined
              }
            />
          )}
          <CalendarBoard
            view={view}
            from={range.from}
            to={range.to}
            month={date}
            today={today}
            pieces={data.pieces}
            campaigns={data.campaigns}
            dates={data.dates}
            clientNames={clientNames}
            unscheduled={unscheduled}
            noDatePaging={{ more: noDate.hasNextPage, loading: noDate.isFetchingNextPage, failed: noDate.isFetchNextPageError, pages: noDate.data?.pages.length ?? 0, onLoadMore: () => noDate.fetchNextPage() }}
            canWrite={canWrite}
            onMove={(piece, day) => void reschedule(piece, day ? moveToDay(piece.scheduledAt, day) : null, true)}
            onOpen={setEditingId}
            onCreate={createOn}
            onShowDay={(day) => set({ visao: 'semana', data: day })}
          />
        </>
      )}
      <PieceFormDialog open={!!creating} onOpenChange={(o) => !o && setCreating(null)} defaults={creating ?? undefined} />
      <PieceFormDialog open={!!editingId && !!editing.data} onOpenChange={(o) => !o && setEditingId(null)} piece={editing.data} />
    </div>
  );
}
