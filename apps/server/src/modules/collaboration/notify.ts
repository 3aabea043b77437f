import type { DbOrTx } from '@sede/db/client';
import { announce } from '../../platform/live/announce.ts';
import { notify } from '../../platform/notifications/notify.ts';
import { serverState } from '../../platform/module.ts';
import type { Services } from '../../services.ts';

/**
 * Collaboration's two calls into the platform: `notify` (mentions, assignments, due dates) and
 * `announce` (live updates of threads and tasks, ids only). Listeners registered here (tests)
 * observe every notification sent.
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

/** Notifies the members among `userIds` (the platform skips anyone outside the company). */
export async function notifyUsers(s: Services, _db: DbOrTx, n: CollaborationNotification): Promise<void> {
  if (!n.userIds.length) return;
  await notify(s, {
    companyId: n.companyId,
    userIds: n.userIds,
    kind: n.kind === 'due' ? 'due_date' : n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    entity: n.entity,
  });
  for (const l of listeners(s)) l(n);
}

/** Open pages of the company's members refetch the thread or task (ids only, in the write's transaction). */
export async function announceChange(db: DbOrTx, change: { companyId: string; entity: string; id: string; userIds?: string[] }): Promise<void> {
  await announce(db, change);
}
