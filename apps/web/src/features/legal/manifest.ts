import type { FeatureManifest } from '../../lib/feature.ts';

/** Jurídico (decisions 0212–0215): the contract register and each contract's page with its AI analyses. */
export default {
  area: 'legal',
  routes: [
    { path: '/juridico', title: 'Jurídico', access: ['juridico'], layout: 'shell', page: () => import('./pages/legal-page.tsx') },
    { path: '/juridico/contrato/:contractId', title: 'Contrato', access: ['juridico'], layout: 'shell', page: () => import('./pages/contract-page.tsx') },
  ],
} satisfies FeatureManifest;
