/** TanStack Query keys of the documentation. */
export type DocumentFilters = { scope: 'geral' | 'meus'; folderId?: string; projectId?: string; q?: string };

export const documentKeys = {
  all: ['documents'] as const,
  folders: ['documents', 'folders'] as const,
  lists: ['documents', 'list'] as const,
  list: (filters: DocumentFilters) => ['documents', 'list', filters] as const,
  project: (projectId: string) => ['documents', 'project', projectId] as const,
  one: (id: string) => ['documents', 'one', id] as const,
  versions: (id: string) => ['documents', 'one', id, 'versions'] as const,
  version: (id: string, versionId: string) => ['documents', 'one', id, 'versions', versionId] as const,
};
