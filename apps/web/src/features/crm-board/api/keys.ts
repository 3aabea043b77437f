import { customFieldKeys } from '../../../components/crm-custom-fields/keys.ts';
import type { BoardFilters } from '@sede/shared/crm/deals';

/** TanStack Query keys of the board (/kanban-leads). */
export const crmKeys = {
  all: ['crm'] as const,
  pipelines: ['crm', 'pipelines'] as const,
  boards: ['crm', 'board'] as const,
  board: (pipelineId: string, filters: BoardFilters) => ['crm', 'board', pipelineId, filters] as const,
  deals: ['crm', 'deal'] as const,
  deal: (id: string) => ['crm', 'deal', id] as const,
  customFields: customFieldKeys.all,
  facets: ['crm', 'facets'] as const,
};
