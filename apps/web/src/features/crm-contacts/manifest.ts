import type { FeatureManifest } from '../../lib/feature.ts';

/** /lista-contatos (decisions 0155–0159): people, organizations, lists, segments, import and export. Open to every member. */
export default {
  area: 'crm',
  routes: [{ path: '/lista-contatos', title: 'Listas de contatos', access: 'signed-in', layout: 'shell', page: () => import('./pages/contacts-page.tsx') }],
} satisfies FeatureManifest;
