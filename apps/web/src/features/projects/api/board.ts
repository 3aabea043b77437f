import { queryOptions } from '@tanstack/react-query';
import type { Board, BoardFilters, Column, ColumnPage, Dashboard, TaskCreateInput, TaskDetail, TaskMoved, TaskMoveInput, TaskUpdateInput } from '@sede/shared/projects/schemas';
import { api } from '../../../lib/api-client.ts';
import { projectKeys } from './keys.ts';

export const PAGE_SIZE = 50;
const params = (f: BoardFilters) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, String(v));
  return p;
};

/** GET /api/projects/:id/board: every column's first page (a refetch keeps what is loaded, up to 500). */
export const boardQueryOptions = (projectId: string, filters: BoardFilters) =>
  queryOptions({
    queryKey: projectKeys.board(projectId, filters),
    queryFn: ({ client, queryKey }) => {
      const p = params(filters);
      const loaded = client.getQueryData<Board>(queryKey)?.columns.reduce((n, c) => Math.max(n, c.items.length), 0) ?? 0;
      p.set('limit', String(Math.min(500, Math.max(PAGE_SIZE, loaded))));
      return api<Board>(`/projects/${projectId}/board?${p}`);
    },
    staleTime: 10_000,
  });
/** GET /api/projects/:id/columns/:columnId/tasks: a column's next page. */
export function columnPage(projectId: string, columnId: string, filters: BoardFilters, cursor: string) {
  const p = params(filters);
  p.set('limit', String(PAGE_SIZE));
  p.set('cursor', cursor);
  return api<ColumnPage>(`/projects/${projectId}/columns/${columnId}/tasks?${p}`);
}
export const taskQueryOptions = (id: string) => queryOptions({ queryKey: projectKeys.task(id), queryFn: () => api<TaskDetail>(`/projects/tasks/${id}`) });
export const dashboardQueryOptions = (id: string) => queryOptions({ queryKey: projectKeys.dashboard(id), queryFn: () => api<Dashboard>(`/projects/${id}/dashboard`), staleTime: 10_000 });

export const createTask = (projectId: string, input: TaskCreateInput) => api<TaskDetail>(`/projects/${projectId}/tasks`, { method: 'POST', json: input });
export const updateTask = (id: string, input: TaskUpdateInput) => api<TaskDetail>(`/projects/tasks/${id}`, { method: 'PATCH', json: input });
export const deleteTask = (id: string) => api<{ success: true }>(`/projects/tasks/${id}`, { method: 'DELETE' });
export const moveTask = (id: string, input: TaskMoveInput) => api<TaskMoved>(`/projects/tasks/${id}/move`, { method: 'POST', json: input });

export const addColumn = (projectId: string, name: string) => api<Column>(`/projects/${projectId}/columns`, { method: 'POST', json: { name } });
export const updateColumn = (id: string, input: { name?: string; isDone?: boolean }) => api<Column>(`/projects/columns/${id}`, { method: 'PATCH', json: input });
export const reorderColumns = (projectId: string, columnIds: string[]) => api<{ columns: Column[] }>(`/projects/${projectId}/columns/order`, { method: 'PUT', json: { columnIds } });
export const deleteColumn = (id: string, moveTo?: string) => api<{ moved: number }>(`/projects/columns/${id}${moveTo ? `?moveTo=${moveTo}` : ''}`, { method: 'DELETE' });
