import { defineArea } from '../area.ts';

/** Recursos Humanos (spec §2): employees, résumé and interview analysis. */
export default defineArea({
  key: 'hr',
  order: 130,
  kind: 'department',
  title: 'Recursos Humanos',
  description: 'Análise de entrevistas e de currículos.',
  path: '/rh',
  icon: 'Users',
  actions: ['read', 'write', 'delete', 'export', 'ai'],
  grants: { roles: { rh: 'all' }, custom: { rh: 'all' } },
  guards: [{ key: 'rh', flag: 'canAccessRH', action: 'read' }],
  onboardingAreas: ['hr'],
});
