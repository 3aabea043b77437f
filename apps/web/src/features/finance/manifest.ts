import type { FeatureManifest } from '../../lib/feature.ts';

/**
 * /financeiro (issue 16). Engineer E's manifest replaces this one at merge (same route). The
 * sidebar entry stays in the departments manifest's nav list, which keeps the registry's order.
 */
export default {
  routes: [{ path: '/financeiro', title: 'Financeiro', access: ['financeiro'], layout: 'shell', page: () => import('./pages/finance-page.tsx') }],
} satisfies FeatureManifest;
