import { z } from 'zod';
import { PLAN_TYPES, type PlanType } from './constants.ts';
import { annualSavings, planTypeSchema } from './billing.ts';

export { planTypeSchema };

/** Onboarding profile options (spec §3): self-description, never a permission (§6). */
export const ONBOARDING_PROFILES = [
  { value: 'entrepreneur', label: 'Empreendedor', description: 'Gerencio meu próprio negócio' },
  { value: 'manager', label: 'Gestor', description: 'Lidero equipes e projetos' },
  { value: 'director', label: 'Diretor', description: 'Tomo decisões estratégicas' },
  { value: 'other', label: 'Outro', description: 'Tenho outra função na empresa' },
] as const;
export type OnboardingProfile = (typeof ONBOARDING_PROFILES)[number]['value'];
const PROFILE_VALUES = ONBOARDING_PROFILES.map((p) => p.value) as [OnboardingProfile, ...OnboardingProfile[]];

/** The nine areas to automate (spec §3). */
export const ONBOARDING_AREAS = [
  { value: 'financial', label: 'Financeiro', description: 'Contas, fluxo de caixa e cobranças' },
  { value: 'sales', label: 'Vendas', description: 'Leads, propostas e funil comercial' },
  { value: 'marketing', label: 'Marketing', description: 'Campanhas, conteúdo e criativos' },
  { value: 'customer_service', label: 'Atendimento', description: 'Suporte e conversas com clientes' },
  { value: 'hr', label: 'Recursos Humanos', description: 'Recrutamento, entrevistas e equipe' },
  { value: 'legal', label: 'Jurídico', description: 'Contratos e análise de documentos' },
  { value: 'projects', label: 'Projetos', description: 'Kanban, prazos e documentação' },
  { value: 'analytics', label: 'Análises', description: 'Indicadores, relatórios e métricas' },
  { value: 'ecommerce', label: 'E-commerce', description: 'Loja virtual, pedidos e catálogo' },
] as const;
export type OnboardingArea = (typeof ONBOARDING_AREAS)[number]['value'];
export const AREA_VALUES = ONBOARDING_AREAS.map((a) => a.value) as [OnboardingArea, ...OnboardingArea[]];

/** Messages of spec §5 and §8 for onboarding, with their exact words. */
export const ONBOARDING_MESSAGES = {
  profileRequired: 'Selecione seu perfil',
  areasRequired: 'Selecione pelo menos uma área',
  companyNotFound: 'Empresa não encontrada',
  planRequired: 'Selecione um plano',
  saveFailed: 'Erro ao salvar preferências',
  finishFailed: 'Erro ao finalizar',
  adminOnly: 'Apenas administradores da empresa podem concluir a configuração inicial.',
} as const;

export const onboardingProfileSchema = z.enum(PROFILE_VALUES, { error: ONBOARDING_MESSAGES.profileRequired });
export const onboardingAreasSchema = z
  .array(z.enum(AREA_VALUES, { error: 'Área desconhecida' }), { error: ONBOARDING_MESSAGES.areasRequired })
  .min(1, ONBOARDING_MESSAGES.areasRequired)
  .max(AREA_VALUES.length)
  // Order-independent and without repeats, so the stored list is stable.
  .transform((areas) => AREA_VALUES.filter((a) => areas.includes(a)));

/** POST /api/onboarding/recommend-plan (the company comes from the session). */
export const recommendPlanSchema = z.object({ profile: onboardingProfileSchema, areas: onboardingAreasSchema });
export type RecommendPlanInput = z.input<typeof recommendPlanSchema>;
export const planRecommendationSchema = z.object({ recommendedPlan: planTypeSchema, reason: z.string() });
export type PlanRecommendation = z.infer<typeof planRecommendationSchema>;

/** POST /api/onboarding/complete, and the onboarding form itself. */
export const completeOnboardingSchema = z.object({
  profile: onboardingProfileSchema,
  areas: onboardingAreasSchema,
  plan: z.enum(PLAN_TYPES as [PlanType, ...PlanType[]], {
    error: (issue) => (issue.input === undefined || issue.input === '' ? ONBOARDING_MESSAGES.planRequired : 'Plano desconhecido'),
  }),
});
export type CompleteOnboardingInput = z.input<typeof completeOnboardingSchema>;
/** The answer of POST /api/onboarding/complete: the plan the company is on now. */
export const onboardingCompletedSchema = z.object({ completed: z.literal(true), plan: z.string().nullable() });
export type OnboardingCompleted = z.infer<typeof onboardingCompletedSchema>;

/** Thresholds of the recommendation rule (docs/decisions/0061-recommend-plan-rule.md). */
export const RECOMMENDATION_RULE = { teamSize: 5, areas: 4 } as const;

/**
 * The recommend-plan rule: deterministic, from the profile, the areas and the company's
 * member count. The first matching line wins:
 * 1. a team of 5+ members → annual (the cost is shared by many; the saving is certain);
 * 2. 4+ areas to automate → annual (broad, everyday use of the monthly coins);
 * 3. a director → annual (plans the year ahead; budget approved once);
 * 4. otherwise → monthly (start small, no long commitment).
 */
export function recommendPlan(input: { profile: OnboardingProfile; areas: readonly string[]; memberCount: number }): PlanRecommendation {
  const { savingsReais, percent } = annualSavings();
  const saving = `economiza R$ ${savingsReais.toLocaleString('pt-BR')} por ano (${percent}%)`;
  if (input.memberCount >= RECOMMENDATION_RULE.teamSize) {
    return { recommendedPlan: 'annual', reason: `Com ${input.memberCount} pessoas na equipe, o plano anual ${saving}.` };
  }
  if (input.areas.length >= RECOMMENDATION_RULE.areas) {
    return { recommendedPlan: 'annual', reason: `Para automatizar ${input.areas.length} áreas todo mês, o plano anual ${saving}.` };
  }
  if (input.profile === 'director') {
    return { recommendedPlan: 'annual', reason: `Para quem planeja o ano da empresa, o plano anual ${saving}.` };
  }
  return { recommendedPlan: 'monthly', reason: 'Para começar com poucas áreas, o plano mensal dá flexibilidade sem compromisso longo.' };
}

export const profileLabel = (value: string | null | undefined) => ONBOARDING_PROFILES.find((p) => p.value === value)?.label ?? null;
export const areaLabel = (value: string) => ONBOARDING_AREAS.find((a) => a.value === value)?.label ?? value;
