import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { Board, BoardFilters, DealCard } from '@sede/shared/crm/deals';
import { neighboursAt } from '@sede/shared/crm/position';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveEntity } from '../../../lib/live/entity-events.ts';
import { boardQueryOptions, columnPage } from '../api/board.ts';
import { moveDeal } from '../api/deals.ts';
import { crmKeys } from '../api/keys.ts';

/** Takes a card out of its column and puts it at `index` of `toStageId` (counts and sums follow). */
export function moveInBoard(board: Board, cardId: string, toStageId: string, index: number): { board: Board; prevId: string | null; nextId: string | null } | null {
  const from = board.columns.find((c) => c.items.some((d) => d.id === cardId));
  const to = board.columns.find((c) => c.id === toStageId);
  if (!from || !to) return null;
  const card = from.items.find((d) => d.id === cardId) as DealCard;
  const target = (from.id === to.id ? from.items : to.items).filter((d) => d.id !== cardId);
  const { prev, next } = neighboursAt(target, index);
  const moved = { ...card, stageId: toStageId };
  const placed = [...target.slice(0, Math.max(0, Math.min(index, target.length))), moved, ...target.slice(Math.max(0, Math.min(index, target.length)))];
  const columns = board.columns.map((c) => {
    if (c.id === to.id && c.id === from.id) return { ...c, items: placed };
    if (c.id === to.id) return { ...c, items: placed, count: c.count + 1, sumCents: c.sumCents + card.valueCents };
    if (c.id === from.id) return { ...c, items: c.items.filter((d) => d.id !== cardId), count: c.count - 1, sumCents: c.sumCents - card.valueCents };
    return c;
  });
  return { board: { ...board, columns }, prevId: prev?.id ?? null, nextId: next?.id ?? null };
}

/**
 * The board of a pipeline with its filters: first pages and totals from one request, further
 * pages per column appended to the same cache entry, optimistic moves that roll back with a
 * toast when the server refuses, and others' changes refetched live (decision 0151).
 */
export function useBoard(pipelineId: string | null, filters: BoardFilters) {
  const qc = useQueryClient();
  const key = crmKeys.board(pipelineId ?? '', filters);
  const query = useQuery({ ...boardQueryOptions(pipelineId ?? '', filters), enabled: Boolean(pipelineId) });
  const [loading, setLoading] = useState<Record<string, boolean>>({});
  const pendingMoves = useRef(0);
  const staleWhilePending = useRef(false);

  const refresh = useCallback(() => {
    if (pendingMoves.current > 0) {
      staleWhilePending.current = true;
      return;
    }
    void qc.invalidateQueries({ queryKey: crmKeys.boards });
  }, [qc]);

  useLiveEntity('deal', (e) => {
    refresh();
    if (e.id !== '*') void qc.invalidateQueries({ queryKey: crmKeys.deal(e.id) });
  });
  useLiveEntity('crm_pipeline', () => {
    void qc.invalidateQueries({ queryKey: crmKeys.pipelines });
    refresh();
  });

  const loadMore = useCallback(
    async (stageId: string) => {
      const board = qc.getQueryData<Board>(key);
      const col = board?.columns.find((c) => c.id === stageId);
      if (!pipelineId || !col?.nextCursor || loading[stageId]) return;
      setLoading((l) => ({ ...l, [stageId]: true }));
      try {
        const page = await columnPage(pipelineId, stageId, filters, col.nextCursor);
        qc.setQueryData<Board>(key, (b) =>
          b
            ? {
                ...b,
                columns: b.columns.map((c) => {
                  if (c.id !== stageId) return c;
                  const have = new Set(c.items.map((d) => d.id));
                  return { ...c, items: [...c.items, ...page.items.filter((d) => !have.has(d.id))], nextCursor: page.nextCursor };
                }),
              }
            : b,
        );
      } catch (e) {
        toast.error('Não foi possível carregar mais negócios', { description: e instanceof ApiError ? e.message : undefined });
      } finally {
        setLoading((l) => ({ ...l, [stageId]: false }));
      }
    },
    [qc, key, pipelineId, filters, loading],
  );

  const move = useCallback(
    async (cardId: string, toStageId: string, index: number) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Board>(key);
      if (!before) return;
      const next = moveInBoard(before, cardId, toStageId, index);
      if (!next) return;
      qc.setQueryData(key, next.board);
      pendingMoves.current++;
      try {
        const saved = await moveDeal(cardId, { stageId: toStageId, prevId: next.prevId, nextId: next.nextId });
        qc.setQueryData<Board>(key, (b) =>
          b ? { ...b, columns: b.columns.map((c) => ({ ...c, items: c.items.map((d) => (d.id === cardId ? { ...d, position: saved.position, stageId: saved.stageId } : d)) })) } : b,
        );
        void qc.invalidateQueries({ queryKey: crmKeys.deal(cardId) });
      } catch (e) {
        qc.setQueryData(key, before);
        toast.error('O negócio voltou para onde estava', { description: e instanceof ApiError ? e.message : 'Não foi possível salvar a mudança. Tente de novo.' });
        staleWhilePending.current = true;
      } finally {
        pendingMoves.current--;
        if (pendingMoves.current === 0 && staleWhilePending.current) {
          staleWhilePending.current = false;
          void qc.invalidateQueries({ queryKey: crmKeys.boards });
        }
      }
    },
    [qc, key],
  );

  return { query, loadMore, loading, move };
}
