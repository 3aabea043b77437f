import { sql } from 'drizzle-orm';
import { ONBOARDING_MESSAGES, recommendPlan, type OnboardingCompleted, type PlanRecommendation } from '@sede/shared/onboarding';
import type { z } from 'zod';
import type { completeOnboardingSchema, recommendPlanSchema } from '@sede/shared/onboarding';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { Services } from '../../services.ts';
import { memberCount } from '../billing/public.ts';

/** The recommend-plan rule (docs/decisions/0061) fed with the company's member count. */
export async function recommendForCompany(s: Services, companyId: string, input: z.output<typeof recommendPlanSchema>): Promise<PlanRecommendation> {
  return recommendPlan({ profile: input.profile, areas: input.areas, memberCount: await memberCount(s, companyId) });
}

/**
 * Finishing onboarding (admins only, docs/decisions/0060): profile, areas and plan on the
 * company and onboarding_completed on company and profile, in one transaction. The plan is
 * only a choice while no subscription is running; a paid plan changes through billing.
 */
export async function completeOnboarding(s: Services, viewer: Viewer, input: z.output<typeof completeOnboardingSchema>): Promise<OnboardingCompleted> {
  const company = viewer.company;
  if (!company || !viewer.membership) throw notFound(ONBOARDING_MESSAGES.companyNotFound);
  if (!viewer.permissions.canAccessAdmin) throw forbidden(ONBOARDING_MESSAGES.adminOnly);
  const result = await s.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ plan_type: string | null }>(sql`
      UPDATE companies
         SET onboarding_profile = ${input.profile},
             onboarding_areas = ${JSON.stringify(input.areas)}::jsonb,
             plan_type = CASE WHEN subscription_status = 'trialing' OR plan_type IS NULL THEN ${input.plan} ELSE plan_type END,
             onboarding_completed = true,
             updated_at = now()
       WHERE id = ${company.id}
      RETURNING plan_type
    `);
    if (!rows[0]) throw notFound(ONBOARDING_MESSAGES.companyNotFound);
    await tx.execute(sql`UPDATE profiles SET onboarding_completed = true, updated_at = now() WHERE id = ${viewer.user.id}`);
    return { completed: true as const, plan: rows[0].plan_type };
  });
  // The change feed evicts it too, a moment later; the reload that follows must not race it.
  s.viewers.evictViewer(viewer.user.id);
  return result;
}
