import { queryOptions } from '@tanstack/react-query';
import type { BriefResult, Project, ProjectCreateInput, ProjectListQuery, ProjectUpdateInput, Template } from '@sede/shared/projects/schemas';
import { aiApi } from '../../../lib/ai-api.ts';
import { api } from '../../../lib/api-client.ts';
import { projectKeys } from './keys.ts';

/** GET /api/projects */
export const projectsQueryOptions = (q: ProjectListQuery) =>
  queryOptions({
    queryKey: projectKeys.list(q),
    queryFn: async () => {
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) if (v) p.set(k, String(v));
      return (await api<{ projects: Project[] }>(`/projects?${p}`)).projects;
    },
    staleTime: 10_000,
  });
/** GET /api/projects/templates */
export const templatesQueryOptions = () => queryOptions({ queryKey: projectKeys.templates, queryFn: async () => (await api<{ templates: Template[] }>('/projects/templates')).templates, staleTime: Number.POSITIVE_INFINITY });
/** POST /api/projects */
export const createProject = (input: ProjectCreateInput) => api<Project>('/projects', { method: 'POST', json: input });
/** PATCH /api/projects/:id */
export const updateProject = (id: string, input: ProjectUpdateInput) => api<Project>(`/projects/${id}`, { method: 'PATCH', json: input });
/** DELETE /api/projects/:id */
export const deleteProject = (id: string) => api<{ success: true }>(`/projects/${id}`, { method: 'DELETE' });
/** POST /api/projects/brief (paid: ai.project_from_brief) */
export const proposeFromBrief = (brief: string, requestId: string) => aiApi<BriefResult>('/projects/brief', { method: 'POST', json: { brief, requestId } });
