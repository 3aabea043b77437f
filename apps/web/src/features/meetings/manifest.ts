import type { FeatureManifest } from '../../lib/feature.ts';

/** Sales-meeting analysis: the meetings of CRM deals and each meeting's analyses (decision 0231). */
export default {
  area: 'sales',
  routes: [
    { path: '/analise-reunioes', title: 'Análise de reuniões', access: ['comercial'], layout: 'shell', page: () => import('./pages/meetings-page.tsx') },
    { path: '/analise-reunioes/:id', title: 'Análise de reunião', access: ['comercial'], layout: 'shell', page: () => import('./pages/meeting-page.tsx') },
  ],
} satisfies FeatureManifest;
