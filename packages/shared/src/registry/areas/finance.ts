import { defineArea } from '../area.ts';

/** Financeiro (spec §2): payables, receivables, cash flow; `approve` approves payments. */
export default defineArea({
  key: 'finance',
  order: 120,
  kind: 'department',
  title: 'Financeiro',
  description: 'Contas a pagar e a receber e fluxo de caixa.',
  path: '/financeiro',
  icon: 'Landmark',
  actions: ['read', 'write', 'delete', 'export', 'approve'],
  grants: { roles: { financeiro: 'all' }, custom: { financeiro: 'all' } },
  guards: [{ key: 'financeiro', flag: 'canAccessFinanceiro', action: 'read' }],
  onboardingAreas: ['financial'],
});
