import type { FeatureManifest } from '../../lib/feature.ts';

export default {
  area: 'profile',
  routes: [
    { path: '/complete-profile', title: 'Complete seu cadastro', access: 'signed-in', layout: 'focus', page: () => import('./pages/complete-profile-page.tsx') },
    { path: '/perfil', title: 'Meu perfil', access: 'signed-in', layout: 'shell', page: () => import('./pages/profile-page.tsx') },
  ],
} satisfies FeatureManifest;
