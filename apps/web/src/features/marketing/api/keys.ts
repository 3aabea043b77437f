import type { MaterialListQuery } from '@sede/shared/marketing/materials';
import type { PieceListQuery } from '@sede/shared/marketing/pieces';

/** TanStack Query keys of the marketing area: one root, a branch per part. */
export const marketingKeys = {
  all: ['marketing'] as const,
  clients: ['marketing', 'clients'] as const,
  client: (id: string) => ['marketing', 'clients', id] as const,
  pieces: ['marketing', 'pieces'] as const,
  pieceList: (query: PieceListQuery) => ['marketing', 'pieces', 'list', query] as const,
  piece: (id: string) => ['marketing', 'pieces', 'one', id] as const,
  campaigns: ['marketing', 'campaigns'] as const,
  materials: ['marketing', 'materials'] as const,
  overview: ['marketing', 'overview'] as const,
  materialList: (query: MaterialListQuery) => ['marketing', 'materials', 'list', query] as const,
  materialFolders: (clientId: string) => ['marketing', 'materials', 'folders', clientId] as const,
  materialTags: (clientId: string | undefined) => ['marketing', 'materials', 'tags', clientId ?? 'todas'] as const,
  shareLinks: (fileId: string) => ['marketing', 'materials', 'links', fileId] as const,
};
