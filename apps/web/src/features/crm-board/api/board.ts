import { queryOptions } from '@tanstack/react-query';
import type { Board, BoardFilters, DealPage } from '@sede/shared/crm/deals';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from './keys.ts';

export const PAGE_SIZE = 30;

export function filterParams(f: BoardFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, String(v));
  return p;
}

/** GET /api/crm/pipelines/:id/board: every column's first page and totals. */
export const boardQueryOptions = (pipelineId: string, filters: BoardFilters) =>
  queryOptions({
    queryKey: crmKeys.board(pipelineId, filters),
    queryFn: ({ client, queryKey }) => {
      const p = filterParams(filters);
      // A refetch (a live change) keeps as many cards per column as are loaded, up to 100, so a
      // column scrolled down does not jump back to its first page.
      const loaded = client.getQueryData<Board>(queryKey)?.columns.reduce((n, c) => Math.max(n, c.items.length), 0) ?? 0;
      p.set('limit', String(Math.min(100, Math.max(PAGE_SIZE, loaded))));
      return api<Board>(`/crm/pipelines/${pipelineId}/board?${p}`);
    },
    staleTime: 10_000,
  });

/** GET /api/crm/pipelines/:id/stages/:stageId/deals: a column's next page. */
export function columnPage(pipelineId: string, stageId: string, filters: BoardFilters, cursor: string): Promise<DealPage> {
  const p = filterParams(filters);
  p.set('limit', String(PAGE_SIZE));
  p.set('cursor', cursor);
  return api<DealPage>(`/crm/pipelines/${pipelineId}/stages/${stageId}/deals?${p}`);
}

export const facetsQueryOptions = () =>
  queryOptions({ queryKey: crmKeys.facets, queryFn: () => api<{ tags: string[]; sources: string[] }>('/crm/facets'), staleTime: 60_000 });
