import type { FeatureManifest } from '../../lib/feature.ts';

export default {
  area: 'sales',
  routes: [{ path: '/metricas', title: 'Métricas', access: ['comercial'], layout: 'shell', page: () => import('./pages/metricas-page.tsx') }],
} satisfies FeatureManifest;
