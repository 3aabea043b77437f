import type { FeatureManifest } from '../../lib/feature.ts';

/** Financeiro (decisions 0170–0179): one page whose tabs live in the URL (?aba=…). */
export default {
  area: 'finance',
  routes: [{ path: '/financeiro', title: 'Financeiro', access: ['financeiro'], layout: 'shell', page: () => import('./pages/finance-page.tsx'), early: ['/finance/reports/overview'] }],
} satisfies FeatureManifest;
