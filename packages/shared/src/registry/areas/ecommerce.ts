import { defineArea } from '../area.ts';

/**
 * E-commerce (decision 0680): the company's online stores (Nuvemshop), their orders and what they
 * become in the rest of Sede (customers in parties, receivables in Financeiro). `manage` connects
 * and disconnects a store (its tokens, the receivables it writes): the admin's by default.
 */
export default defineArea({
  key: 'ecommerce',
  order: 155,
  kind: 'department',
  title: 'E-commerce',
  description: 'Lojas virtuais, pedidos e clientes que viram contas a receber.',
  path: '/ecommerce',
  icon: 'ShoppingCart',
  actions: ['read', 'manage'],
  grants: { roles: { vendas: ['read'], financeiro: ['read'], marketing: ['read'] }, custom: { vendas: ['read'], financeiro: ['read'], marketing: ['read'] } },
  onboardingAreas: ['ecommerce'],
});
