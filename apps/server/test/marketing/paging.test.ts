import { schema } from '@sede/db/client';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.ts';
import { after, pageOf } from '../../src/modules/marketing/paging.ts';

// The marketing lists' keyset paging (pieces, materials, campaigns): the cut of the page and its cursor.
const P = schema.marketingPieces;
const row = (n: number) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, at: new Date(Date.UTC(2026, 10, 20 - n)) });
const rows = [1, 2, 3].map(row);
const key = (r: ReturnType<typeof row>): [Date | null, string] => [r.at, r.id];

describe('marketing paging', () => {
  it('cuts the limit + 1 rows read to the page; the next cursor names its last row and reads back', () => {
    const { page, nextCursor } = pageOf(rows, 2, key);
    expect(page).toEqual(rows.slice(0, 2));
    expect(JSON.parse(Buffer.from(nextCursor!, 'base64url').toString('utf8'))).toEqual([rows[1]!.at.toISOString(), rows[1]!.id]);
    expect(after(P.updatedAt, P.id, nextCursor!)).toHaveLength(1);
  });

  it('has no next cursor on the last page, nor when the last row has no time', () => {
    expect(pageOf(rows, 3, key)).toEqual({ page: rows, nextCursor: null });
    expect(pageOf([], 3, key)).toEqual({ page: [], nextCursor: null });
    expect(pageOf(rows, 2, (r) => [null, r.id]).nextCursor).toBeNull();
  });

  it('no cursor adds no condition; a cursor that is not ours is 400 INVALID_CURSOR', () => {
    expect(after(P.updatedAt, P.id, undefined)).toEqual([]);
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of ['lixo', forged(['não é data', row(1).id]), forged(['2026-11-20T00:00:00.000Z', '-'.repeat(36)]), forged(['2026-11-20T00:00:00.000Z', 7])]) {
      let error: unknown;
      try {
        after(P.updatedAt, P.id, cursor);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, code: 'INVALID_CURSOR', message: 'Página inválida. Recarregue a lista.' });
    }
  });
});
