import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PieceCreateInput, PieceList, PieceListQuery, PieceUpdateInput, PieceView } from '@sede/shared/marketing/pieces';
import { api } from '../../../lib/api-client.ts';
import { useCursorPages } from '../../../lib/cursor-pages.ts';
import { marketingKeys } from './keys.ts';

const search = (q: PieceListQuery) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '' && v !== false) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
};

export const fetchPieces = (q: PieceListQuery) => api<PieceList>(`/marketing/pieces${search(q)}`);
export const usePieces = (q: PieceListQuery, enabled = true) => useQuery({ queryKey: marketingKeys.pieceList(q), queryFn: () => fetchPieces(q), placeholderData: keepPreviousData, enabled });
/** The same list a page at a time, following `nextCursor` (`fetchNextPage` loads the next one; a refetch reloads every page loaded). */
export const usePiecePages = (q: Omit<PieceListQuery, 'cursor'>) =>
  useCursorPages(marketingKeys.piecePages(q), (cursor) => fetchPieces({ ...q, cursor: cursor ?? undefined }));
export const usePiece = (id: string | null) => useQuery({ queryKey: marketingKeys.piece(id ?? ''), queryFn: () => api<PieceView>(`/marketing/pieces/${id}`), enabled: !!id });
export const createPiece = (data: PieceCreateInput) => api<PieceView>('/marketing/pieces', { method: 'POST', json: data });
export const updatePiece = (id: string, data: PieceUpdateInput) => api<PieceView>(`/marketing/pieces/${id}`, { method: 'PATCH', json: data });
export const deletePiece = (id: string) => api<{ ok: true }>(`/marketing/pieces/${id}`, { method: 'DELETE' });
