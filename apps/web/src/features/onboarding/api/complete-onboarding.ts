import { useMutation } from '@tanstack/react-query';
import { completeOnboardingSchema, type CompleteOnboardingInput, type OnboardingCompleted } from '@sede/shared/onboarding';
import { api } from '../../../lib/api-client.ts';

/** POST /api/onboarding/complete: profile, areas and plan on the company; onboarding done. */
export const completeOnboarding = (input: CompleteOnboardingInput) =>
  api<OnboardingCompleted>('/onboarding/complete', { method: 'POST', json: completeOnboardingSchema.parse(input) });

export const useCompleteOnboarding = () => useMutation({ mutationFn: completeOnboarding, retry: false });
