import { hasRoomBetween, positionBetween } from '@sede/shared/crm/position';
import { badRequest, conflict } from '../http/errors.ts';

/**
 * Moving a card on a board (deals, project tasks; decision 0151): the client names the cards it
 * drops the card between, the server writes only the moved card at their midpoint.
 */

/** The neighbours of a move, checked: neither is the card itself, and not the same card twice (400). */
export function moveNeighbours(id: string, input: { prevId?: string | null; nextId?: string | null }, message: string) {
  const prevId = input.prevId ?? null;
  const nextId = input.nextId ?? null;
  if (prevId === id || nextId === id || (prevId && prevId === nextId)) throw badRequest(message, 'NEIGHBOUR_INVALID');
  return { prevId, nextId };
}

type Drop = {
  prevId: string | null;
  nextId: string | null;
  /** The neighbours' positions as read in the target column (null: not there any more). */
  prevPos: number | null | undefined;
  nextPos: number | null | undefined;
  message: string;
  /** Spreads the column's cards evenly (the moved card left out) and answers the neighbours' new positions. */
  renumber: (ids: string[]) => Promise<Array<{ id: string; position: number }>>;
};

/**
 * The moved card's new position: between its neighbours, after renumbering the column when they
 * are too close. A neighbour that left the column (or swapped order) meanwhile is a 409.
 */
export async function dropPosition(d: Drop): Promise<number> {
  const known = (nid: string | null, pos: number | null | undefined) => {
    if (nid && (pos === null || pos === undefined)) throw conflict(d.message, 'NEIGHBOUR_MOVED');
    return nid ? Number(pos) : null;
  };
  let prev = known(d.prevId, d.prevPos);
  let next = known(d.nextId, d.nextPos);
  if (prev !== null && next !== null && prev > next) throw conflict(d.message, 'NEIGHBOUR_MOVED');
  if (!hasRoomBetween(prev, next)) {
    const rows = await d.renumber([d.prevId, d.nextId].filter((x): x is string => Boolean(x)));
    prev = d.prevId ? (rows.find((r) => r.id === d.prevId)?.position ?? null) : null;
    next = d.nextId ? (rows.find((r) => r.id === d.nextId)?.position ?? null) : null;
  }
  return positionBetween(prev, next);
}
