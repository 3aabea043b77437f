import type { FeatureManifest } from '../../lib/feature.ts';

/**
 * The department areas before their contents exist: one placeholder page each. When an area
 * gets its own feature folder, its routes and nav entry move to that folder's manifest.
 */
const marketing = () => import('./pages/marketing-page.tsx');

export default {
  routes: [
    { path: '/marketing', title: 'Marketing', access: ['marketing'], layout: 'shell', page: marketing },
    { path: '/marketing/calendario', title: 'Calendário de marketing', access: ['marketing'], layout: 'shell', page: marketing },
    { path: '/marketing/criativos', title: 'Criativos', access: ['marketing'], layout: 'shell', page: marketing },
    { path: '/marketing/materiais', title: 'Materiais', access: ['marketing'], layout: 'shell', page: marketing },
    { path: '/marketing/empresa/:id', title: 'Empresa cliente', access: ['marketing'], layout: 'shell', page: marketing },
    { path: '/marketing/empresa/:id/opcoes', title: 'Opções da empresa cliente', access: ['marketing'], layout: 'shell', page: marketing },
    { path: '/marketing/projetos-concluidos', title: 'Projetos concluídos', access: ['marketing'], layout: 'shell', page: marketing },
  ],
  nav: ['comercial', 'marketing', 'financeiro', 'rh', 'juridico', 'projetos', 'documentacao'],
} satisfies FeatureManifest;
