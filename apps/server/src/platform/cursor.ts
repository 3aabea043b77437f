import { isUuid } from '@sede/shared/platform/api';
import { badRequest } from '../http/errors.ts';

/** A keyset page's cursor: the last row's number (a card's position, a time) and id, in base64url. */
export const encodeCursor = (value: number, id: string) => Buffer.from(JSON.stringify([value, id])).toString('base64url');

/** The number and id a cursor carries; one that is not ours is a 400 (`message`, `code`). */
export function decodeCursor(cursor: string, message: string, code?: string): [number, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && Number.isFinite(v[0]) && typeof v[1] === 'string' && isUuid(v[1])) return [v[0], v[1]];
  } catch {
    // falls through
  }
  throw badRequest(message, code);
}
