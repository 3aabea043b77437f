import { and, eq, lt, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { MARKETING_MESSAGES as M } from '@sede/shared/marketing/constants';
import { badRequest } from '../../http/errors.ts';
import { isUuid } from './access.ts';

// Keyset paging of the marketing lists (pieces, materials, campaigns), newest first by a time
// and the id: the query orders by `desc(at), desc(id)`, adds `after(at, id, q.cursor)` to its
// conditions and reads `limit + 1` rows; `pageOf` cuts the page and gives the next cursor.

const encodeCursor = (at: Date, id: string) => Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');

/** The position a cursor names; a cursor that is not one of ours is 400 INVALID_CURSOR. */
function decodeCursor(cursor: string): [Date, string] {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(at);
    if (Number.isNaN(date.getTime()) || typeof id !== 'string' || !isUuid(id)) throw new Error('cursor');
    return [date, id];
  } catch {
    throw badRequest(M.cursor, 'INVALID_CURSOR');
  }
}

/** The rows after the cursor's position (older, or as old with a smaller id); none without a cursor. */
export function after(at: AnyColumn, id: AnyColumn, cursor: string | undefined): SQL[] {
  if (!cursor) return [];
  const [date, lastId] = decodeCursor(cursor);
  return [or(lt(at, date), and(eq(at, date), lt(id, lastId)))!];
}

/** The page of `limit + 1` rows read, and the cursor after its last row when there are more (none when its time is missing). */
export function pageOf<R>(rows: R[], limit: number, key: (row: R) => [Date | null, string]): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (rows.length <= limit || !last) return { page, nextCursor: null };
  const [at, id] = key(last);
  return { page, nextCursor: at ? encodeCursor(at, id) : null };
}
