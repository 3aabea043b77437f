import { defineArea } from '../area.ts';

/**
 * Comercial (spec §2): /comercial, /metricas and /analise-reunioes for the sales team; its tools
 * open to every member, each behind a permission area of its own (parties, crm, prospeccao,
 * campanhas, atendimento; decision 0125).
 */
export default defineArea({
  key: 'sales',
  order: 100,
  kind: 'department',
  title: 'Comercial',
  description: 'Leads, campanhas, atendimento e análise de reuniões.',
  path: '/comercial',
  icon: 'Briefcase',
  actions: ['read', 'write', 'delete', 'export', 'ai'],
  grants: { withoutMembership: ['read'], roles: { vendas: 'all' }, custom: { vendas: 'all' } },
  guards: [{ key: 'comercial', flag: 'canAccessComercial', action: 'read' }],
  onboardingAreas: ['sales', 'customer_service', 'analytics'],
  memberTools: [
    { path: '/cnpj-search', title: 'Busca por CNPJ', description: 'Consulte os dados públicos de uma empresa pelo CNPJ.', icon: 'ScanSearch', group: 'prospeccao' },
    { path: '/extrair-leads-cnpj', title: 'Extrair leads por CNPJ', description: 'Gere uma lista de leads a partir de CNPJs.', icon: 'FileSearch', group: 'prospeccao' },
    { path: '/deep-search', title: 'Pesquisa aprofundada', description: 'Reúna informações detalhadas sobre um cliente em potencial.', icon: 'Telescope', group: 'prospeccao' },
    { path: '/extrair-leads', title: 'Extrair leads', description: 'Encontre novos contatos por segmento e região.', icon: 'UserPlus', group: 'prospeccao' },
    { path: '/kanban-leads', title: 'Kanban de leads', description: 'Acompanhe cada lead pelas etapas do funil.', icon: 'SquareKanban', group: 'vendas' },
    { path: '/lista-contatos', title: 'Listas de contatos', description: 'Organize pessoas e empresas em listas.', icon: 'Contact', group: 'vendas' },
    { path: '/campanhas-massa', title: 'Campanhas em massa', description: 'Envie mensagens e e-mails para listas de contatos.', icon: 'Send', group: 'relacionamento' },
    { path: '/atendimento', title: 'Atendimento', description: 'Converse com clientes e acompanhe cada atendimento.', icon: 'Headset', group: 'relacionamento' },
    { path: '/atendimento-simples', title: 'Atendimento simples', description: 'Responda conversas rapidamente em uma única tela.', icon: 'MessageCircle', group: 'relacionamento' },
  ],
});
