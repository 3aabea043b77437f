import type { FeatureManifest } from '../../lib/feature.ts';

/** The customer-service inbox and the website chat (decisions 0260–0269). */
export default {
  area: 'inbox',
  routes: [
    { path: '/atendimento', title: 'Atendimento', access: 'signed-in', layout: 'shell', page: () => import('./pages/inbox-page.tsx') },
    { path: '/atendimento-simples', title: 'Atendimento simples', access: 'signed-in', layout: 'shell', page: () => import('./pages/inbox-simple-page.tsx') },
  ],
} satisfies FeatureManifest;
