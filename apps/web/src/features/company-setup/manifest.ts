import type { FeatureManifest } from '../../lib/feature.ts';

export default {
  routes: [
    { path: '/company-welcome', title: 'Bem-vindo', access: 'signed-in', layout: 'focus', page: () => import('./pages/company-welcome-page.tsx') },
    { path: '/company-setup', title: 'Vincular Empresa', access: 'signed-in', layout: 'focus', page: () => import('./pages/company-setup-page.tsx') },
  ],
} satisfies FeatureManifest;
