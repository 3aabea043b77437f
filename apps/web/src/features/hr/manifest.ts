import type { FeatureManifest } from '../../lib/feature.ts';

/** RH: the area's overview and the employees register (decision 0221). */
export default {
  area: 'hr',
  routes: [{ path: '/rh', title: 'Recursos Humanos', access: ['rh'], layout: 'shell', page: () => import('./pages/hr-page.tsx') }],
} satisfies FeatureManifest;
