import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { Board, BoardFilters, TaskCard } from '@sede/shared/projects/schemas';
import { moveInColumns } from '../../../components/kanban/kanban-board.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveEntity } from '../../../lib/live/entity-events.ts';
import { boardQueryOptions, columnPage, moveTask } from '../api/board.ts';
import { projectKeys } from '../api/keys.ts';

/** Takes a task out of its column and puts it at `index` of `toColumnId`; the done flag follows the column. */
export function moveInBoard(board: Board, cardId: string, toColumnId: string, index: number) {
  const toDone = board.columns.find((c) => c.id === toColumnId)?.isDone ?? false;
  const moved = moveInColumns(board.columns, cardId, toColumnId, index, (card: TaskCard, columnId) => ({ ...card, columnId, doneAt: toDone ? (card.doneAt ?? new Date().toISOString()) : null }));
  if (!moved) return null;
  return { board: { ...board, columns: board.columns.map((c, i) => ({ ...c, items: moved.columns[i]!.items, count: moved.columns[i]!.count })) }, prevId: moved.prevId, nextId: moved.nextId };
}

/**
 * A project's board with its filters: first pages from one request, more pages per column
 * appended, optimistic moves rolled back with a toast when refused, others' changes refetched live.
 */
export function useProjectBoard(projectId: string, filters: BoardFilters) {
  const qc = useQueryClient();
  const key = projectKeys.board(projectId, filters);
  const query = useQuery(boardQueryOptions(projectId, filters));
  const [loading, setLoading] = useState<Record<string, boolean>>({});
  const pending = useRef(0);
  const stale = useRef(false);
  const dragging = useRef(false);

  useLiveEntity('project', (e) => {
    if (e.id !== projectId && e.id !== '*') return;
    void qc.invalidateQueries({ queryKey: projectKeys.tasks });
    void qc.invalidateQueries({ queryKey: projectKeys.dashboard(projectId) });
    // Others' changes wait while a card is in the person's hand or a move is being saved.
    if (pending.current > 0 || dragging.current) stale.current = true;
    else void qc.invalidateQueries({ queryKey: projectKeys.boards });
  });

  const setDragging = useCallback(
    (now: boolean) => {
      dragging.current = now;
      if (now) return;
      // After the drop's own move has started (it counts as pending), or at once when nothing moved.
      setTimeout(() => {
        if (!dragging.current && pending.current === 0 && stale.current) {
          stale.current = false;
          void qc.invalidateQueries({ queryKey: projectKeys.boards });
        }
      }, 0);
    },
    [qc],
  );

  const loadMore = useCallback(
    async (columnId: string) => {
      const col = qc.getQueryData<Board>(key)?.columns.find((c) => c.id === columnId);
      if (!col?.nextCursor || loading[columnId]) return;
      setLoading((l) => ({ ...l, [columnId]: true }));
      try {
        const page = await columnPage(projectId, columnId, filters, col.nextCursor);
        qc.setQueryData<Board>(key, (b) =>
          b
            ? {
                ...b,
                columns: b.columns.map((c) => {
                  if (c.id !== columnId) return c;
                  const have = new Set(c.items.map((d) => d.id));
                  return { ...c, items: [...c.items, ...page.items.filter((d) => !have.has(d.id))], nextCursor: page.nextCursor };
                }),
              }
            : b,
        );
      } catch (e) {
        toast.error('Não foi possível carregar mais tarefas', { description: e instanceof ApiError ? e.message : undefined });
      } finally {
        setLoading((l) => ({ ...l, [columnId]: false }));
      }
    },
    [qc, key, projectId, filters, loading],
  );

  const move = useCallback(
    async (cardId: string, toColumnId: string, index: number) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Board>(key);
      if (!before) return;
      const next = moveInBoard(before, cardId, toColumnId, index);
      if (!next) return;
      qc.setQueryData(key, next.board);
      pending.current++;
      try {
        const saved = await moveTask(cardId, { columnId: toColumnId, prevId: next.prevId, nextId: next.nextId });
        qc.setQueryData<Board>(key, (b) =>
          b ? { ...b, columns: b.columns.map((c) => ({ ...c, items: c.items.map((d) => (d.id === cardId ? { ...d, position: saved.position, columnId: saved.columnId, doneAt: saved.doneAt } : d)) })) } : b,
        );
      } catch (e) {
        qc.setQueryData(key, before);
        toast.error('A tarefa voltou para onde estava', { description: e instanceof ApiError ? e.message : 'Não foi possível salvar a mudança. Tente de novo.' });
        stale.current = true;
      } finally {
        pending.current--;
        if (pending.current === 0 && stale.current) {
          stale.current = false;
          void qc.invalidateQueries({ queryKey: projectKeys.boards });
        }
      }
    },
    [qc, key],
  );
  return { query, loadMore, loading, move, setDragging };
}
