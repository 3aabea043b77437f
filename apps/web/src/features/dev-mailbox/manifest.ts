import type { FeatureManifest } from '../../lib/feature.ts';

export default {
  routes: [
    { path: '/dev/mailbox', title: 'Caixa de e-mails de desenvolvimento', access: 'public', layout: 'focus', page: () => import('./pages/mailbox-page.tsx') },
  ],
} satisfies FeatureManifest;
