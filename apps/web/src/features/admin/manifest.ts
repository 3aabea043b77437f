import type { FeatureManifest } from '../../lib/feature.ts';

export default {
  area: 'admin',
  routes: [
    { path: '/admin', title: 'Administração', access: ['admin'], layout: 'shell', deniedAs: 'not-found', page: () => import('./pages/admin-page.tsx') },
  ],
} satisfies FeatureManifest;
