import type { FeatureManifest } from '../../lib/feature.ts';

export default {
  routes: [
    { path: '/onboarding', title: 'Configuração inicial', access: 'signed-in', layout: 'focus', page: () => import('./pages/onboarding-page.tsx') },
  ],
} satisfies FeatureManifest;
