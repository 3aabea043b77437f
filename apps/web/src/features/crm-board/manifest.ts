import type { FeatureManifest } from '../../lib/feature.ts';

/** /kanban-leads: the CRM's board of deals (decision 0154), open to every signed-in member (spec §2). */
export default {
  area: 'crm',
  routes: [{ path: '/kanban-leads', title: 'Kanban de leads', access: 'signed-in', layout: 'shell', page: () => import('./pages/kanban-leads-page.tsx'), early: ['/crm/pipelines', '/crm/facets', '/comments/mentionable'] }],
} satisfies FeatureManifest;
