import { defineArea } from '../area.ts';

/** /atendimento and /atendimento-simples: open to every member (decision 0125). */
export default defineArea({
  key: 'inbox',
  order: 240,
  kind: 'tools',
  title: 'Atendimento',
  description: 'Conversas com clientes.',
  actions: ['read', 'write', 'delete', 'export', 'ai'],
  grants: { members: ['read', 'write', 'ai'], roles: { vendas: ['delete', 'export'] }, custom: { vendas: ['delete', 'export'] } },
});
