import type { FeatureManifest } from '../../lib/feature.ts';

/** Projects (decisions 0270–0274): the list, a project's board and its dashboard, for `gestao_projetos` (every member). */
export default {
  area: 'projects',
  routes: [
    { path: '/gestao-projetos', title: 'Projetos', access: ['gestao_projetos'], layout: 'shell', page: () => import('./pages/projects-page.tsx') },
    { path: '/projeto-kanban/:projectId', title: 'Kanban do projeto', access: ['gestao_projetos'], layout: 'shell', page: () => import('./pages/project-board-page.tsx') },
    { path: '/kanban-dashboard/:projectId', title: 'Painel do projeto', access: ['gestao_projetos'], layout: 'shell', page: () => import('./pages/project-dashboard-page.tsx') },
  ],
} satisfies FeatureManifest;
