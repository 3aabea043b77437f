import type { FeatureManifest } from '../../lib/feature.ts';

/** Prospecting over the Receita Federal open CNPJ data (decision 0204), open to every signed-in member. */
export default {
  area: 'prospecting',
  routes: [
    { path: '/cnpj-search', title: 'Busca por CNPJ', access: 'signed-in', layout: 'shell', page: () => import('./pages/cnpj-search-page.tsx') },
    { path: '/deep-search', title: 'Pesquisa aprofundada', access: 'signed-in', layout: 'shell', page: () => import('./pages/deep-search-page.tsx') },
    { path: '/extrair-leads', title: 'Extrair leads', access: 'signed-in', layout: 'shell', page: () => import('./pages/extrair-leads-page.tsx') },
    { path: '/extrair-leads-cnpj', title: 'Extrair leads por CNPJ', access: 'signed-in', layout: 'shell', page: () => import('./pages/extrair-leads-cnpj-page.tsx') },
  ],
} satisfies FeatureManifest;
