import type { FeatureManifest } from '../../lib/feature.ts';

export default {
  area: 'admin',
  routes: [
    { path: '/admin/integracoes', title: 'Integrações', access: ['admin.read'], layout: 'shell', deniedAs: 'not-found', page: () => import('./pages/integrations-page.tsx') },
  ],
} satisfies FeatureManifest;
