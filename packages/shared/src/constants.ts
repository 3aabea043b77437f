/** Business constants and limits (spec §9). */
export const PASSWORD_MIN_LENGTH = 6;
/** A person's first name and surname, each (sign-up and profile); longer is refused, never cut (decision 0363). */
export const PERSON_NAME_MAX_LENGTH = 100;
export const AUTH_INIT_TIMEOUT_MS = 15_000;
export const SIGN_OUT_REDIRECT_MS = 100;
export const INVITE_TTL_DAYS = 7;

export const DELAYS = {
  afterProfileRefresh: 500,
  alreadyAcceptedRedirect: 1000,
  afterCompanyCreated: 1000,
  emailConfirmationTokens: 1000,
  afterSignUpWithSession: 1500,
  existingAccountRedirect: 2000,
} as const;

export const TOASTS = {
  defaultDuration: 4000,
  visible: 3,
  loginDuration: 2500,
  googleErrorDuration: 6000,
} as const;

const MIN = 60_000;
export const CACHE = {
  default: { staleTime: 2 * MIN, gcTime: 15 * MIN },
  dynamic: { staleTime: 30_000, gcTime: 2 * MIN },
  static: { staleTime: 10 * MIN, gcTime: 15 * MIN },
  retries: 3,
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
  mutationRetries: 1,
} as const;

/** Exponential backoff from 1 s capped at 30 s. */
export const retryDelay = (attempt: number) => Math.min(CACHE.retryBaseMs * 2 ** attempt, CACHE.retryMaxMs);

export const PLANS = {
  monthly: { type: 'monthly', label: 'Mensal', priceCents: 25_000, interval: 'month' },
  annual: { type: 'annual', label: 'Anual', priceCents: 220_000, interval: 'year' },
} as const;
export type PlanType = keyof typeof PLANS;
export const PLAN_TYPES = Object.keys(PLANS) as PlanType[];

export const PLAN_INCLUDES = {
  monthlyCoins: 30,
  collaborators: 10,
  extraCollaboratorCents: 2_500,
} as const;

export const TRIAL = { days: 15, welcomeCoins: 50 } as const;
