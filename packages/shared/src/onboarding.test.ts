import { describe, expect, it } from 'vitest';
import { completeOnboardingSchema, ONBOARDING_AREAS, ONBOARDING_PROFILES, recommendPlan, recommendPlanSchema } from './onboarding.ts';

describe('onboarding options (spec §3)', () => {
  it('has the four profiles and nine areas', () => {
    expect(ONBOARDING_PROFILES.map((p) => p.value)).toEqual(['entrepreneur', 'manager', 'director', 'other']);
    expect(ONBOARDING_PROFILES.map((p) => p.label)).toEqual(['Empreendedor', 'Gestor', 'Diretor', 'Outro']);
    expect(ONBOARDING_AREAS.map((a) => a.value)).toEqual([
      'financial', 'sales', 'marketing', 'customer_service', 'hr', 'legal', 'projects', 'analytics', 'ecommerce',
    ]);
  });
});

describe('onboarding validation (spec §5)', () => {
  it('requires a profile', () => {
    const r = completeOnboardingSchema.safeParse({ areas: ['sales'], plan: 'monthly' });
    expect(r.error!.issues[0]!.message).toBe('Selecione seu perfil');
  });
  it('requires at least one area', () => {
    const r = completeOnboardingSchema.safeParse({ profile: 'manager', areas: [], plan: 'monthly' });
    expect(r.error!.issues[0]!.message).toBe('Selecione pelo menos uma área');
    const missing = recommendPlanSchema.safeParse({ profile: 'manager' });
    expect(missing.error!.issues[0]!.message).toBe('Selecione pelo menos uma área');
  });
  it('refuses an unknown plan or area and de-duplicates areas in a stable order', () => {
    expect(completeOnboardingSchema.safeParse({ profile: 'other', areas: ['sales'], plan: 'weekly' }).success).toBe(false);
    expect(completeOnboardingSchema.safeParse({ profile: 'other', areas: ['space'], plan: 'monthly' }).success).toBe(false);
    expect(completeOnboardingSchema.parse({ profile: 'other', areas: ['hr', 'sales', 'hr'], plan: 'annual' }).areas).toEqual(['sales', 'hr']);
  });
});

describe('recommendPlan rule (docs/decisions/0061)', () => {
  it.each([
    [{ profile: 'entrepreneur', areas: ['sales'], memberCount: 5 }, 'annual', 'Com 5 pessoas na equipe'],
    [{ profile: 'entrepreneur', areas: ['sales', 'hr', 'legal', 'marketing'], memberCount: 1 }, 'annual', 'Para automatizar 4 áreas'],
    [{ profile: 'director', areas: ['sales'], memberCount: 1 }, 'annual', 'planeja o ano'],
    [{ profile: 'manager', areas: ['sales', 'hr', 'legal'], memberCount: 4 }, 'monthly', 'flexibilidade'],
    [{ profile: 'other', areas: ['sales'], memberCount: 1 }, 'monthly', 'flexibilidade'],
  ] as const)('%j → %s', (input, plan, reasonPart) => {
    const r = recommendPlan(input);
    expect(r.recommendedPlan).toBe(plan);
    expect(r.reason).toContain(reasonPart);
  });
  it('names the saving in the annual reason', () => {
    expect(recommendPlan({ profile: 'director', areas: ['sales'], memberCount: 1 }).reason).toContain('R$ 800 por ano (27%)');
  });
});
