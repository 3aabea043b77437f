import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { MaterialFolder, MaterialListQuery, MaterialListResponse, MaterialTagsResponse, MaterialUpdateInput, MaterialView } from '@sede/shared/marketing/materials';
import { uploadRaw } from '../../../components/files/files-api.ts';
import { api } from '../../../lib/api-client.ts';
import { marketingKeys } from './keys.ts';

const qs = (o: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== '') p.set(k, String(v));
  return p.toString();
};

/** The library's pages, newest first (`limit` per page). */
export const useMaterials = (query: MaterialListQuery) =>
  useInfiniteQuery({
    queryKey: marketingKeys.materialList(query),
    queryFn: ({ pageParam }) => api<MaterialListResponse>(`/marketing/materials?${qs({ ...(query as Record<string, string | number | undefined>), cursor: pageParam ?? undefined })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...CACHE.dynamic,
  });

export const useMaterialFolders = (clientId: string | undefined) =>
  useQuery({
    queryKey: marketingKeys.materialFolders(clientId ?? ''),
    queryFn: async () => (await api<{ folders: MaterialFolder[] }>(`/marketing/material-folders?clientId=${clientId}`)).folders,
    enabled: !!clientId,
    ...CACHE.dynamic,
  });

export const useMaterialTags = (clientId: string | undefined) =>
  useQuery({
    queryKey: marketingKeys.materialTags(clientId),
    queryFn: async () => (await api<MaterialTagsResponse>(`/marketing/material-tags?${qs({ clientId })}`)).tags,
    ...CACHE.dynamic,
  });

export const createFolder = (input: { clientId: string; parentId?: string | null; name: string }) => api<MaterialFolder>('/marketing/material-folders', { method: 'POST', json: input });
export const renameFolder = (id: string, name: string) => api<MaterialFolder>(`/marketing/material-folders/${id}`, { method: 'PATCH', json: { name } });
/** Moves a folder (with its subfolders and materials) under another folder of its client, or to the root (null). */
export const moveFolder = (id: string, parentId: string | null) => api<MaterialFolder>(`/marketing/material-folders/${id}`, { method: 'PATCH', json: { parentId } });
export const deleteFolder = (id: string) => api<{ ok: true }>(`/marketing/material-folders/${id}`, { method: 'DELETE' });
export const updateMaterial = (id: string, input: MaterialUpdateInput) => api<MaterialView>(`/marketing/materials/${id}`, { method: 'PATCH', json: input });
export const deleteMaterial = (id: string) => api<{ ok: true }>(`/marketing/materials/${id}`, { method: 'DELETE' });

export const materialContentUrl = (m: Pick<MaterialView, 'fileId'>) => `/api/files/${m.fileId}/content`;
export const materialPreviewUrl = (m: Pick<MaterialView, 'fileId'>) => `/api/files/${m.fileId}/content?inline=1`;
export const materialThumbnailUrl = (m: Pick<MaterialView, 'fileId'>) => `/api/files/${m.fileId}/thumbnail`;

/** One file into the library, streamed, with its progress (the platform's raw upload). */
export function uploadMaterial(o: { clientId: string; folderId?: string; tags?: string[]; keepDuplicate?: boolean; file: File; onProgress?: (fraction: number) => void; signal?: AbortSignal }): Promise<MaterialView> {
  return uploadRaw<MaterialView>(`/api/marketing/materials?${qs({ clientId: o.clientId, folderId: o.folderId, tags: o.tags?.join(','), onDuplicate: o.keepDuplicate ? 'keep' : undefined })}`, o);
}

/** Whether the library holds any material the person sees (of any client): one row is enough. */
export const useAnyMaterial = (enabled: boolean) =>
  useQuery({
    queryKey: marketingKeys.materialList({ limit: 1 }),
    queryFn: async () => (await api<MaterialListResponse>('/marketing/materials?limit=1')).materials.length > 0,
    enabled,
    ...CACHE.dynamic,
  });
