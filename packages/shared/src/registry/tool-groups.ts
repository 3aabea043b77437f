import type { OnboardingArea } from '../onboarding.ts';

/** The groups of the member tools (decision 0140): the sidebar's 'Ferramentas' and /empresa show them in this order. */
export const TOOL_GROUPS = [
  { key: 'prospeccao', title: 'Prospecção', onboardingAreas: ['sales'] },
  { key: 'vendas', title: 'Vendas', onboardingAreas: ['sales'] },
  { key: 'relacionamento', title: 'Relacionamento', onboardingAreas: ['customer_service', 'marketing'] },
] as const satisfies ReadonlyArray<{ key: string; title: string; onboardingAreas: readonly OnboardingArea[] }>;

export type ToolGroupKey = (typeof TOOL_GROUPS)[number]['key'];
