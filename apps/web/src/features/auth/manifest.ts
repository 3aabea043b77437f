import type { FeatureManifest } from '../../lib/feature.ts';

export default {
  routes: [
    { path: '/auth', title: 'Entrar', access: 'public', layout: 'focus', page: () => import('./pages/auth-page.tsx') },
    { path: '/email-confirmed', title: 'Confirmação de e-mail', access: 'public', layout: 'focus', page: () => import('./pages/email-confirmed-page.tsx') },
  ],
} satisfies FeatureManifest;
