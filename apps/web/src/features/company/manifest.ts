import type { FeatureManifest } from '../../lib/feature.ts';

const company = () => import('./pages/company-page.tsx');
/** What /empresa's first view reads (decision 0761): the team, the pending invitations, today's and overdue tasks, who can be mentioned. */
const companyEarly = ['/members', '/invitations', '/tasks/mine?scope=today', '/tasks/mine?scope=overdue', '/comments/mentionable'];

export default {
  area: 'company',
  routes: [
    { path: '/', title: 'Empresa', access: 'signed-in', layout: 'shell', page: company, early: companyEarly },
    { path: '/empresa', title: 'Empresa', access: 'signed-in', layout: 'shell', page: company, early: companyEarly },
    { path: '/empresa-perfil', title: 'Perfil da empresa', access: ['empresa_perfil'], layout: 'shell', page: () => import('./pages/company-profile-page.tsx') },
  ],
  nav: [{ path: '/empresa', title: 'Empresa', icon: 'Building2' }],
} satisfies FeatureManifest;
