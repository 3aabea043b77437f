import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { isUuid } from '@sede/shared/platform/api';
import { badRequest } from '../http/errors.ts';

/** A keyset page's cursor: the last row's sort key (a card's position, a time, a name) and id, in base64url. */
export const encodeCursor = (value: number | string, id: string) => Buffer.from(JSON.stringify([value, id])).toString('base64url');

function decodeKeyed<K>(cursor: string, isKey: (v: unknown) => v is K, message: string, code?: string): [K, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && isKey(v[0]) && typeof v[1] === 'string' && isUuid(v[1])) return [v[0], v[1]];
  } catch {
    // falls through
  }
  throw badRequest(message, code);
}
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isText = (v: unknown): v is string => typeof v === 'string';

/** The number and id a cursor carries; one that is not ours is a 400 (`message`, `code`). */
export const decodeCursor = (cursor: string, message: string, code?: string) => decodeKeyed(cursor, isFiniteNumber, message, code);

/** The text key (a name) and id a cursor carries; one that is not ours is a 400 (`message`, `code`). */
export const decodeTextCursor = (cursor: string, message: string, code?: string) => decodeKeyed(cursor, isText, message, code);

/** A page a list is asked for (the public API's lists): after `cursor`, at most `limit` rows, changed at or after `updatedSince`. */
export type PageRequest = { cursor?: string; limit: number; updatedSince?: string };

const CURSOR_INVALID = 'cursor inválido: use o nextCursor da página anterior.';
// To the millisecond, which is what a cursor carries exactly: the order and the comparison agree.
const createdMs = (createdAt: SQLWrapper) => sql`date_trunc('milliseconds', ${createdAt})`;

/**
 * Keyset paging in creation order (oldest first with 'asc'): the condition of the rows after the
 * request's cursor and changed since its instant, the ORDER BY, and the page out of `limit + 1` rows.
 */
export function createdPages(createdAt: SQLWrapper, id: SQLWrapper, updatedAt: SQLWrapper, order: 'asc' | 'desc') {
  return {
    where(page: PageRequest): SQL | undefined {
      const parts: SQL[] = [];
      if (page.updatedSince) parts.push(sql`${updatedAt} >= ${page.updatedSince}::timestamptz`);
      if (page.cursor) {
        const [ms, last] = decodeCursor(page.cursor, CURSOR_INVALID, 'CURSOR_INVALID');
        parts.push(sql`(${createdMs(createdAt)}, ${id}) ${order === 'asc' ? sql`>` : sql`<`} (${new Date(ms).toISOString()}::timestamptz, ${last}::uuid)`);
      }
      return parts.length ? sql.join(parts, sql` AND `) : undefined;
    },
    orderBy: order === 'asc' ? [sql`${createdMs(createdAt)} ASC`, sql`${id} ASC`] : [sql`${createdMs(createdAt)} DESC`, sql`${id} DESC`],
    page<R>(rows: R[], page: PageRequest, keyOf: (row: R) => { createdAt: Date | string; id: string }) {
      const more = rows.length > page.limit;
      const items = more ? rows.slice(0, page.limit) : rows;
      const last = items.at(-1);
      return { items, nextCursor: more && last ? encodeCursor(new Date(keyOf(last).createdAt).getTime(), keyOf(last).id) : null };
    },
  };
}
