import type { OnboardingArea } from '../../onboarding.ts';
import type { GuardKey } from './guards.ts';

export type AreaDef = {
  key: string;
  title: string;
  description: string;
  /** The area's home route. */
  path: string;
  /** A lucide icon name; the web maps names to components (app/area-icons.ts). */
  icon: string;
  /** The spec's guard key (§3) that opens the area; the sidebar and /empresa show it locked otherwise. */
  guard: GuardKey;
  /** The onboarding answers ('Quais áreas deseja automatizar?') this area serves. */
  onboardingAreas: readonly OnboardingArea[];
  /** Paths of the area's pages open to every signed-in member, whatever the role (spec §2). */
  memberTools: readonly string[];
};

/**
 * The department areas (spec §1, §2), each once. The sidebar, /empresa, the department APIs,
 * the web's route manifests and the bundle check read this list.
 */
export const AREAS = [
  {
    key: 'comercial',
    title: 'Comercial',
    description: 'Leads, campanhas, atendimento e análise de reuniões.',
    path: '/comercial',
    icon: 'Briefcase',
    guard: 'comercial',
    onboardingAreas: ['sales', 'customer_service', 'analytics'],
    memberTools: [
      '/cnpj-search',
      '/extrair-leads-cnpj',
      '/deep-search',
      '/extrair-leads',
      '/lista-contatos',
      '/campanhas-massa',
      '/kanban-leads',
      '/atendimento',
      '/atendimento-simples',
    ],
  },
  {
    key: 'marketing',
    title: 'Marketing',
    description: 'Calendário, criativos, materiais e projetos de clientes.',
    path: '/marketing',
    icon: 'Megaphone',
    guard: 'marketing',
    onboardingAreas: ['marketing', 'ecommerce'],
    memberTools: [],
  },
  {
    key: 'financeiro',
    title: 'Financeiro',
    description: 'Contas a pagar e a receber e fluxo de caixa.',
    path: '/financeiro',
    icon: 'Landmark',
    guard: 'financeiro',
    onboardingAreas: ['financial'],
    memberTools: [],
  },
  {
    key: 'rh',
    title: 'Recursos Humanos',
    description: 'Análise de entrevistas e de currículos.',
    path: '/rh',
    icon: 'Users',
    guard: 'rh',
    onboardingAreas: ['hr'],
    memberTools: [],
  },
  {
    key: 'juridico',
    title: 'Jurídico',
    description: 'Contratos e análise de contratos.',
    path: '/juridico',
    icon: 'Scale',
    guard: 'juridico',
    onboardingAreas: ['legal'],
    memberTools: [],
  },
  {
    key: 'projetos',
    title: 'Projetos',
    description: 'Kanban, painéis e documentação de projetos.',
    path: '/gestao-projetos',
    icon: 'FolderKanban',
    guard: 'gestao_projetos',
    onboardingAreas: ['projects'],
    memberTools: [],
  },
  {
    key: 'documentacao',
    title: 'Documentação',
    description: 'Documentos da empresa e espaço de trabalho em canvas.',
    path: '/documentacoes-geral',
    icon: 'FileText',
    guard: 'documentacao',
    onboardingAreas: [],
    memberTools: [],
  },
  {
    key: 'admin',
    title: 'Administração',
    description: 'Membros, convites, funções e registro de atividades.',
    path: '/admin',
    icon: 'Shield',
    guard: 'admin',
    onboardingAreas: [],
    memberTools: [],
  },
] as const satisfies readonly AreaDef[];

export type AreaKey = (typeof AREAS)[number]['key'];
export type AreaIcon = (typeof AREAS)[number]['icon'];

export const areaOf = (key: AreaKey) => AREAS.find((a) => a.key === key)!;

/** The areas that serve an onboarding answer ('sales' → Comercial). */
export const areasForOnboarding = (value: OnboardingArea) => AREAS.filter((a) => (a.onboardingAreas as readonly OnboardingArea[]).includes(value));
