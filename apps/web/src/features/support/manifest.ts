import type { FeatureManifest } from '../../lib/feature.ts';

export default {
  routes: [{ path: '/suporte', title: 'Suporte', access: 'signed-in', layout: 'shell', page: () => import('./pages/support-page.tsx') }],
} satisfies FeatureManifest;
