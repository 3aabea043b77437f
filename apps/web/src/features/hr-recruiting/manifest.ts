import type { FeatureManifest } from '../../lib/feature.ts';

/** RH's recruiting (decisions 0225–0229): job openings with résumé analysis, and interview analysis. */
export default {
  area: 'hr',
  routes: [
    { path: '/rh/analise-curriculos', title: 'Análise de currículos', access: ['rh'], layout: 'shell', page: () => import('./pages/resumes-page.tsx') },
    { path: '/rh/analise-curriculos/:id', title: 'Análise de currículo', access: ['rh'], layout: 'shell', page: () => import('./pages/opening-page.tsx') },
    { path: '/rh/analise-entrevistas', title: 'Análise de entrevistas', access: ['rh'], layout: 'shell', page: () => import('./pages/interviews-page.tsx') },
    { path: '/rh/analise-entrevistas/:id', title: 'Análise de entrevista', access: ['rh'], layout: 'shell', page: () => import('./pages/interview-page.tsx') },
  ],
} satisfies FeatureManifest;
