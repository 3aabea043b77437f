import { Hono } from 'hono';
import { completeOnboardingSchema, ONBOARDING_MESSAGES, onboardingCompletedSchema, planRecommendationSchema, recommendPlanSchema } from '@sede/shared/onboarding';
import type { AppEnv, Services } from '../../services.ts';
import { notFound } from '../../http/errors.ts';
import { contract } from '../../http/contract.ts';
import { requireViewer } from '../../http/middleware.ts';
import { completeOnboarding, recommendForCompany } from './service.ts';

export function onboardingRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', requireViewer(s));

  /** { profile, areas } → { recommendedPlan, reason }; the company is the caller's own. */
  app.post('/recommend-plan', contract({ summary: 'Recomendar plano', body: recommendPlanSchema, response: planRecommendationSchema }), async (c) => {
    const companyId = c.get('viewer').company?.id;
    if (!companyId) throw notFound(ONBOARDING_MESSAGES.companyNotFound);
    return c.json(await recommendForCompany(s, companyId, c.req.valid('json')));
  });

  app.post('/complete', contract({ summary: 'Concluir configuração inicial', body: completeOnboardingSchema, response: onboardingCompletedSchema }), async (c) =>
    c.json(await completeOnboarding(s, c.get('viewer'), c.req.valid('json'))),
  );

  return app;
}
