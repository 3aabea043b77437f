import { defineArea } from '../area.ts';

/** A person's own profile (/perfil), open to everyone signed in. */
export default defineArea({
  key: 'profile',
  order: 20,
  kind: 'platform',
  title: 'Perfil',
  description: 'Os dados e as preferências de cada pessoa.',
  path: '/perfil',
  actions: ['read'],
  grants: { members: ['read'], withoutMembership: ['read'] },
  guards: [{ key: 'perfil', flag: 'canAccessPerfil', action: 'read' }],
});
