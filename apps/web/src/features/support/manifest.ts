import type { FeatureManifest } from '../../app/feature.ts';

export default {
  routes: [{ path: '/suporte', title: 'Suporte', access: 'signed-in', layout: 'shell', page: () => import('./pages/support-page.tsx') }],
} satisfies FeatureManifest;
