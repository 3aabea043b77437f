import { defineArea } from '../area.ts';

/** Administração: members, invitations, roles and the activity log; admins only. */
export default defineArea({
  key: 'admin',
  order: 170,
  kind: 'department',
  title: 'Administração',
  description: 'Membros, convites, funções e registro de atividades.',
  path: '/admin',
  icon: 'Shield',
  actions: ['read', 'write'],
  guards: [{ key: 'admin', flag: 'canAccessAdmin', action: 'read' }],
  onboardingAreas: [],
});
