import type { ComponentType } from 'react';
import type { GuardKey } from '@sede/shared/permissions';

type PageModule = Promise<{ default: ComponentType }>;

export type RouteDef = {
  path: string;
  title: string;
  /** public: no guard; signed-in: any signed-in person; a list: at least one permission key. */
  access: 'public' | 'signed-in' | GuardKey[];
  /** shell: sidebar and top bar; focus: a single card on a quiet background. */
  layout: 'shell' | 'focus';
  /** On a refused permission: the not-found page instead of the access-denied screen. */
  deniedAs?: 'not-found';
  page: () => PageModule;
};

const comercial = () => import('../features/departments/pages/comercial-page.tsx');
const marketing = () => import('../features/departments/pages/marketing-page.tsx');
const rh = () => import('../features/departments/pages/rh-page.tsx');
const juridico = () => import('../features/departments/pages/juridico-page.tsx');
const projetos = () => import('../features/departments/pages/projetos-page.tsx');
const documentacao = () => import('../features/departments/pages/documentacao-page.tsx');
const tool = () => import('../features/departments/pages/tool-page.tsx');
const company = () => import('../features/company/pages/company-page.tsx');
const plans = () => import('../features/billing/pages/plans-page.tsx');

/** Every route of spec §2, in one table. */
export const ROUTES: RouteDef[] = [
  // Public
  { path: '/auth', title: 'Entrar', access: 'public', layout: 'focus', page: () => import('../features/auth/pages/auth-page.tsx') },
  { path: '/accept-invite', title: 'Convite', access: 'public', layout: 'focus', page: () => import('../features/invitations/pages/accept-invite-page.tsx') },
  { path: '/email-confirmed', title: 'Confirmação de e-mail', access: 'public', layout: 'focus', page: () => import('../features/auth/pages/email-confirmed-page.tsx') },
  { path: '/team-invite', title: 'Convidar equipe', access: 'public', layout: 'focus', page: () => import('../features/invitations/pages/team-invite-page.tsx') },
  { path: '/dev/mailbox', title: 'Caixa de e-mails de desenvolvimento', access: 'public', layout: 'focus', page: () => import('../features/dev-mailbox/pages/mailbox-page.tsx') },

  // Signed in, no role permission
  { path: '/', title: 'Empresa', access: 'signed-in', layout: 'shell', page: company },
  { path: '/empresa', title: 'Empresa', access: 'signed-in', layout: 'shell', page: company },
  { path: '/complete-profile', title: 'Complete seu cadastro', access: 'signed-in', layout: 'focus', page: () => import('../features/profile/pages/complete-profile-page.tsx') },
  { path: '/perfil', title: 'Meu perfil', access: 'signed-in', layout: 'shell', page: () => import('../features/profile/pages/profile-page.tsx') },
  { path: '/company-welcome', title: 'Bem-vindo', access: 'signed-in', layout: 'focus', page: () => import('../features/company-setup/pages/company-welcome-page.tsx') },
  { path: '/company-setup', title: 'Vincular Empresa', access: 'signed-in', layout: 'focus', page: () => import('../features/company-setup/pages/company-setup-page.tsx') },
  { path: '/onboarding', title: 'Configuração inicial', access: 'signed-in', layout: 'focus', page: () => import('../features/onboarding/pages/onboarding-page.tsx') },
  { path: '/cnpj-search', title: 'Busca por CNPJ', access: 'signed-in', layout: 'shell', page: tool },
  { path: '/extrair-leads-cnpj', title: 'Extrair leads por CNPJ', access: 'signed-in', layout: 'shell', page: tool },
  { path: '/deep-search', title: 'Pesquisa aprofundada', access: 'signed-in', layout: 'shell', page: tool },
  { path: '/extrair-leads', title: 'Extrair leads', access: 'signed-in', layout: 'shell', page: tool },
  { path: '/lista-contatos', title: 'Listas de contatos', access: 'signed-in', layout: 'shell', page: tool },
  { path: '/campanhas-massa', title: 'Campanhas em massa', access: 'signed-in', layout: 'shell', page: tool },
  { path: '/kanban-leads', title: 'Kanban de leads', access: 'signed-in', layout: 'shell', page: tool },
  { path: '/atendimento', title: 'Atendimento', access: 'signed-in', layout: 'shell', page: tool },
  { path: '/atendimento-simples', title: 'Atendimento simples', access: 'signed-in', layout: 'shell', page: tool },
  { path: '/documentacoes-geral', title: 'Documentação', access: 'signed-in', layout: 'shell', page: documentacao },
  { path: '/documentacoes', title: 'Documentos', access: 'signed-in', layout: 'shell', page: documentacao },
  { path: '/document-editor/:documentId', title: 'Editor de documento', access: 'signed-in', layout: 'shell', page: documentacao },
  { path: '/document-creator/:documentId', title: 'Novo documento', access: 'signed-in', layout: 'shell', page: documentacao },
  { path: '/canvas-workspace', title: 'Canvas', access: 'signed-in', layout: 'shell', page: documentacao },
  { path: '/empresa-perfil', title: 'Perfil da empresa', access: ['empresa_perfil'], layout: 'shell', page: () => import('../features/company/pages/company-profile-page.tsx') },
  { path: '/user-access-debug', title: 'Diagnóstico de acesso', access: 'signed-in', layout: 'shell', page: () => import('../features/access/pages/user-access-debug-page.tsx') },
  { path: '/suporte', title: 'Suporte', access: 'signed-in', layout: 'shell', page: () => import('../features/support/pages/support-page.tsx') },
  { path: '/plans', title: 'Planos', access: 'signed-in', layout: 'shell', page: plans },
  { path: '/planos', title: 'Planos', access: 'signed-in', layout: 'shell', page: plans },
  { path: '/comprar-moedas', title: 'Comprar moedas', access: 'signed-in', layout: 'shell', page: () => import('../features/billing/pages/buy-coins-page.tsx') },
  { path: '/billing', title: 'Assinatura e pagamentos', access: 'signed-in', layout: 'shell', page: () => import('../features/billing/pages/billing-page.tsx') },

  // Permission routes
  { path: '/comercial', title: 'Comercial', access: ['comercial'], layout: 'shell', page: comercial },
  { path: '/analise-reunioes', title: 'Análise de reuniões', access: ['comercial'], layout: 'shell', page: comercial },
  { path: '/analise-reunioes/:id', title: 'Análise de reunião', access: ['comercial'], layout: 'shell', page: comercial },
  { path: '/metricas', title: 'Métricas', access: ['comercial'], layout: 'shell', page: comercial },
  { path: '/marketing', title: 'Marketing', access: ['marketing'], layout: 'shell', page: marketing },
  { path: '/marketing/calendario', title: 'Calendário de marketing', access: ['marketing'], layout: 'shell', page: marketing },
  { path: '/marketing/criativos', title: 'Criativos', access: ['marketing'], layout: 'shell', page: marketing },
  { path: '/marketing/materiais', title: 'Materiais', access: ['marketing'], layout: 'shell', page: marketing },
  { path: '/marketing/empresa/:id', title: 'Empresa cliente', access: ['marketing'], layout: 'shell', page: marketing },
  { path: '/marketing/empresa/:id/opcoes', title: 'Opções da empresa cliente', access: ['marketing'], layout: 'shell', page: marketing },
  { path: '/marketing/projetos-concluidos', title: 'Projetos concluídos', access: ['marketing'], layout: 'shell', page: marketing },
  { path: '/financeiro', title: 'Financeiro', access: ['financeiro'], layout: 'shell', page: () => import('../features/departments/pages/financeiro-page.tsx') },
  { path: '/rh', title: 'Recursos Humanos', access: ['rh'], layout: 'shell', page: rh },
  { path: '/rh/analise-entrevistas', title: 'Análise de entrevistas', access: ['rh'], layout: 'shell', page: rh },
  { path: '/rh/analise-entrevistas/:id', title: 'Análise de entrevista', access: ['rh'], layout: 'shell', page: rh },
  { path: '/rh/analise-curriculos', title: 'Análise de currículos', access: ['rh'], layout: 'shell', page: rh },
  { path: '/rh/analise-curriculos/:id', title: 'Análise de currículo', access: ['rh'], layout: 'shell', page: rh },
  { path: '/juridico', title: 'Jurídico', access: ['juridico'], layout: 'shell', page: juridico },
  { path: '/juridico/contrato/:contractId', title: 'Contrato', access: ['juridico'], layout: 'shell', page: juridico },
  { path: '/gestao-projetos', title: 'Projetos', access: ['gestao_projetos'], layout: 'shell', page: projetos },
  { path: '/projeto-kanban/:projectId', title: 'Kanban do projeto', access: ['gestao_projetos'], layout: 'shell', page: projetos },
  { path: '/kanban-dashboard/:projectId', title: 'Painel do projeto', access: ['gestao_projetos'], layout: 'shell', page: projetos },
  { path: '/documentacao-projeto/:projectId', title: 'Documentação do projeto', access: ['gestao_projetos'], layout: 'shell', page: projetos },
  { path: '/admin', title: 'Administração', access: ['admin'], layout: 'shell', deniedAs: 'not-found', page: () => import('../features/admin/pages/admin-page.tsx') },
];
