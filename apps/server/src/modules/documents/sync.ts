import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import type { DbOrTx } from '@sede/db/client';
import { DOCUMENT_LIMITS, docText, type DocContent } from '@sede/shared/documents/schemas';
import { announce } from '../../platform/live/announce.ts';
import { announceAccessChange, CLOSE, COMPACT_AFTER, SNAPSHOT_DELAY_MS, compact as compactType, resetSharedState as resetType, syncTables, type SyncType } from '../../platform/sync/rooms.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import { indexDocument } from './search-index.ts';
import { FRAGMENT, jsonToUpdate, ydocToJson } from './ydoc.ts';

const { documents: D, documentUpdates: DU } = schema;

/** The entity announced for every accepted update: other instances apply it; pages never see it (decision 0283). */
export const SYNC_ENTITY = 'document_sync';
export { CLOSE, COMPACT_AFTER, SNAPSHOT_DELAY_MS };

/**
 * A document's shared editing through the platform's sync (decisions 0283, 0286, 0310): the state
 * in `documents.ydoc_state` and `document_updates`, seeded from the JSON of a document written
 * before, and its Tiptap JSON (content, content_text, search) derived by the server.
 */
export const documentSync: SyncType = {
  type: 'document',
  liveEntity: SYNC_ENTITY,
  ...syncTables(D, DU, DU.documentId),
  seed: async (tx, id, companyId) => {
    const [row] = await tx.select({ content: D.content }).from(D).where(and(eq(D.id, id), eq(D.companyId, companyId)));
    return row ? jsonToUpdate(row.content as DocContent) : null;
  },
  snapshot: {
    // A text over the documents' limit keeps the previous snapshot.
    of: (doc) => {
      const content = ydocToJson(doc);
      return docText(content).length > DOCUMENT_LIMITS.contentChars ? null : content;
    },
    write: async (s, room, value) => {
      const content = value as DocContent;
      const { db } = systemTenant(s, room.companyId, 'sync', room.actorId);
      const [row] = await db
        .update(D)
        .set({ content, contentText: docText(content), revision: sql`${D.revision} + 1`, updatedAt: new Date(), ...(room.actorId ? { updatedBy: room.actorId } : {}) })
        .where(and(eq(D.id, room.id), eq(D.companyId, room.companyId)))
        .returning({ id: D.id });
      if (!row) return;
      await indexDocument(db, room.id);
      await announce(db, { companyId: room.companyId, entity: 'document', id: room.id, action: 'updated' });
    },
  },
};

/** Merges the rows into documents.ydoc_state and deletes exactly the rows merged. */
export const compact = (s: Services, documentId: string) => compactType(s, documentSync, documentId);

/** A save outside shared editing (the REST fallback, a version restore) replaces the shared state: rooms start over. */
export const resetSharedState = (tx: DbOrTx, companyId: string, documentId: string, opts: { stateCleared?: boolean } = {}) => resetType(tx, documentSync, companyId, documentId, opts);

/** Who may see the document changed (made restricted, its people, deleted): the sockets of those who lost it close (decision 0420). */
export const documentAccessChanged = (tx: DbOrTx, companyId: string, documentId: string) => announceAccessChange(tx, documentSync, companyId, documentId);

export { FRAGMENT };
