import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Board, BoardColumn as Column, DealCard } from '@sede/shared/crm/deals';
import { cn } from '../../../lib/cn.ts';
import { cardClass, DealCardBody } from './deal-card.tsx';
import { formatBRLCompact } from './money.ts';

type Props = {
  board: Board;
  loading: Record<string, boolean>;
  onLoadMore: (stageId: string) => void;
  onMove: (cardId: string, toStageId: string, index: number) => void;
  onOpen: (cardId: string) => void;
};

const COLUMN_PREFIX = 'coluna:';

/**
 * Arrow keys while a card is picked up: left and right go to the top of the neighbouring
 * column (whatever its cards), up and down move among the cards (dnd-kit's sortable getter).
 */
export const boardKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { collisionRect, droppableRects, droppableContainers } = args.context;
  if ((event.code === 'ArrowRight' || event.code === 'ArrowLeft') && collisionRect) {
    event.preventDefault();
    const here = collisionRect.left + collisionRect.width / 2;
    let best: { left: number; top: number; width: number } | null = null;
    for (const entry of droppableContainers.getEnabled()) {
      if (!String(entry.id).startsWith(COLUMN_PREFIX)) continue;
      const rect = droppableRects.get(entry.id);
      if (!rect) continue;
      const center = rect.left + rect.width / 2;
      const ahead = event.code === 'ArrowRight' ? center > here + 10 : center < here - 10;
      if (!ahead) continue;
      if (!best || Math.abs(center - here) < Math.abs(best.left + best.width / 2 - here)) best = rect;
    }
    if (!best) return undefined;
    return { x: best.left + (best.width - collisionRect.width) / 2, y: best.top + 2 };
  }
  return sortableKeyboardCoordinates(event, args);
};

/**
 * The board: one column per stage, cards sortable within and between columns by mouse, touch
 * and keyboard (dnd-kit), each column virtualized and loaded in pages as it scrolls.
 */
export function BoardView({ board, loading, onLoadMore, onMove, onOpen }: Props) {
  const sensors = useSensors(
    // Mouse and touch apart: a finger swiping the board scrolls it; a press of 200 ms picks a card up.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: boardKeyboardCoordinates, keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] } }),
  );
  const [activeId, setActiveId] = useState<string | null>(null);
  const cards = useMemo(() => {
    const m = new Map<string, DealCard>();
    for (const c of board.columns) for (const d of c.items) m.set(d.id, d);
    return m;
  }, [board]);
  const stageName = useCallback((stageId: string) => board.columns.find((c) => c.id === stageId)?.name ?? '', [board]);

  const describe = useCallback(
    (id: UniqueIdentifier | undefined) => {
      if (id === undefined) return 'fora das colunas';
      const s = String(id);
      if (s.startsWith(COLUMN_PREFIX)) return `coluna ${stageName(s.slice(COLUMN_PREFIX.length))}`;
      const d = cards.get(s);
      if (!d) return 'fora das colunas';
      const col = board.columns.find((c) => c.id === d.stageId);
      const pos = col ? col.items.findIndex((x) => x.id === s) + 1 : 0;
      return `coluna ${stageName(d.stageId)}, posição ${pos} de ${col?.count ?? 0}`;
    },
    [board, cards, stageName],
  );
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Negócio ${cards.get(String(active.id))?.title ?? ''} pego. Está na ${describe(active.id)}.`,
    onDragOver: ({ over }) => (over ? `Sobre a ${describe(over.id)}.` : 'Fora das colunas.'),
    onDragEnd: ({ active, over }) => (over ? `Negócio ${cards.get(String(active.id))?.title ?? ''} solto na ${describe(over.id)}.` : 'Negócio solto fora das colunas; nada mudou.'),
    onDragCancel: () => 'Movimento cancelado. O negócio voltou ao lugar.',
  };

  const onDragStart = (e: DragStartEvent) => setActiveId(String(e.active.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    if (!over) return;
    const id = String(active.id);
    const card = cards.get(id);
    if (!card) return;
    const overId = String(over.id);
    if (overId.startsWith(COLUMN_PREFIX)) {
      const stageId = overId.slice(COLUMN_PREFIX.length);
      if (stageId !== card.stageId) onMove(id, stageId, 0);
      return;
    }
    if (overId === id) return;
    const overCard = cards.get(overId);
    if (!overCard) return;
    const col = board.columns.find((c) => c.id === overCard.stageId)!;
    const overIndex = col.items.findIndex((d) => d.id === overId);
    if (overCard.stageId === card.stageId) {
      // arrayMove: the card takes the index of the one it was dropped on.
      onMove(id, card.stageId, overIndex);
    } else {
      onMove(id, overCard.stageId, overIndex);
    }
  };

  const active = activeId ? cards.get(activeId) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Para mover este negócio, pressione espaço. Use as setas para escolher a coluna e a posição, espaço para soltar ou Esc para cancelar. Enter abre os detalhes.',
        },
      }}
    >
      <div className="relative -mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 md:mx-0 md:snap-none md:px-0" data-testid="crm-board">
        {board.columns.map((c) => (
          <BoardColumnView key={c.id} column={c} activeId={activeId} loading={Boolean(loading[c.id])} onLoadMore={onLoadMore} onOpen={onOpen} />
        ))}
      </div>
      <DragOverlay>{active ? <div className={cn(cardClass, 'w-72 rotate-1 cursor-grabbing shadow-lg')}><DealCardBody deal={active} /></div> : null}</DragOverlay>
    </DndContext>
  );
}

function BoardColumnView({ column, activeId, loading, onLoadMore, onOpen }: { column: Column; activeId: string | null; loading: boolean; onLoadMore: (stageId: string) => void; onOpen: (id: string) => void }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { setNodeRef, isOver } = useDroppable({ id: `${COLUMN_PREFIX}${column.id}` });
  const items = column.items;
  const activeIndex = activeId ? items.findIndex((d) => d.id === activeId) : -1;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 112,
    overscan: 6,
    getItemKey: (i) => items[i]?.id ?? i,
    // The card being dragged stays mounted while its column scrolls.
    rangeExtractor: useCallback(
      (range: Range) => {
        const list = defaultRangeExtractor(range);
        if (activeIndex >= 0 && !list.includes(activeIndex)) return [...list, activeIndex].sort((a, b) => a - b);
        return list;
      },
      [activeIndex],
    ),
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems[virtualItems.length - 1]?.index ?? -1;
  useEffect(() => {
    if (column.nextCursor && !loading && lastIndex >= items.length - 5) onLoadMore(column.id);
  }, [column.nextCursor, column.id, loading, lastIndex, items.length, onLoadMore]);

  const headingId = `coluna-${column.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex w-[85vw] max-w-80 shrink-0 snap-center flex-col rounded-xl border border-slate-200 bg-slate-100/70 sm:w-72', isOver && 'ring-2 ring-[var(--color-accent)]')}
      data-testid="crm-column"
      data-stage={column.name}
    >
      <header className="flex items-baseline justify-between gap-2 px-3 pt-3 pb-2">
        <h2 id={headingId} className="truncate text-sm font-semibold text-slate-900">
          {column.name}
        </h2>
        <p className="shrink-0 text-xs text-slate-700" data-testid="crm-column-totals">
          <span className="sr-only">Total: </span>
          {column.count} · {formatBRLCompact(column.sumCents)}
        </p>
      </header>
      <div ref={scrollRef} className="h-[calc(100dvh-17rem)] min-h-72 overflow-y-auto px-2 pb-2">
        <div ref={setNodeRef} className="relative" style={{ height: Math.max(virtualizer.getTotalSize(), 96) }}>
          {items.length === 0 && <p className="absolute inset-x-0 top-6 text-center text-xs text-slate-600">Arraste negócios para cá</p>}
          <SortableContext id={column.id} items={items.map((d) => d.id)} strategy={verticalListSortingStrategy}>
            {virtualItems.map((v) => {
              const deal = items[v.index]!;
              return (
                <div key={v.key} data-index={v.index} ref={virtualizer.measureElement} className="absolute inset-x-0 top-0 pb-2" style={{ transform: `translateY(${v.start}px)` }}>
                  <SortableCard deal={deal} onOpen={onOpen} />
                </div>
              );
            })}
          </SortableContext>
        </div>
        {loading && (
          <p className="flex items-center justify-center gap-2 py-2 text-xs text-slate-600" role="status">
            <Loader2 className="size-3 animate-spin" aria-hidden /> Carregando mais…
          </p>
        )}
      </div>
    </section>
  );
}

function SortableCard({ deal, onOpen }: { deal: DealCard; onOpen: (id: string) => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: deal.id, data: { stageId: deal.stageId } });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a sortable card is a div with role button (dnd-kit); a <button> would also click on the Space that picks it up
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={0}
      aria-roledescription="negócio arrastável"
      data-testid="crm-card"
      data-deal-id={deal.id}
      className={cn(cardClass, isDragging && 'opacity-40')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      onClick={() => onOpen(deal.id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onOpen(deal.id);
          return;
        }
        listeners?.onKeyDown?.(e);
      }}
    >
      <DealCardBody deal={deal} />
    </div>
  );
}
