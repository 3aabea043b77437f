import { describe, expect, it } from 'vitest';
import type { Board, TaskCard } from '@sede/shared/projects/schemas';
import { moveInBoard } from './use-project-board.ts';

const card = (id: string, columnId: string): TaskCard => ({ id, columnId, position: 0, title: id, priority: 'media', labels: [], assignees: [], dueDate: null, doneAt: null, checklistDone: 0, checklistTotal: 0 });
const board = (): Board => ({
  project: {} as Board['project'],
  labels: [],
  columns: [
    { id: 'a', name: 'A fazer', position: 0, isDone: false, count: 3, items: [card('1', 'a'), card('2', 'a'), card('3', 'a')], nextCursor: null },
    { id: 'z', name: 'Concluído', position: 1, isDone: true, count: 1, items: [card('9', 'z')], nextCursor: null },
  ],
});

describe('moveInBoard', () => {
  it('reorders within a column and names the new neighbours', () => {
    const r = moveInBoard(board(), '3', 'a', 0)!;
    expect(r.board.columns[0]!.items.map((c) => c.id)).toEqual(['3', '1', '2']);
    expect([r.prevId, r.nextId]).toEqual([null, '1']);
  });
  it('moves to the done column: counts follow, the card is done', () => {
    const r = moveInBoard(board(), '2', 'z', 1)!;
    expect(r.board.columns.map((c) => c.count)).toEqual([2, 2]);
    expect(r.board.columns[1]!.items.map((c) => c.id)).toEqual(['9', '2']);
    expect(r.board.columns[1]!.items[1]!.doneAt).not.toBeNull();
    expect([r.prevId, r.nextId]).toEqual(['9', null]);
    const back = moveInBoard(r.board, '2', 'a', 5)!;
    expect(back.board.columns[0]!.items.at(-1)).toMatchObject({ id: '2', doneAt: null, columnId: 'a' });
  });
  it('an unknown card or column changes nothing', () => {
    expect(moveInBoard(board(), 'x', 'a', 0)).toBeNull();
    expect(moveInBoard(board(), '1', 'x', 0)).toBeNull();
  });
});
