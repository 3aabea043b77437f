import { defineArea } from '../area.ts';

/** The company: its page (/empresa, open to every member) and its profile (/empresa-perfil, admins). */
export default defineArea({
  key: 'company',
  order: 10,
  kind: 'platform',
  title: 'Empresa',
  description: 'A página da empresa, seu perfil e seus dados.',
  path: '/empresa',
  icon: 'Building2',
  actions: ['read', 'settings'],
  grants: { members: ['read'], withoutMembership: ['read'] },
  guards: [
    { key: 'empresa', flag: 'canAccessEmpresa', action: 'read' },
    { key: 'empresa_perfil', flag: 'canAccessEmpresaPerfil', action: 'settings', label: 'Perfil da empresa' },
  ],
});
