import { SyncProvider as PlatformSyncProvider } from '../../../lib/sync/sync-provider.ts';

export { colorFor } from '../../../lib/sync/sync-provider.ts';
export type { Peer, SyncStatus } from '../../../lib/sync/sync-provider.ts';

/** The editor's end of a document's shared editing (decision 0288): the platform's provider on /api/documents/:id/sync. */
export class SyncProvider extends PlatformSyncProvider {
  constructor(documentId: string, me: { id: string; name: string }) {
    super(`/api/documents/${documentId}/sync`, me);
  }
}
