import { defineArea } from '../area.ts';

/** /kanban-leads and /lista-contatos: deals, lists, stages; open to every member (decision 0125). */
export default defineArea({
  key: 'crm',
  order: 210,
  kind: 'tools',
  title: 'CRM',
  description: 'Negócios, funis e listas de contatos.',
  actions: ['read', 'write', 'delete', 'export', 'ai'],
  grants: { members: ['read', 'write', 'ai'], roles: { vendas: ['delete', 'export'] }, custom: { vendas: ['delete', 'export'] } },
});
