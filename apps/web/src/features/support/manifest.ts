import type { FeatureManifest } from '../../lib/feature.ts';

export default {
  routes: [
    { path: '/suporte', title: 'Suporte', access: 'signed-in', layout: 'shell', page: () => import('./pages/support-page.tsx') },
    // The platform operators' screen (decision 0280); the server answers 404 to anyone else.
    { path: '/suporte/operador', title: 'Atendimento do suporte', access: 'signed-in', layout: 'shell', page: () => import('./pages/operator-page.tsx') },
  ],
} satisfies FeatureManifest;
