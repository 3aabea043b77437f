import { defineArea } from '../area.ts';

/** Marketing (spec §2): clients, calendar, creatives, materials and finished projects. */
export default defineArea({
  key: 'marketing',
  order: 110,
  kind: 'department',
  title: 'Marketing',
  description: 'Calendário, criativos, materiais e projetos de clientes.',
  path: '/marketing',
  icon: 'Megaphone',
  actions: ['read', 'write', 'delete', 'export', 'ai'],
  grants: { withoutMembership: ['read'], roles: { marketing: 'all' }, custom: { marketing: 'all' } },
  guards: [{ key: 'marketing', flag: 'canAccessMarketing', action: 'read' }],
  onboardingAreas: ['marketing'],
});
