/**
 * "Routing rules after sign-in" (spec §2) as one pure function, so every rule can be tested
 * from a table. Returns where to go, or null to stay.
 */
export type RoutingInput = {
  path: string;
  isAuthenticated: boolean;
  hasAccessTokenInHash?: boolean;
  profile: {
    companyId: string | null;
    firstName: string | null;
    lastName: string | null;
    onboardingCompleted: boolean | null;
  } | null;
  companyOnboardingCompleted?: boolean | null;
  /** The person's role in their company; onboarding is the admins' step (decision 0060). */
  role?: string | null;
};

const PUBLIC_PATHS = ['/auth', '/accept-invite', '/email-confirmed', '/team-invite', '/dev/mailbox', '/orcamento'];
export const isPublicPath = (path: string) => PUBLIC_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

export function resolveRedirect(input: RoutingInput): string | null {
  const { path, isAuthenticated, profile } = input;
  if (!isAuthenticated) {
    // An OAuth return lands on /company-setup before the session is read: it shows
    // 'Processando autenticação...' instead of bouncing to /auth.
    if (path === '/company-setup' && input.hasAccessTokenInHash) return null;
    return isPublicPath(path) ? null : '/auth';
  }
  if (!profile) return null;

  const hasCompany = Boolean(profile.companyId);
  // A member who is not an admin cannot finish their company's onboarding, so it never holds them.
  const onboardingDone = Boolean(
    profile.onboardingCompleted || input.companyOnboardingCompleted || (hasCompany && input.role && input.role !== 'admin'),
  );
  const missingName = !profile.firstName?.trim() || !profile.lastName?.trim();

  if (input.hasAccessTokenInHash) {
    if (!hasCompany && !onboardingDone) return '/company-setup';
    if (hasCompany) return '/empresa';
    return '/company-welcome';
  }
  if (hasCompany && !onboardingDone && ['/', '/auth', '/company-setup'].includes(path)) return '/onboarding';
  if (path === '/auth') {
    if (!hasCompany && !onboardingDone) return '/company-setup';
    if (hasCompany && missingName) return '/complete-profile';
    if (hasCompany) return '/empresa';
    return '/company-welcome';
  }
  if (path === '/') {
    if (!hasCompany && !onboardingDone) return '/company-setup';
    if (hasCompany) return '/empresa';
    return '/company-welcome';
  }
  // Someone who already belongs to a company is never pushed into creating another one.
  if (hasCompany && (path === '/company-setup' || path === '/company-welcome')) return '/empresa';
  return null;
}
