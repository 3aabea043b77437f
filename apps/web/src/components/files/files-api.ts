import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import { FILE_KINDS, FILE_MESSAGES, type FileInfo, type FileKind, type FileListResponse, type ShareLinkCreated, type ShareLinkInfo } from '@sede/shared/platform/files';
import { ApiError, api } from '../../lib/api-client.ts';
import { refreshQueries } from '../../lib/refresh-queries.ts';

/** Query keys of files: per entity, so an upload or deletion refetches that entity's list. */
export const fileKeys = {
  all: ['files'] as const,
  entity: (entityType: string, entityId: string) => ['files', entityType, entityId] as const,
  shareLinks: (fileId: string) => ['files', 'share-links', fileId] as const,
};

export const entityFilesQueryOptions = (entityType: string, entityId: string) =>
  queryOptions({
    queryKey: fileKeys.entity(entityType, entityId),
    queryFn: async () => (await api<FileListResponse>(`/files?entityType=${encodeURIComponent(entityType)}&entityId=${encodeURIComponent(entityId)}`)).files,
    ...CACHE.dynamic,
  });

/**
 * After an upload or a deletion: the entity's list fetched again, wherever it is shown (the
 * files card, the file pickers of 'Novo envelope', the analyses, the comparison of versions).
 * A fetch still in flight is cancelled first: it started before the change, and TanStack Query
 * would otherwise hand its answer (without the new file) to the invalidation when the list had no
 * data yet, the page's first load (decision 0743).
 */
export async function refreshEntityFiles(qc: QueryClient, entityType: string, entityId: string) {
  await refreshQueries(qc, fileKeys.entity(entityType, entityId), { exact: true });
}

export const fileContentUrl = (id: string) => `/api/files/${id}/content`;
export const fileThumbnailUrl = (id: string) => `/api/files/${id}/thumbnail`;

export const deleteFile = (id: string) => api<{ ok: true }>(`/files/${id}`, { method: 'DELETE' });
/** A file's share links (decision 0336): revocable, unlike the signed links the server makes for its own pages. */
export const shareLinksQueryOptions = (fileId: string) =>
  queryOptions({ queryKey: fileKeys.shareLinks(fileId), queryFn: async () => (await api<{ links: ShareLinkInfo[] }>(`/files/${fileId}/share-links`)).links, ...CACHE.dynamic });
export const createShareLink = (fileId: string, hours: number) => api<ShareLinkCreated>(`/files/${fileId}/share-links`, { method: 'POST', json: { hours } });
export const revokeShareLink = (fileId: string, linkId: string) => api<ShareLinkInfo>(`/files/${fileId}/share-links/${linkId}`, { method: 'DELETE' });

/** The kind a chosen file goes as: by its declared type, among the kinds the place accepts (the server checks the content). */
export function kindFor(file: File, kinds: readonly FileKind[]): FileKind {
  const top = file.type.split('/')[0];
  const guess: FileKind = top === 'image' ? 'image' : top === 'audio' ? 'audio' : top === 'video' ? 'video' : 'document';
  return kinds.includes(guess) ? guess : kinds.includes('document') ? 'document' : kinds[0]!;
}

/** A refusal known before sending (empty, over the kind's limit), or null. */
export function precheck(file: File, kind: FileKind): string | null {
  if (file.size === 0) return FILE_MESSAGES.empty;
  if (file.size > FILE_KINDS[kind].maxBytes) return FILE_MESSAGES.tooLarge(kind);
  return null;
}

/**
 * Sends one file as the raw request body to `url` (the server streams it to storage), reporting
 * the upload's progress from XMLHttpRequest (fetch has no upload progress). Resolves with the
 * 201's JSON; rejects with an ApiError carrying the server's Portuguese message. Every upload of
 * the app goes through it (the platform's files, the marketing library).
 */
export function uploadRaw<T>(url: string, o: { file: File; onProgress?: (fraction: number) => void; signal?: AbortSignal }): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('x-file-name', encodeURIComponent(o.file.name));
    xhr.setRequestHeader('content-type', o.file.type || 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) o.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status === 201) resolve(body as unknown as T);
      else reject(new ApiError(xhr.status, String(body.code ?? 'HTTP_ERROR'), String(body.error ?? FILE_MESSAGES.storageFailed), body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', FILE_MESSAGES.network));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', FILE_MESSAGES.uploadAborted));
    o.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(o.file);
  });
}

/** One file for an entity of the platform's files (`/api/files`). */
export function uploadFile(o: { entityType: string; entityId: string; kind: FileKind; file: File; onProgress?: (fraction: number) => void; signal?: AbortSignal }): Promise<FileInfo> {
  const q = new URLSearchParams({ entityType: o.entityType, entityId: o.entityId, kind: o.kind });
  return uploadRaw<FileInfo>(`/api/files?${q}`, o);
}
