/** The activity log's filters (part of its query key). */
export type ActivityFilters = { userId?: string; action?: string; from?: string; to?: string };

/** TanStack Query keys of the admin area. */
export const adminKeys = {
  members: ['members'] as const,
  /** Every page of the activity log, whatever the filters (what a change invalidates). */
  activity: ['activity'] as const,
  activityList: (filters: ActivityFilters) => ['activity', filters] as const,
  /** The installation's Receita data upkeep (decision 0415). */
  receitaRefresh: ['receita-refresh'] as const,
};
