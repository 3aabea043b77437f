import type { RoutingInput } from '@sede/shared/routing';

/** What /me says of the person signed in, as the routing rules read it. */
type SignedInFacts = {
  profile: { company_id: string | null; first_name: string | null; last_name: string | null; onboarding_completed: boolean | null } | null;
  company: { onboarding_completed: boolean | null } | null;
  membership: { role: string } | null;
};

/** The routing rules' input for a signed-in person at `path`: the same in the browser (RouteRules) and in the server's render. */
export const signedInRoutingInput = (facts: SignedInFacts, path: string, hasAccessTokenInHash: boolean): RoutingInput => ({
  path,
  isAuthenticated: true,
  hasAccessTokenInHash,
  profile: facts.profile && {
    companyId: facts.profile.company_id,
    firstName: facts.profile.first_name,
    lastName: facts.profile.last_name,
    onboardingCompleted: facts.profile.onboarding_completed,
  },
  companyOnboardingCompleted: facts.company?.onboarding_completed ?? null,
  role: facts.membership?.role ?? null,
});
