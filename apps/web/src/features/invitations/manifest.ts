import type { FeatureManifest } from '../../lib/feature.ts';

export default {
  routes: [
    { path: '/accept-invite', title: 'Convite', access: 'public', layout: 'focus', page: () => import('./pages/accept-invite-page.tsx') },
    { path: '/team-invite', title: 'Convidar equipe', access: 'public', layout: 'focus', page: () => import('./pages/team-invite-page.tsx') },
  ],
} satisfies FeatureManifest;
