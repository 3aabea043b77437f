import type { FeatureManifest } from '../../lib/feature.ts';

const company = () => import('./pages/company-page.tsx');

export default {
  area: 'company',
  routes: [
    { path: '/', title: 'Empresa', access: 'signed-in', layout: 'shell', page: company },
    { path: '/empresa', title: 'Empresa', access: 'signed-in', layout: 'shell', page: company },
    { path: '/empresa-perfil', title: 'Perfil da empresa', access: ['empresa_perfil'], layout: 'shell', page: () => import('./pages/company-profile-page.tsx') },
  ],
  nav: [{ path: '/empresa', title: 'Empresa', icon: 'Building2' }],
} satisfies FeatureManifest;
