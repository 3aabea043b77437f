import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { Comment, CommentPage, Mentionable, MyTaskScope, Task, TaskKind, TaskList } from '@sede/shared/platform/collaboration';
import { api } from '../../lib/api-client.ts';

/** Query keys of comments and tasks: per entity and per 'my tasks' scope. */
export const collaborationKeys = {
  comments: (entityType: string, entityId: string) => ['comments', entityType, entityId] as const,
  mentionable: (q: string) => ['comments', 'mentionable', q] as const,
  tasks: ['tasks'] as const,
  entityTasks: (entityType: string, entityId: string) => ['tasks', 'entity', entityType, entityId] as const,
  myTasks: (scope: MyTaskScope) => ['tasks', 'mine', scope] as const,
};

const target = (entityType: string, entityId: string) => `entityType=${encodeURIComponent(entityType)}&entityId=${encodeURIComponent(entityId)}`;

export const commentsQueryOptions = (entityType: string, entityId: string) =>
  infiniteQueryOptions({
    queryKey: collaborationKeys.comments(entityType, entityId),
    queryFn: ({ pageParam }) => api<CommentPage>(`/comments?${target(entityType, entityId)}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...CACHE.dynamic,
  });

export const mentionableQueryOptions = (q: string) =>
  queryOptions({
    queryKey: collaborationKeys.mentionable(q),
    queryFn: async () => (await api<{ people: Mentionable[] }>(`/comments/mentionable${q ? `?q=${encodeURIComponent(q)}` : ''}`)).people,
    ...CACHE.dynamic,
  });

export const createComment = (entityType: string, entityId: string, body: string) =>
  api<Comment>(`/comments?${target(entityType, entityId)}`, { method: 'POST', json: { body } });
export const updateComment = (id: string, body: string) => api<Comment>(`/comments/${id}`, { method: 'PATCH', json: { body } });
export const deleteComment = (id: string) => api<null>(`/comments/${id}`, { method: 'DELETE' });

export const myTasksQueryOptions = (scope: MyTaskScope) =>
  queryOptions({
    queryKey: collaborationKeys.myTasks(scope),
    queryFn: async () => (await api<TaskList>(`/tasks/mine?scope=${scope}`)).tasks,
    ...CACHE.dynamic,
  });
export const entityTasksQueryOptions = (entityType: string, entityId: string) =>
  queryOptions({
    queryKey: collaborationKeys.entityTasks(entityType, entityId),
    queryFn: async () => (await api<TaskList>(`/tasks?${target(entityType, entityId)}`)).tasks,
    ...CACHE.dynamic,
  });

export type NewTask = { title: string; kind?: TaskKind; assigneeId?: string | null; dueDate?: string | null; entityType?: string; entityId?: string };
export const createTask = (task: NewTask) => api<Task>('/tasks', { method: 'POST', json: task });
export const updateTask = (id: string, patch: Partial<Pick<Task, 'title' | 'dueDate' | 'kind'>> & { assigneeId?: string | null; done?: boolean }) =>
  api<Task>(`/tasks/${id}`, { method: 'PATCH', json: patch });
export const deleteTask = (id: string) => api<null>(`/tasks/${id}`, { method: 'DELETE' });

