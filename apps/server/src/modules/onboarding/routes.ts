import { Hono } from 'hono';
import { completeOnboardingSchema, ONBOARDING_MESSAGES, recommendPlanSchema } from '@sede/shared/onboarding';
import type { AppEnv, Services } from '../../services.ts';
import { notFound, parseWith, readJson } from '../../http/errors.ts';
import { requireViewer } from '../../http/middleware.ts';
import { completeOnboarding, recommendForCompany } from './service.ts';

export function onboardingRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', requireViewer(s));

  /** { profile, areas } → { recommendedPlan, reason }; the company is the caller's own. */
  app.post('/recommend-plan', async (c) => {
    const input = parseWith(recommendPlanSchema, await readJson(c));
    const companyId = c.get('viewer').company?.id;
    if (!companyId) throw notFound(ONBOARDING_MESSAGES.companyNotFound);
    return c.json(await recommendForCompany(s, companyId, input));
  });

  app.post('/complete', async (c) => {
    const input = parseWith(completeOnboardingSchema, await readJson(c));
    return c.json(await completeOnboarding(s, c.get('viewer'), input));
  });

  return app;
}
