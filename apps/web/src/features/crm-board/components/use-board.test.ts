import { describe, expect, it } from 'vitest';
import type { Board, DealCard } from '@sede/shared/crm/deals';
import { moveInBoard } from './use-board.ts';

const card = (id: string, stageId: string, valueCents = 100): DealCard => ({
  id,
  title: id,
  valueCents,
  stageId,
  position: 0,
  organizationName: null,
  ownerId: null,
  ownerName: null,
  tags: [],
  nextActivity: null,
  status: 'open',
});
const board = (): Board => ({
  pipeline: { id: 'p', name: 'P', position: 0, stages: [] },
  columns: [
    { id: 's1', pipelineId: 'p', name: 'S1', position: 0, probability: 0, stageId: 's1', count: 3, sumCents: 600, items: [card('a', 's1'), card('b', 's1', 200), card('c', 's1', 300)], nextCursor: null },
    { id: 's2', pipelineId: 'p', name: 'S2', position: 1, probability: 0, stageId: 's2', count: 1, sumCents: 50, items: [card('d', 's2', 50)], nextCursor: null },
  ],
});

describe('optimistic board moves', () => {
  it('moves between columns with counts, sums and neighbours', () => {
    const r = moveInBoard(board(), 'b', 's2', 1)!;
    expect(r.board.columns[0]!.items.map((d) => d.id)).toEqual(['a', 'c']);
    expect(r.board.columns[1]!.items.map((d) => d.id)).toEqual(['d', 'b']);
    expect([r.board.columns[0]!.count, r.board.columns[0]!.sumCents, r.board.columns[1]!.count, r.board.columns[1]!.sumCents]).toEqual([2, 400, 2, 250]);
    expect([r.prevId, r.nextId]).toEqual(['d', null]);
  });
  it('reorders within a column without changing its totals', () => {
    const r = moveInBoard(board(), 'a', 's1', 2)!;
    expect(r.board.columns[0]!.items.map((d) => d.id)).toEqual(['b', 'c', 'a']);
    expect(r.board.columns[0]!.count).toBe(3);
    expect([r.prevId, r.nextId]).toEqual(['c', null]);
  });
  it('puts a card on top of a column', () => {
    const r = moveInBoard(board(), 'c', 's2', 0)!;
    expect([r.prevId, r.nextId]).toEqual([null, 'd']);
  });
});
