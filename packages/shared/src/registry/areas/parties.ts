import { defineArea } from '../area.ts';

/**
 * People and organizations, the product's one contact base (decision 0126): every member reads
 * and writes; the sales team deletes and exports, marketing exports; the LGPD erasure (`erase`)
 * is the admin's alone (decision 0125).
 */
export default defineArea({
  key: 'parties',
  order: 200,
  kind: 'tools',
  title: 'Pessoas e empresas',
  description: 'A base de contatos da empresa.',
  actions: ['read', 'write', 'delete', 'export', 'erase'],
  grants: {
    members: ['read', 'write'],
    roles: { vendas: ['delete', 'export'], marketing: ['export'] },
    custom: { vendas: ['delete', 'export'], marketing: ['export'] },
  },
});
