import type { Board, DealCard } from '@sede/shared/crm/deals';
import { KanbanBoard, kanbanKeyboardCoordinates } from '../../../components/kanban/kanban-board.tsx';
import { DealCardBody } from './deal-card.tsx';
import { compactMoney, money } from '@sede/shared/format';

type Props = {
  board: Board;
  loading: Record<string, boolean>;
  onLoadMore: (stageId: string) => void;
  onMove: (cardId: string, toStageId: string, index: number) => void;
  onOpen: (cardId: string) => void;
};

/** Arrow keys while a card is picked up (the generic board's, decision 0272). */
export const boardKeyboardCoordinates = kanbanKeyboardCoordinates;

const WORDS = {
  item: 'Negócio',
  picked: 'pego',
  dropped: 'solto',
  returned: 'O negócio voltou ao lugar.',
  instructions: 'Para mover este negócio, pressione espaço. Use as setas para escolher a coluna e a posição, espaço para soltar ou Esc para cancelar. Enter abre os detalhes.',
  empty: 'Arraste negócios para cá',
};
const LOOK = { boardTestId: 'crm-board', columnTestId: 'crm-column', columnDataKey: 'stage', cardTestId: 'crm-card', countInHeading: false, columnHeightClass: 'h-[calc(100dvh-17rem)]', estimateSize: 112 };

/**
 * The board: one column per stage, cards sortable within and between columns by mouse, touch
 * and keyboard, each column virtualized and loaded in pages as it scrolls — the generic
 * `components/kanban` board (decision 0272) with the deal's card and each stage's totals.
 */
export function BoardView({ board, loading, onLoadMore, onMove, onOpen }: Props) {
  return (
    <KanbanBoard<DealCard>
      columns={board.columns}
      columnOf={(d) => d.stageId}
      title={(d) => d.title}
      renderCard={(d) => <DealCardBody deal={d} />}
      canDrag={(d) => d.status === 'open'}
      renderHeader={(c) => (
        <p className="shrink-0 text-xs text-slate-700" data-testid="crm-column-totals">
          <span className="sr-only">Total: </span>
          {c.count} · {columnTotal(board.columns.find((x) => x.id === c.id)?.sumCents ?? 0)}
        </p>
      )}
      words={WORDS}
      loading={loading}
      onLoadMore={onLoadMore}
      onMove={onMove}
      onOpen={onOpen}
      look={LOOK}
    />
  );
}

/** R$ 1,2 mi from a million up, the full value below (column totals). */
const columnTotal = (cents: number) => (Math.abs(cents) >= 1_000_000_00 ? compactMoney(cents) : money(cents));
