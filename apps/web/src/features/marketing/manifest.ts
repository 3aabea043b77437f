import type { FeatureManifest } from '../../lib/feature.ts';

/** Marketing (decisions 0320–0344): clients, calendar, creatives, materials, finished projects. Needs `marketing`. */
export default {
  area: 'marketing',
  routes: [
    { path: '/marketing', title: 'Marketing', access: ['marketing'], layout: 'shell', page: () => import('./pages/marketing-page.tsx') },
    { path: '/marketing/calendario', title: 'Calendário de marketing', access: ['marketing'], layout: 'shell', page: () => import('./pages/calendar-page.tsx') },
    { path: '/marketing/criativos', title: 'Criativos', access: ['marketing'], layout: 'shell', page: () => import('./pages/creatives-page.tsx') },
    { path: '/marketing/materiais', title: 'Materiais', access: ['marketing'], layout: 'shell', page: () => import('./pages/materials-page.tsx') },
    { path: '/marketing/empresa/:id', title: 'Empresa cliente', access: ['marketing'], layout: 'shell', page: () => import('./pages/client-page.tsx') },
    { path: '/marketing/empresa/:id/opcoes', title: 'Opções da empresa cliente', access: ['marketing'], layout: 'shell', page: () => import('./pages/client-options-page.tsx') },
    // The client's approval link, opened without an account (decision 0331).
    { path: '/aprovacao/:token', title: 'Aprovação de peça', access: 'public', layout: 'focus', page: () => import('./pages/approval-page.tsx') },
    { path: '/marketing/projetos-concluidos', title: 'Projetos concluídos', access: ['marketing'], layout: 'shell', page: () => import('./pages/finished-page.tsx') },
  ],
} satisfies FeatureManifest;
