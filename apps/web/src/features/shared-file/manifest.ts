import type { FeatureManifest } from '../../lib/feature.ts';

/** The page of a file shared by a link (decision 0392): opened by anyone who has the link, without an account. */
export default {
  routes: [{ path: '/arquivo/:token', title: 'Arquivo compartilhado', access: 'public', layout: 'focus', page: () => import('./pages/shared-file-page.tsx') }],
} satisfies FeatureManifest;
