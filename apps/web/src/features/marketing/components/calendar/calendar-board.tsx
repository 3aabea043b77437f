import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { Lightbulb, Loader2, Plus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CAMPAIGN_ITEM_STATUS_LABELS, dayInBrazil, timeInBrazil, type CalendarCampaign, type CalendarDate, type CalendarPiece } from '@sede/shared/marketing/calendar';
import { CHANNEL_LABELS, PIECE_FORMAT_LABELS, PIECE_STATUS_LABELS } from '@sede/shared/marketing/constants';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { CAMPAIGN_ICON, CHANNEL_STYLE, DATE_KIND_LABELS, DATE_STYLE, daysBetween, STATUS_BADGE, WEEKDAYS, type CalendarViewKind } from './calendar-style.ts';
import { weekdayDayMonth, weekdayShort } from '@sede/shared/format';

const DAY = 'dia:';
export const NO_DATE = 'sem-data';
/** A piece on the board: a dated one of the calendar or an idea of the 'Sem data' list. */
export type BoardPiece = Omit<CalendarPiece, 'scheduledAt'> & { scheduledAt: string | null };

/** Arrow keys while a piece is picked up: the nearest day (or the 'Sem data' list) in that direction. */
export const dayKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { collisionRect, droppableRects, droppableContainers } = context;
  const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[event.code];
  if (!dir || !collisionRect) return undefined;
  event.preventDefault();
  const cx = collisionRect.left + collisionRect.width / 2;
  const cy = collisionRect.top + collisionRect.height / 2;
  let best: { x: number; y: number; score: number } | null = null;
  for (const entry of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(entry.id);
    if (!rect) continue;
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const along = (x - cx) * dir[0]! + (y - cy) * dir[1]!;
    if (along <= 8) continue;
    const across = Math.abs((x - cx) * dir[1]! + (y - cy) * dir[0]!);
    const score = along + across * 3;
    if (!best || score < best.score) best = { x, y, score };
  }
  if (!best) return undefined;
  return { x: best.x - collisionRect.width / 2, y: best.y - collisionRect.height / 2 };
};

const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

export type NoDatePaging = { more: boolean; loading: boolean; failed: boolean; pages: number; onLoadMore: () => Promise<{ isError: boolean }> };

type BoardProps = {
  view: CalendarViewKind;
  /** The days of the view (the month's whole weeks, the week, or the month for the list). */
  from: string;
  to: string;
  /** The month shown (days outside it are dimmed in the month view). */
  month: string;
  today: string;
  pieces: CalendarPiece[];
  campaigns: CalendarCampaign[];
  dates: CalendarDate[];
  clientNames: Map<string, string>;
  unscheduled: BoardPiece[];
  /** The 'Sem data' list's paging: more to load, a page on its way or failed, pages loaded. */
  noDatePaging: NoDatePaging;
  canWrite: boolean;
  onMove: (piece: BoardPiece, day: string | null) => void;
  onOpen: (pieceId: string) => void;
  onCreate: (day: string | null) => void;
  onShowDay: (day: string) => void;
};

/** The calendar's views and the 'Sem data' list, with drag to reschedule (mouse, touch, keyboard; dnd-kit). */
export function CalendarBoard(props: BoardProps) {
  const { view, from, to, pieces, campaigns, dates, unscheduled, canWrite, onMove } = props;
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: dayKeyboardCoordinates, keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] } }),
  );
  const [activeId, setActiveId] = useState<string | null>(null);
  const byId = useMemo(() => {
    const m = new Map<string, BoardPiece>();
    for (const p of pieces) m.set(p.id, p);
    for (const p of unscheduled) m.set(p.id, p);
    return m;
  }, [pieces, unscheduled]);
  const byDay = useMemo(() => {
    const m = new Map<string, { pieces: CalendarPiece[]; campaigns: CalendarCampaign[]; dates: CalendarDate[] }>();
    const at = (d: string) => {
      let e = m.get(d);
      if (!e) m.set(d, (e = { pieces: [], campaigns: [], dates: [] }));
      return e;
    };
    for (const p of pieces) at(dayInBrazil(p.scheduledAt)).pieces.push(p);
    for (const k of campaigns) at(dayInBrazil(k.scheduledAt)).campaigns.push(k);
    for (const d of dates) at(d.date).dates.push(d);
    return m;
  }, [pieces, campaigns, dates]);
  const days = useMemo(() => daysBetween(from, to), [from, to]);

  const where = (id: string | number | undefined) => {
    if (id === undefined) return 'fora do calendário';
    const s = String(id);
    if (s === NO_DATE) return 'na lista Sem data';
    if (s.startsWith(DAY)) return `em ${weekdayDayMonth(s.slice(DAY.length))}`;
    return 'fora do calendário';
  };
  const title = (id: string | number) => byId.get(String(id))?.title ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Peça ${title(active.id)} pega.`,
    onDragOver: ({ over }) => (over ? `Sobre o dia: ${where(over.id)}.` : 'Fora do calendário.'),
    onDragEnd: ({ active, over }) => (over ? `Peça ${title(active.id)} solta ${where(over.id)}.` : `Peça ${title(active.id)} solta fora do calendário; nada mudou.`),
    onDragCancel: () => 'Movimento cancelado. A peça voltou ao lugar.',
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    const piece = byId.get(String(active.id));
    if (!over || !piece) return;
    const target = String(over.id);
    if (target === NO_DATE) {
      if (piece.scheduledAt) onMove(piece, null);
      return;
    }
    if (!target.startsWith(DAY)) return;
    const day = target.slice(DAY.length);
    if (piece.scheduledAt && dayInBrazil(piece.scheduledAt) === day) return;
    onMove(piece, day);
  };
  const active = activeId ? byId.get(activeId) : undefined;
  const dayProps = (d: string) => ({ day: d, entry: byDay.get(d), board: props });

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={(e) => setActiveId(String(e.active.id))}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'Para mudar a data desta peça, pressione espaço. Use as setas para escolher o dia, espaço para soltar ou Esc para cancelar. Enter abre a peça.',
        },
      }}
    >
      <div className="grid min-w-0 gap-4 2xl:grid-cols-[minmax(0,1fr)_15rem]">
        <div className="min-w-0">
          {view === 'mes' && (
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="calendar-month">
              <div className="grid grid-cols-7 border-b border-slate-200 bg-slate-50 text-center text-xs font-medium text-slate-700" aria-hidden>
                {WEEKDAYS.map((w) => (
                  <div key={w} className="py-1.5">
                    {w}
                  </div>
                ))}
              </div>
              <ul className="grid grid-cols-7" aria-label="Dias do mês">
                {days.map((d) => (
                  <MonthCell key={d} {...dayProps(d)} />
                ))}
              </ul>
            </div>
          )}
          {view === 'semana' && (
            <ul className="grid gap-2 md:grid-cols-7" data-testid="calendar-week" aria-label="Dias da semana">
              {days.map((d) => (
                <WeekColumn key={d} {...dayProps(d)} />
              ))}
            </ul>
          )}
          {view === 'lista' && <AgendaList days={days} byDay={byDay} board={props} />}
        </div>
        <NoDateList pieces={unscheduled} paging={props.noDatePaging} canWrite={canWrite} onOpen={props.onOpen} onCreate={() => props.onCreate(null)} clientNames={props.clientNames} />
      </div>
      <DragOverlay dropAnimation={null}>{active ? <ChipBody piece={active} clientNames={props.clientNames} compact={false} className="w-56 rotate-1 shadow-lg" /> : null}</DragOverlay>
    </DndContext>
  );
}

type DayEntry = { pieces: CalendarPiece[]; campaigns: CalendarCampaign[]; dates: CalendarDate[] } | undefined;

function useDay(day: string, disabled: boolean) {
  return useDroppable({ id: `${DAY}${day}`, disabled });
}

function DayDates({ dates, compact }: { dates: CalendarDate[]; compact?: boolean }) {
  return dates.map((d) => (
    <p key={`${d.kind}${d.name}`} className={cn('truncate rounded px-1 text-[11px] leading-4 font-medium', DATE_STYLE[d.kind], compact && 'max-sm:h-1.5')} title={`${d.name} (${DATE_KIND_LABELS[d.kind]})`} data-testid="calendar-date">
      <span className="sr-only">{DATE_KIND_LABELS[d.kind]}: </span>
      <span className={cn(compact && 'max-sm:sr-only')}>{d.name}</span>
    </p>
  ));
}

const MONTH_ITEMS = 3;

function MonthCell({ day, entry, board }: { day: string; entry: DayEntry; board: BoardProps }) {
  const { setNodeRef, isOver } = useDay(day, !board.canWrite);
  const outside = day.slice(0, 7) !== board.month.slice(0, 7);
  const items = [...(entry?.campaigns ?? []).map((k) => ({ kind: 'campaign' as const, k })), ...(entry?.pieces ?? []).map((p) => ({ kind: 'piece' as const, p }))];
  const shown = items.slice(0, MONTH_ITEMS);
  const hidden = items.length - shown.length;
  return (
    <li
      ref={setNodeRef}
      className={cn('flex min-h-24 min-w-0 flex-col gap-0.5 border-r border-b border-slate-200 p-1 sm:min-h-32', outside && 'bg-slate-50', isOver && 'bg-[var(--color-accent-soft)] ring-2 ring-[var(--color-accent)] ring-inset')}
      data-testid="calendar-day"
      data-day={day}
      aria-label={weekdayDayMonth(day)}
    >
      <DayHeader day={day} today={board.today} canWrite={board.canWrite} onCreate={board.onCreate} dim={outside} />
      <DayDates dates={entry?.dates ?? []} compact />
      {shown.map((it) => (it.kind === 'campaign' ? <CampaignItem key={it.k.id} campaign={it.k} compact /> : <PieceChip key={it.p.id} piece={it.p} board={board} compact />))}
      {hidden > 0 && (
        <button type="button" className="self-start rounded px-1 text-xs font-medium text-[var(--color-accent)] hover:underline" onClick={() => board.onShowDay(day)}>
          + {hidden} {hidden === 1 ? 'item' : 'itens'}
        </button>
      )}
    </li>
  );
}

function DayHeader({ day, today, canWrite, onCreate, dim }: { day: string; today: string; canWrite: boolean; onCreate: (d: string) => void; dim?: boolean }) {
  const isToday = day === today;
  const label = <span className={cn('inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold', isToday ? 'bg-[var(--color-accent)] text-white' : dim ? 'text-slate-600' : 'text-slate-900')}>{Number(day.slice(8))}</span>;
  if (!canWrite) return <div aria-current={isToday ? 'date' : undefined}>{label}</div>;
  return (
    <button type="button" className="group flex items-center justify-between rounded text-left hover:bg-slate-100" onClick={() => onCreate(day)} aria-label={`Criar peça em ${weekdayDayMonth(day)}`} aria-current={isToday ? 'date' : undefined} data-testid="calendar-create">
      {label}
      <Plus className="size-3.5 text-slate-500 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100" aria-hidden />
    </button>
  );
}

function WeekColumn({ day, entry, board }: { day: string; entry: DayEntry; board: BoardProps }) {
  const { setNodeRef, isOver } = useDay(day, !board.canWrite);
  return (
    <li
      ref={setNodeRef}
      className={cn('flex min-h-14 min-w-0 flex-col gap-1 rounded-xl border border-slate-200 bg-white p-2 md:min-h-96', isOver && 'bg-[var(--color-accent-soft)] ring-2 ring-[var(--color-accent)]')}
      data-testid="calendar-day"
      data-day={day}
      aria-label={weekdayDayMonth(day)}
    >
      <div className="flex items-center justify-between gap-1">
        <span className="text-xs font-medium text-slate-700 capitalize">{weekdayShort(day)}</span>
        <DayHeader day={day} today={board.today} canWrite={board.canWrite} onCreate={board.onCreate} />
      </div>
      <DayDates dates={entry?.dates ?? []} />
      {(entry?.campaigns ?? []).map((k) => (
        <CampaignItem key={k.id} campaign={k} />
      ))}
      {(entry?.pieces ?? []).map((p) => (
        <PieceChip key={p.id} piece={p} board={board} />
      ))}
    </li>
  );
}

function AgendaList({ days, byDay, board }: { days: string[]; byDay: Map<string, NonNullable<DayEntry>>; board: BoardProps }) {
  const withItems = days.filter((d) => byDay.has(d));
  if (!withItems.length) return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">Nenhuma peça neste mês com estes filtros.</p>;
  return (
    <ol className="grid gap-3" data-testid="calendar-list" aria-label="Agenda do mês">
      {withItems.map((d) => (
        <AgendaDay key={d} day={d} entry={byDay.get(d)} board={board} />
      ))}
    </ol>
  );
}

function AgendaDay({ day, entry, board }: { day: string; entry: DayEntry; board: BoardProps }) {
  const { setNodeRef, isOver } = useDay(day, !board.canWrite);
  return (
    <li ref={setNodeRef} className={cn('rounded-xl border border-slate-200 bg-white p-3', isOver && 'ring-2 ring-[var(--color-accent)]')} data-testid="calendar-day" data-day={day}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 className={cn('text-sm font-semibold text-slate-900 first-letter:uppercase', day === board.today && 'text-[var(--color-accent)]')}>{weekdayDayMonth(day)}</h2>
        {board.canWrite && (
          <button type="button" className="rounded p-1 text-slate-600 hover:bg-slate-100" onClick={() => board.onCreate(day)} aria-label={`Criar peça em ${weekdayDayMonth(day)}`}>
            <Plus className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <div className="grid gap-1.5">
        <DayDates dates={entry?.dates ?? []} />
        {(entry?.campaigns ?? []).map((k) => (
          <CampaignItem key={k.id} campaign={k} />
        ))}
        {(entry?.pieces ?? []).map((p) => (
          <PieceChip key={p.id} piece={p} board={board} />
        ))}
      </div>
    </li>
  );
}

function CampaignItem({ campaign, compact }: { campaign: CalendarCampaign; compact?: boolean }) {
  const Icon = CAMPAIGN_ICON;
  const label = `Campanha em massa (${campaign.channel === 'whatsapp' ? 'WhatsApp' : 'e-mail'}): ${campaign.name}, ${CAMPAIGN_ITEM_STATUS_LABELS[campaign.status] ?? campaign.status}, ${timeInBrazil(campaign.scheduledAt)}`;
  return (
    <Link
      to="/campanhas-massa"
      className="flex min-w-0 items-center gap-1 rounded border border-dashed border-violet-400 bg-white px-1 py-0.5 text-xs text-violet-900 hover:bg-violet-50"
      title={label}
      aria-label={label}
      data-testid="calendar-campaign"
    >
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <span className={cn('truncate', compact && 'max-sm:hidden')}>{campaign.name}</span>
      {!compact && <span className="ml-auto shrink-0 text-[11px] text-violet-800">{CAMPAIGN_ITEM_STATUS_LABELS[campaign.status] ?? campaign.status}</span>}
    </Link>
  );
}

function ChipBody({ piece, clientNames, compact, className }: { piece: BoardPiece; clientNames: Map<string, string>; compact: boolean; className?: string }) {
  const style = CHANNEL_STYLE[piece.channel];
  const Icon = style.icon;
  const time = piece.scheduledAt ? timeInBrazil(piece.scheduledAt) : null;
  return (
    <div className={cn('min-w-0 rounded border border-l-4 border-slate-200 px-1.5 py-1 text-left text-xs text-slate-900', compact && 'max-sm:px-0.5', style.chip, className)}>
      <div className="flex min-w-0 items-center gap-1">
        <Icon className="size-3.5 shrink-0 text-slate-700" aria-hidden />
        <span className={cn('truncate font-medium', compact && 'max-sm:hidden')}>{piece.title}</span>
      </div>
      <div className={cn('mt-0.5 flex min-w-0 flex-wrap items-center gap-1 text-[11px] text-slate-700', compact && 'max-sm:hidden')}>
        {time && <span>{time}</span>}
        <span className={cn('rounded-full px-1.5 leading-4 ring-1 ring-inset', STATUS_BADGE[piece.status])}>{PIECE_STATUS_LABELS[piece.status]}</span>
        {!compact && (
          <span className="truncate">
            {CHANNEL_LABELS[piece.channel]} · {PIECE_FORMAT_LABELS[piece.format]} · {clientNames.get(piece.clientId) ?? ''}
          </span>
        )}
      </div>
    </div>
  );
}

function DraggablePiece({ piece, canWrite, onOpen, children, label }: { piece: BoardPiece; canWrite: boolean; onOpen: (id: string) => void; children: ReactNode; label: string }) {
  // The source stays in place (dimmed) while the overlay follows the pointer.
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: piece.id, disabled: !canWrite });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a draggable piece is a div with role button (dnd-kit); a <button> would also click on the Space that picks it up
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={0}
      aria-roledescription="peça arrastável"
      aria-label={label}
      data-testid="calendar-piece"
      data-piece-id={piece.id}
      className={cn('min-w-0 cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-[var(--color-accent)]', canWrite && 'cursor-grab touch-manipulation', isDragging && 'opacity-40')}
      onClick={() => onOpen(piece.id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onOpen(piece.id);
          return;
        }
        listeners?.onKeyDown?.(e);
      }}
    >
      {children}
    </div>
  );
}

const pieceLabel = (p: BoardPiece, clientNames: Map<string, string>) =>
  [p.title, CHANNEL_LABELS[p.channel], PIECE_STATUS_LABELS[p.status], p.scheduledAt ? `${weekdayDayMonth(dayInBrazil(p.scheduledAt))} às ${timeInBrazil(p.scheduledAt)}` : 'sem data', clientNames.get(p.clientId)].filter(Boolean).join(', ');

function PieceChip({ piece, board, compact = false }: { piece: CalendarPiece; board: BoardProps; compact?: boolean }) {
  return (
    <DraggablePiece piece={piece} canWrite={board.canWrite} onOpen={board.onOpen} label={pieceLabel(piece, board.clientNames)}>
      <ChipBody piece={piece} clientNames={board.clientNames} compact={compact} />
    </DraggablePiece>
  );
}

/**
 * The ideas without a date, newest changed first, a page at a time: 'Carregar mais' adds the next
 * page (focus goes to its first idea) and the count says how many are shown; every loaded idea
 * can be dragged onto a day.
 */
export function NoDateList({ pieces, paging, canWrite, onOpen, onCreate, clientNames }: { pieces: BoardPiece[]; paging: NoDatePaging; canWrite: boolean; onOpen: (id: string) => void; onCreate: () => void; clientNames: Map<string, string> }) {
  const { setNodeRef, isOver } = useDroppable({ id: NO_DATE, disabled: !canWrite });
  const listRef = useRef<HTMLDivElement>(null);
  const focusAt = useRef<number | null>(null);
  const n = pieces.length;
  const ideas = n === 1 ? '1 ideia' : `${n} ideias`;
  // After 'Carregar mais' the first idea of the new page takes the focus (the button is gone after the last page).
  useEffect(() => {
    if (focusAt.current === null || n <= focusAt.current) return;
    listRef.current?.querySelectorAll<HTMLElement>('[data-testid="calendar-piece"]')[focusAt.current]?.focus();
    focusAt.current = null;
  }, [n]);
  async function loadMore() {
    if (paging.loading) return;
    focusAt.current = n;
    const result = await paging.onLoadMore();
    if (result.isError) focusAt.current = null;
  }
  return (
    <section ref={setNodeRef} className={cn('h-fit min-w-0 rounded-xl border border-slate-200 bg-white p-3 lg:order-first 2xl:order-none', isOver && 'ring-2 ring-[var(--color-accent)]')} aria-labelledby="sem-data-title" data-testid="calendar-no-date">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="sem-data-title" className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          <Lightbulb className="size-4 text-amber-600" aria-hidden /> Sem data
          {n > 0 && (
            // The status line under the list says the same in words.
            <span className="rounded-full bg-slate-100 px-1.5 text-xs font-medium text-slate-800" aria-hidden data-testid="no-date-count">
              {n}
              {paging.more ? '+' : ''}
            </span>
          )}
        </h2>
        {canWrite && (
          <button type="button" className="rounded p-1 text-slate-600 hover:bg-slate-100" onClick={onCreate} aria-label="Nova ideia sem data">
            <Plus className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {n === 0 ? (
        <p className="text-xs text-slate-600">Ideias sem data aparecem aqui. Arraste uma para um dia para agendá-la.</p>
      ) : (
        <>
          <div ref={listRef} className="-m-0.5 grid gap-1.5 p-0.5 sm:grid-cols-2 max-h-80 overflow-y-auto lg:grid-cols-4 2xl:max-h-[calc(100vh-14rem)] 2xl:grid-cols-1" data-testid="no-date-list">
            {pieces.map((p) => (
              <DraggablePiece key={p.id} piece={p} canWrite={canWrite} onOpen={onOpen} label={pieceLabel(p, clientNames)}>
                <ChipBody piece={p} clientNames={clientNames} compact={false} />
              </DraggablePiece>
            ))}
          </div>
          <div className="mt-2 grid gap-1.5">
            <p className="text-xs text-slate-600" role="status" data-testid="no-date-status">
              {paging.failed ? 'Não foi possível carregar mais ideias. Tente de novo.' : paging.more ? `Mostrando as ${n} mais recentes.` : paging.pages > 1 ? `Todas as ${ideas} carregadas.` : `${ideas}.`}
            </p>
            {paging.more && (
              // Not disabled while loading: the focus stays on it (and a second click is ignored).
              <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => void loadMore()} aria-busy={paging.loading || undefined}>
                {paging.loading && <Loader2 className="animate-spin" aria-hidden />}
                Carregar mais
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
