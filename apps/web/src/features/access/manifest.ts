import type { FeatureManifest } from '../../lib/feature.ts';

export default {
  routes: [
    { path: '/user-access-debug', title: 'Diagnóstico de acesso', access: 'signed-in', layout: 'shell', page: () => import('./pages/user-access-debug-page.tsx') },
  ],
} satisfies FeatureManifest;
