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
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A generic kanban board (decision 0272): columns of cards sortable within and between columns
 * by mouse, touch and keyboard (dnd-kit), each column virtualized and paged as it scrolls. The
 * same interaction as the CRM's board (decision 0151), for any card type.
 */
export type KanbanColumn<T> = { id: string; name: string; count: number; items: T[]; nextCursor: string | null };
/**
 * The board's words, for the item's gender in Portuguese: item 'Negócio' / 'Tarefa', picked
 * 'pego' / 'pega', dropped 'solto' / 'solta', returned 'O negócio voltou ao lugar.'.
 */
export type KanbanWords = { item: string; picked: string; dropped: string; returned: string; instructions: string; empty: string };
/** Hooks for tests and for a board's own look (the CRM keeps its test ids and column height). */
export type KanbanLook = {
  boardTestId?: string;
  columnTestId?: string;
  /** The column's name goes in `data-<columnDataKey>` (default 'column'). */
  columnDataKey?: string;
  cardTestId?: string;
  /** The count after the column's name in its heading (default true). */
  countInHeading?: boolean;
  columnHeightClass?: string;
  /**
   * The columns share the width from md up (each between 14 and 20 rem) instead of 18 rem each:
   * a board of a few columns fits beside the sidebar at 1280 and 1366 px (decision 0424); more
   * columns scroll sideways.
   */
  fitColumns?: boolean;
  estimateSize?: number;
};

const COLUMN_PREFIX = 'coluna:';

/** Arrow keys while a card is picked up: left and right go to the top of the neighbouring column, up and down among the cards. */
export const kanbanKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
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

/** Takes a card out of its column and puts it at `index` of `toColumnId` (counts follow); the new neighbours' ids. */
export function moveInColumns<T extends { id: string }>(
  columns: readonly KanbanColumn<T>[],
  cardId: string,
  toColumnId: string,
  index: number,
  update: (card: T, columnId: string) => T,
): { columns: KanbanColumn<T>[]; prevId: string | null; nextId: string | null } | null {
  const from = columns.find((c) => c.items.some((d) => d.id === cardId));
  const to = columns.find((c) => c.id === toColumnId);
  if (!from || !to) return null;
  const card = from.items.find((d) => d.id === cardId) as T;
  const target = (from.id === to.id ? from.items : to.items).filter((d) => d.id !== cardId);
  const i = Math.max(0, Math.min(index, target.length));
  const placed = [...target.slice(0, i), update(card, toColumnId), ...target.slice(i)];
  const next = columns.map((c) => {
    if (c.id === to.id && c.id === from.id) return { ...c, items: placed };
    if (c.id === to.id) return { ...c, items: placed, count: c.count + 1 };
    if (c.id === from.id) return { ...c, items: c.items.filter((d) => d.id !== cardId), count: c.count - 1 };
    return c;
  });
  return { columns: next, prevId: i > 0 ? target[i - 1]!.id : null, nextId: i < target.length ? target[i]!.id : null };
}

type Props<T extends { id: string }> = {
  columns: KanbanColumn<T>[];
  columnOf: (card: T) => string;
  title: (card: T) => string;
  renderCard: (card: T) => ReactNode;
  renderHeader?: (column: KanbanColumn<T>) => ReactNode;
  words: KanbanWords;
  loading: Record<string, boolean>;
  onLoadMore: (columnId: string) => void;
  onMove: (cardId: string, toColumnId: string, index: number) => void;
  onOpen: (cardId: string) => void;
  /** Cards that may be moved (default: all); the others open but stay put (a closed deal). */
  canDrag?: (card: T) => boolean;
  /** Told when a drag starts and ends: a live refetch meanwhile would re-render under the person's hand. */
  onDragging?: (dragging: boolean) => void;
  look?: KanbanLook;
};

export const kanbanCardClass =
  'block w-full cursor-grab rounded-lg border border-slate-200 bg-white p-3 text-left shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--color-accent)]';

export function KanbanBoard<T extends { id: string }>({ columns, columnOf, title, renderCard, renderHeader, words, loading, onLoadMore, onMove, onOpen, canDrag, onDragging, look = {} }: Props<T>) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    // Instant scroll: a second arrow key during a smooth scroll restarted it from mid-way, and the card stopped between columns.
    useSensor(KeyboardSensor, { coordinateGetter: kanbanKeyboardCoordinates, scrollBehavior: 'auto', keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] } }),
  );
  const [activeId, setActiveId] = useState<string | null>(null);
  const cards = useMemo(() => {
    const m = new Map<string, T>();
    for (const c of columns) for (const d of c.items) m.set(d.id, d);
    return m;
  }, [columns]);
  const nameOf = useCallback((id: string) => columns.find((c) => c.id === id)?.name ?? '', [columns]);
  const describe = useCallback(
    (id: UniqueIdentifier | undefined) => {
      if (id === undefined) return 'fora das colunas';
      const s = String(id);
      if (s.startsWith(COLUMN_PREFIX)) return `coluna ${nameOf(s.slice(COLUMN_PREFIX.length))}`;
      const d = cards.get(s);
      if (!d) return 'fora das colunas';
      const col = columns.find((c) => c.id === columnOf(d));
      const pos = col ? col.items.findIndex((x) => x.id === s) + 1 : 0;
      return `coluna ${nameOf(columnOf(d))}, posição ${pos} de ${col?.count ?? 0}`;
    },
    [columns, cards, nameOf, columnOf],
  );
  const label = (id: UniqueIdentifier) => {
    const c = cards.get(String(id));
    return c ? title(c) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${words.item} ${label(active.id)} ${words.picked}. Está na ${describe(active.id)}.`,
    onDragOver: ({ over }) => (over ? `Sobre a ${describe(over.id)}.` : 'Fora das colunas.'),
    onDragEnd: ({ active, over }) => (over ? `${words.item} ${label(active.id)} ${words.dropped} na ${describe(over.id)}.` : `${words.item} ${words.dropped} fora das colunas; nada mudou.`),
    onDragCancel: () => `Movimento cancelado. ${words.returned}`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    if (!over) return;
    const id = String(active.id);
    const card = cards.get(id);
    if (!card) return;
    const overId = String(over.id);
    if (overId.startsWith(COLUMN_PREFIX)) {
      const colId = overId.slice(COLUMN_PREFIX.length);
      if (colId !== columnOf(card)) onMove(id, colId, 0);
      return;
    }
    if (overId === id) return;
    const overCard = cards.get(overId);
    if (!overCard) return;
    const col = columns.find((c) => c.id === columnOf(overCard))!;
    onMove(id, col.id, col.items.findIndex((d) => d.id === overId));
  };

  const active = activeId ? cards.get(activeId) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={(e) => {
        setActiveId(String(e.active.id));
        onDragging?.(true);
      }}
      onDragEnd={(e) => {
        onDragEnd(e);
        onDragging?.(false);
      }}
      onDragCancel={() => {
        setActiveId(null);
        onDragging?.(false);
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: words.instructions } }}
    >
      <div className="relative -mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 md:mx-0 md:snap-none md:px-0" data-testid={look.boardTestId}>
        {columns.map((c) => (
          <ColumnView key={c.id} column={c} activeId={activeId} loading={Boolean(loading[c.id])} onLoadMore={onLoadMore} onOpen={onOpen} canDrag={canDrag} renderCard={renderCard} renderHeader={renderHeader} words={words} look={look} />
        ))}
      </div>
      <DragOverlay>{active ? <div className={cn(kanbanCardClass, 'w-72 rotate-1 cursor-grabbing shadow-lg')}>{renderCard(active)}</div> : null}</DragOverlay>
    </DndContext>
  );
}

function ColumnView<T extends { id: string }>({
  column,
  activeId,
  loading,
  onLoadMore,
  onOpen,
  canDrag,
  renderCard,
  renderHeader,
  words,
  look,
}: {
  look: KanbanLook;
  canDrag?: (card: T) => boolean;
  column: KanbanColumn<T>;
  activeId: string | null;
  loading: boolean;
  onLoadMore: (id: string) => void;
  onOpen: (id: string) => void;
  renderCard: (card: T) => ReactNode;
  renderHeader?: (column: KanbanColumn<T>) => ReactNode;
  words: KanbanWords;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { setNodeRef, isOver } = useDroppable({ id: `${COLUMN_PREFIX}${column.id}` });
  const items = column.items;
  const activeIndex = activeId ? items.findIndex((d) => d.id === activeId) : -1;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => look.estimateSize ?? 96,
    overscan: 6,
    getItemKey: (i) => items[i]?.id ?? i,
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
      className={cn(
        'flex w-[85vw] max-w-80 shrink-0 snap-center flex-col rounded-xl border border-slate-200 bg-slate-100/70 sm:w-72',
        look.fitColumns && 'md:w-auto md:min-w-56 md:flex-1 md:basis-0',
        isOver && 'ring-2 ring-[var(--color-accent)]',
      )}
      data-testid={look.columnTestId ?? 'kanban-column'}
      {...{ [`data-${look.columnDataKey ?? 'column'}`]: column.name }}
    >
      <header className="flex items-baseline justify-between gap-2 px-3 pt-3 pb-2">
        <h2 id={headingId} className="truncate text-sm font-semibold text-slate-900">
          {column.name}
          {look.countInHeading !== false && <span className="font-normal text-slate-700"> · {column.count}</span>}
        </h2>
        {renderHeader?.(column)}
      </header>
      <div ref={scrollRef} className={cn(look.columnHeightClass ?? 'h-[calc(100dvh-19rem)]', 'min-h-72 overflow-y-auto px-2 pb-2')}>
        <div ref={setNodeRef} className="relative" style={{ height: Math.max(virtualizer.getTotalSize(), 96) }}>
          {items.length === 0 && <p className="absolute inset-x-0 top-6 text-center text-xs text-slate-600">{words.empty}</p>}
          <SortableContext id={column.id} items={items.map((d) => d.id)} strategy={verticalListSortingStrategy}>
            {virtualItems.map((v) => {
              const card = items[v.index]!;
              return (
                <div key={v.key} data-index={v.index} ref={virtualizer.measureElement} className="absolute inset-x-0 top-0 pb-2" style={{ transform: `translateY(${v.start}px)` }}>
                  <SortableCard id={card.id} onOpen={onOpen} draggable={canDrag?.(card) ?? true} roleDescription={`${words.item.toLowerCase()} arrastável`} testId={look.cardTestId ?? 'kanban-card'}>
                    {renderCard(card)}
                  </SortableCard>
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

function SortableCard({ id, onOpen, draggable, roleDescription, testId, children }: { id: string; onOpen: (id: string) => void; draggable: boolean; roleDescription: string; testId: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !draggable });
  // A card that cannot be dragged still opens: dnd-kit's aria-disabled would call it disabled.
  const { 'aria-disabled': _dragDisabled, 'aria-describedby': dragHelp, ...sortable } = attributes;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a sortable card is a div with role button (dnd-kit); a <button> would also click on the Space that picks it up
    <div
      ref={setNodeRef}
      {...sortable}
      {...listeners}
      role="button"
      tabIndex={0}
      aria-roledescription={draggable ? roleDescription : undefined}
      aria-describedby={draggable ? dragHelp : undefined}
      data-testid={testId}
      data-card-id={id}
      className={cn(kanbanCardClass, isDragging && 'opacity-40', !draggable && 'cursor-pointer')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      onClick={() => onOpen(id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onOpen(id);
          return;
        }
        listeners?.onKeyDown?.(e);
      }}
    >
      {children}
    </div>
  );
}
