import { describe, expect, it } from 'vitest';
import type { PieceView } from '@sede/shared/marketing/pieces';
import { loadedPieces, withoutPiece } from './no-date-pages.ts';

const p = (id: string) => ({ id, title: id }) as PieceView;
const data = { pages: [{ pieces: [p('a'), p('b')], nextCursor: 'c1' }, { pieces: [p('b'), p('c')], nextCursor: null }], pageParams: [null, 'c1'] };

describe("'Sem data' pages", () => {
  it('lists every loaded idea once, in page order', () => {
    expect(loadedPieces(data).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(loadedPieces(undefined)).toEqual([]);
  });
  it('takes a piece out of every page, keeping the cursors', () => {
    const out = withoutPiece(data, 'b');
    expect(out.pages.map((pg) => pg.pieces.map((x) => x.id))).toEqual([['a'], ['c']]);
    expect(out.pages.map((pg) => pg.nextCursor)).toEqual(['c1', null]);
    expect(out.pageParams).toEqual([null, 'c1']);
  });
});
