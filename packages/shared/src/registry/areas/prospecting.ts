import { defineArea } from '../area.ts';

/** /cnpj-search, /extrair-leads-cnpj, /deep-search, /extrair-leads: open to every member (decision 0125). */
export default defineArea({
  key: 'prospecting',
  order: 220,
  kind: 'tools',
  title: 'Prospecção',
  description: 'Busca de empresas e extração de leads.',
  actions: ['read', 'write', 'delete', 'export', 'ai'],
  grants: { members: ['read', 'write', 'ai'], roles: { vendas: ['delete', 'export'] }, custom: { vendas: ['delete', 'export'] } },
});
