import type { FeatureManifest } from '../../lib/feature.ts';

/** /campanhas-massa (decisions 0250–0258): e-mail campaigns, open to every member; /descadastro/:token is public. */
export default {
  area: 'campaigns',
  routes: [
    { path: '/campanhas-massa', title: 'Campanhas em massa', access: 'signed-in', layout: 'shell', page: () => import('./pages/campaigns-page.tsx') },
    { path: '/descadastro/:token', title: 'Descadastrar e-mails', access: 'public', layout: 'focus', page: () => import('./pages/unsubscribe-page.tsx') },
  ],
} satisfies FeatureManifest;
