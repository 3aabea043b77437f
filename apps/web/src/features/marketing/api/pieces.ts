import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PieceCreateInput, PieceList, PieceListQuery, PieceUpdateInput, PieceView } from '@sede/shared/marketing/pieces';
import { api } from '../../../lib/api-client.ts';
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
  useInfiniteQuery({
    queryKey: marketingKeys.piecePages(q),
    queryFn: ({ pageParam }) => fetchPieces({ ...q, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: PieceList) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
export const usePiece = (id: string | null) => useQuery({ queryKey: marketingKeys.piece(id ?? ''), queryFn: () => api<PieceView>(`/marketing/pieces/${id}`), enabled: !!id });
export const createPiece = (data: PieceCreateInput) => api<PieceView>('/marketing/pieces', { method: 'POST', json: data });
export const updatePiece = (id: string, data: PieceUpdateInput) => api<PieceView>(`/marketing/pieces/${id}`, { method: 'PATCH', json: data });
export const deletePiece = (id: string) => api<{ ok: true }>(`/marketing/pieces/${id}`, { method: 'DELETE' });
