import type { FeatureManifest } from '../../lib/feature.ts';

/** /comercial (decision 0163) and the client's quote page reached from the quote e-mail. */
export default {
  area: 'sales',
  routes: [
    { path: '/comercial', title: 'Comercial', access: ['comercial'], layout: 'shell', page: () => import('./pages/sales-page.tsx') },
    { path: '/orcamento', title: 'Orçamento', access: 'public', layout: 'focus', page: () => import('./pages/public-quote-page.tsx') },
  ],
} satisfies FeatureManifest;
