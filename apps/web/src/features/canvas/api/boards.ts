import { useQuery } from '@tanstack/react-query';
import type { CanvasBoardListItem, CanvasBoardView, CanvasSaveResult, CanvasScene } from '@sede/shared/canvas/schemas';
import { api } from '../../../lib/api-client.ts';
import { canvasKeys } from './keys.ts';

export const useBoards = () => useQuery({ queryKey: canvasKeys.lists, queryFn: async () => (await api<{ boards: CanvasBoardListItem[] }>('/canvas/boards')).boards });

export const useBoard = (id: string) =>
  useQuery({ queryKey: canvasKeys.one(id), queryFn: () => api<CanvasBoardView>(`/canvas/boards/${id}`), staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false });

export const createBoard = (data: { id: string; title: string }) => api<CanvasBoardView>('/canvas/boards', { method: 'POST', json: data });
export const renameBoard = (id: string, title: string) => api<CanvasBoardView>(`/canvas/boards/${id}`, { method: 'PATCH', json: { title } });
export const deleteBoard = (id: string) => api<{ ok: true }>(`/canvas/boards/${id}`, { method: 'DELETE' });
export const saveScene = (id: string, data: { scene: CanvasScene; revision: number }) => api<CanvasSaveResult>(`/canvas/boards/${id}/scene`, { method: 'PUT', json: data });
