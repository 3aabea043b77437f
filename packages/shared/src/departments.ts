import type { GuardKey } from './permissions.ts';

/** The department areas (spec §1, §2): key, the guard key that opens it, its route and words. */
export const DEPARTMENTS = [
  { key: 'comercial', guard: 'comercial', path: '/comercial', title: 'Comercial', description: 'Leads, campanhas, atendimento e análise de reuniões.' },
  { key: 'marketing', guard: 'marketing', path: '/marketing', title: 'Marketing', description: 'Calendário, criativos, materiais e projetos de clientes.' },
  { key: 'financeiro', guard: 'financeiro', path: '/financeiro', title: 'Financeiro', description: 'Contas a pagar e a receber e fluxo de caixa.' },
  { key: 'rh', guard: 'rh', path: '/rh', title: 'Recursos Humanos', description: 'Análise de entrevistas e de currículos.' },
  { key: 'juridico', guard: 'juridico', path: '/juridico', title: 'Jurídico', description: 'Contratos e análise de contratos.' },
  { key: 'projetos', guard: 'gestao_projetos', path: '/gestao-projetos', title: 'Projetos', description: 'Kanban, painéis e documentação de projetos.' },
  { key: 'documentacao', guard: 'documentacao', path: '/documentacoes-geral', title: 'Documentação', description: 'Documentos da empresa e espaço de trabalho em canvas.' },
  { key: 'admin', guard: 'admin', path: '/admin', title: 'Administração', description: 'Membros, convites, funções e registro de atividades.' },
] as const satisfies ReadonlyArray<{ key: string; guard: GuardKey; path: string; title: string; description: string }>;

export type DepartmentKey = (typeof DEPARTMENTS)[number]['key'];
