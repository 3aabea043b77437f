import type { BoardFilters, ProjectListQuery } from '@sede/shared/projects/schemas';

/** TanStack Query keys of the projects pages. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: ['projects', 'list'] as const,
  list: (q: ProjectListQuery) => ['projects', 'list', q] as const,
  templates: ['projects', 'templates'] as const,
  boards: ['projects', 'board'] as const,
  board: (id: string, f: BoardFilters) => ['projects', 'board', id, f] as const,
  tasks: ['projects', 'task'] as const,
  task: (id: string) => ['projects', 'task', id] as const,
  dashboard: (id: string) => ['projects', 'dashboard', id] as const,
};
