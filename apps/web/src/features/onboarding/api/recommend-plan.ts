import { useMutation } from '@tanstack/react-query';
import { recommendPlanSchema, type PlanRecommendation, type RecommendPlanInput } from '@sede/shared/onboarding';
import { api } from '../../../lib/api-client.ts';

/** POST /api/onboarding/recommend-plan: { profile, areas } → { recommendedPlan, reason }. */
export const recommendPlan = (input: RecommendPlanInput) =>
  api<PlanRecommendation>('/onboarding/recommend-plan', { method: 'POST', json: recommendPlanSchema.parse(input) });

export const useRecommendPlan = () => useMutation({ mutationFn: recommendPlan, retry: false });
