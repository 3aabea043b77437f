import type { FeatureManifest } from '../../lib/feature.ts';

/** /lista-contatos (issue 12 item 3): people, organizations, lists, segments, import and export. Open to every member. */
export default {
  area: 'crm',
  routes: [{ path: '/lista-contatos', title: 'Listas de contatos', access: 'signed-in', layout: 'shell', page: () => import('./pages/contacts-page.tsx') }],
} satisfies FeatureManifest;
