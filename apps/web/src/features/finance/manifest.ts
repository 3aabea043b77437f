import type { FeatureManifest } from '../../lib/feature.ts';

/** /financeiro (issue 16). Engineer E's manifest replaces this one at merge (same route). */
export default {
  routes: [{ path: '/financeiro', title: 'Financeiro', access: ['financeiro'], layout: 'shell', page: () => import('./pages/finance-page.tsx') }],
  nav: ['financeiro'],
} satisfies FeatureManifest;
