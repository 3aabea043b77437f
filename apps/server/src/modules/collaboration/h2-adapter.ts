import type { DbOrTx } from '@sede/db/client';
import { serverState } from '../../platform/module.ts';
import type { Services } from '../../services.ts';

/**
 * The two calls collaboration makes into H2's pieces (notifications, live updates), written
 * against their contract while H2 is merged in parallel. At merge, the lead replaces the bodies:
 *   notifyUsers   → `notify(s, …)` from `platform/notifications/notify.ts`
 *   announceChange → `announce(db, …)` from `platform/live/announce.ts`
 * Until then a notification reaches only the listeners registered here (tests), and nothing is
 * announced.
 */

export type CollaborationNotification = {
  companyId: string;
  /** Who receives it (never the actor: the callers filter). */
  userIds: string[];
  kind: 'mention' | 'assignment' | 'due';
  /** Who caused it (null for the due-date schedule). */
  actorId: string | null;
  /** A short pt-BR title, e.g. 'Carla mencionou você em um comentário'. */
  title: string;
  /** A short excerpt (no more than 200 characters). */
  body?: string;
  /** The page to open. */
  link?: string;
  entity: { type: string; id: string };
};

type Listener = (n: CollaborationNotification) => void;
const listeners = (s: Services) => serverState(s, 'collaboration.notify-listeners', () => new Set<Listener>());

/** Tests (and the lead's swap) observe what would be notified. */
export function onCollaborationNotify(s: Services, listener: Listener): () => void {
  listeners(s).add(listener);
  return () => listeners(s).delete(listener);
}

/** TODO(H2): `await notify(s, { db, ...n })` inside the caller's transaction. */
export async function notifyUsers(s: Services, _db: DbOrTx, n: CollaborationNotification): Promise<void> {
  if (!n.userIds.length) return;
  for (const l of listeners(s)) l(n);
}

/** TODO(H2): `await announce(db, { companyId, entity, id, userIds })` (ids only). */
export async function announceChange(_db: DbOrTx, _change: { companyId: string; entity: string; id: string; userIds?: string[] }): Promise<void> {}
