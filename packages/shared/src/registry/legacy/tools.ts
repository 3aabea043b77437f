import type { OnboardingArea } from '../../onboarding.ts';

/**
 * The tools the spec (§2) opens to every signed-in member, whatever the role: the comercial
 * area's `memberTools` with their words, icons and groups (decision 0140). The sidebar's
 * 'Ferramentas' section, /empresa's tool cards and the routes' titles read this list.
 */
export const TOOL_GROUPS = [
  { key: 'prospeccao', title: 'Prospecção', onboardingAreas: ['sales'] },
  { key: 'vendas', title: 'Vendas', onboardingAreas: ['sales'] },
  { key: 'relacionamento', title: 'Relacionamento', onboardingAreas: ['customer_service', 'marketing'] },
] as const satisfies ReadonlyArray<{ key: string; title: string; onboardingAreas: readonly OnboardingArea[] }>;

export type ToolGroupKey = (typeof TOOL_GROUPS)[number]['key'];

export type ToolDef = {
  path: string;
  /** The route's title (the shell's heading and the browser tab). */
  title: string;
  /** One line: what the tool is for. */
  description: string;
  /** A lucide icon name; the web maps names to components (components/nav-icons.ts). */
  icon: string;
  group: ToolGroupKey;
};

export const MEMBER_TOOLS = [
  { path: '/cnpj-search', title: 'Busca por CNPJ', description: 'Consulte os dados públicos de uma empresa pelo CNPJ.', icon: 'ScanSearch', group: 'prospeccao' },
  { path: '/extrair-leads-cnpj', title: 'Extrair leads por CNPJ', description: 'Gere uma lista de leads a partir de CNPJs.', icon: 'FileSearch', group: 'prospeccao' },
  { path: '/deep-search', title: 'Pesquisa aprofundada', description: 'Reúna informações detalhadas sobre um cliente em potencial.', icon: 'Telescope', group: 'prospeccao' },
  { path: '/extrair-leads', title: 'Extrair leads', description: 'Encontre novos contatos por segmento e região.', icon: 'UserPlus', group: 'prospeccao' },
  { path: '/kanban-leads', title: 'Kanban de leads', description: 'Acompanhe cada lead pelas etapas do funil.', icon: 'SquareKanban', group: 'vendas' },
  { path: '/lista-contatos', title: 'Listas de contatos', description: 'Organize pessoas e empresas em listas.', icon: 'Contact', group: 'vendas' },
  { path: '/campanhas-massa', title: 'Campanhas em massa', description: 'Envie mensagens e e-mails para listas de contatos.', icon: 'Send', group: 'relacionamento' },
  { path: '/atendimento', title: 'Atendimento', description: 'Converse com clientes e acompanhe cada atendimento.', icon: 'Headset', group: 'relacionamento' },
  { path: '/atendimento-simples', title: 'Atendimento simples', description: 'Responda conversas rapidamente em uma única tela.', icon: 'MessageCircle', group: 'relacionamento' },
] as const satisfies readonly ToolDef[];

export type MemberTool = (typeof MEMBER_TOOLS)[number];
export type ToolIcon = MemberTool['icon'];

/** The tools of a group, in the list's order. */
export const toolsOf = (group: ToolGroupKey) => MEMBER_TOOLS.filter((t) => t.group === group);

export const toolOf = (path: string) => MEMBER_TOOLS.find((t) => t.path === path);
