import { defineArea } from '../area.ts';

/** Projetos (spec §2): every member reads and writes; deleting is the projects role's and the admin's. */
export default defineArea({
  key: 'projects',
  order: 150,
  kind: 'department',
  title: 'Projetos',
  description: 'Kanban, painéis e documentação de projetos.',
  path: '/gestao-projetos',
  icon: 'FolderKanban',
  actions: ['read', 'write', 'delete'],
  // Decision 0050: the role `projetos` is stored as such; it holds the whole area.
  grants: { members: ['read', 'write'], withoutMembership: ['read', 'write'], roles: { projetos: 'all' } },
  // The spec does not show the mapping of gestao_projetos to canAccessProjetos; decided in docs/decisions/0004-permissions.md.
  guards: [{ key: 'gestao_projetos', flag: 'canAccessProjetos', action: 'read' }],
  onboardingAreas: ['projects'],
});
