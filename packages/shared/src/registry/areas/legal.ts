import { defineArea } from '../area.ts';

/** Jurídico (spec §2): contracts and their analysis. */
export default defineArea({
  key: 'legal',
  order: 140,
  kind: 'department',
  title: 'Jurídico',
  description: 'Contratos e análise de contratos.',
  path: '/juridico',
  icon: 'Scale',
  actions: ['read', 'write', 'delete', 'export', 'ai'],
  grants: { roles: { juridico: 'all' }, custom: { juridico: 'all' } },
  guards: [{ key: 'juridico', flag: 'canAccessJuridico', action: 'read' }],
  onboardingAreas: ['legal'],
});
