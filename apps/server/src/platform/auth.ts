import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '@sede/db/client';
import { schema } from '@sede/db/client';
import { PASSWORD_MIN_LENGTH } from '@sede/shared/constants';
import { normalizeEmail } from '@sede/shared/email';
import { personNameTooLong } from '@sede/shared/auth-rules';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, hasLoneSurrogate, LONE_SURROGATE_MESSAGE } from '@sede/shared/text';
import type { Config } from './config.ts';
import type { Mailer } from './mail.ts';
import { resetPasswordEmail, verificationEmail } from './mail-templates.ts';
import { setSessionCookie } from 'better-auth/cookies';
import { createRateLimitStore } from '../http/rate-limit.ts';
import { trustedOrigins } from '../http/security.ts';
import { recordSignIn } from './activity.ts';
import { testPasswordHashing } from './test-password-hashing.ts';

export type Auth = ReturnType<typeof createAuth>;

/**
 * What modules add to the auth flow without the platform importing them: filled by the
 * modules' `start` (before the server takes requests), called by better-auth at run time.
 */
export type AuthHooks = {
  /** After a person's e-mail is confirmed (by the link, or proven at sign-up). */
  afterEmailVerification: Array<(user: { id: string; email: string }) => Promise<unknown>>;
  /** At sign-up: whether something the request carries proves the address (e.g. an invitation token). */
  signUpProvesEmail: Array<(user: { email: string; invitedToken?: unknown }) => Promise<boolean>>;
};
export const createAuthHooks = (): AuthHooks => ({ afterEmailVerification: [], signUpProvesEmail: [] });

// Passwords are hashed, never stored as text: whatever characters they hold are theirs.
const PASSWORD_FIELDS = new Set(['password', 'newPassword', 'currentPassword']);
/** The refusal for text better-auth would store: control characters, a lone surrogate (decision 0362). */
function unstorableTextIn(values: unknown): APIError | null {
  if (!values || typeof values !== 'object') return null;
  const texts = Object.entries(values).filter(([key, value]) => typeof value === 'string' && !PASSWORD_FIELDS.has(key)).map(([, value]) => value as string);
  if (texts.some((v) => hasControlCharacters(v))) return new APIError('BAD_REQUEST', { code: 'CONTROL_CHARACTERS', message: CONTROL_CHARACTERS_MESSAGE });
  if (texts.some(hasLoneSurrogate)) return new APIError('BAD_REQUEST', { code: 'LONE_SURROGATE', message: LONE_SURROGATE_MESSAGE });
  return null;
}

/** A stable secret for dev/test runs: generated once per DATA_DIR unless BETTER_AUTH_SECRET is set. */
export function createAuth(cfg: Config, db: Database, mailer: Mailer, secret: string, hooks: AuthHooks = createAuthHooks()) {
  const google = cfg.GOOGLE_CLIENT_ID && cfg.GOOGLE_CLIENT_SECRET
    ? {
        google: {
          clientId: cfg.GOOGLE_CLIENT_ID,
          clientSecret: cfg.GOOGLE_CLIENT_SECRET,
          accessType: 'offline' as const,
          prompt: 'consent' as const,
        },
      }
    : {};

  return betterAuth({
    baseURL: cfg.appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(cfg), // the same list http/security.ts checks on every /api request
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, defaultValue: '' },
        lastName: { type: 'string', required: false, defaultValue: '' },
        invitedToken: { type: 'string', required: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Tests only: a cheaper scrypt for the thousands of accounts a run makes (decision 0439).
      ...(cfg.NODE_ENV === 'test' ? { password: testPasswordHashing } : {}),
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({ to: user.email, ...resetPasswordEmail({ url, firstName: (user as { firstName?: string }).firstName }) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        // An invitee who signed up through the invitation link is confirmed already (decision 0082).
        if (user.emailVerified) return;
        await mailer.send({ to: user.email, ...verificationEmail({ url, firstName: (user as { firstName?: string }).firstName }) });
      },
      // process_invite_after_confirmation: an account created from an invitation joins its company now.
      afterEmailVerification: async (user) => {
        for (const hook of hooks.afterEmailVerification) await hook(user);
      },
    },
    socialProviders: google,
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: cfg.AUTH_RATE_LIMIT === 'on',
      // In PostgreSQL: the same counters on every instance and across restarts (decision 0078).
      customStorage: createRateLimitStore(db.$client),
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: 20 },
        '/sign-up/email': { window: 60, max: 20 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
        '/get-session': false,
      },
    },
    advanced: { ipAddress: { ipAddressHeaders: ['x-sede-client-ip'] } },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        // An invitee's account created already confirmed: sign them in and join the company now,
        // as confirming the e-mail would have done (decision 0082). Others wait for the e-mail.
        if (ctx.path !== '/sign-up/email') return;
        const returned = ctx.context.returned as { token?: string | null; user?: { id?: string; emailVerified?: boolean } } | undefined;
        const userId = returned?.user?.id;
        if (!userId || !returned.user?.emailVerified || returned.token) return;
        const user = await ctx.context.internalAdapter.findUserById(userId);
        if (!user?.emailVerified) return;
        const session = await ctx.context.internalAdapter.createSession(user.id);
        if (!session) return;
        await setSessionCookie(ctx, { session, user });
        for (const hook of hooks.afterEmailVerification) await hook(user);
        return ctx.json({ ...returned, token: session.token });
      }),
      before: createAuthMiddleware(async (ctx) => {
        // No control characters in names, e-mails or URLs (PostgreSQL refuses NUL): 400, not 500.
        const refused = unstorableTextIn(ctx.body) ?? unstorableTextIn(ctx.query);
        if (refused) throw refused;
        if (ctx.path !== '/sign-up/email') return;
        // Names over the limit are refused, never cut (decision 0363).
        const tooLong = personNameTooLong((ctx.body ?? {}) as { firstName?: unknown; lastName?: unknown });
        if (tooLong) throw new APIError('BAD_REQUEST', { code: tooLong.field === 'firstName' ? 'FIRST_NAME_TOO_LONG' : 'LAST_NAME_TOO_LONG', message: tooLong.message });
        // The spec shows 'Email já cadastrado' for a taken address; better-auth would answer
        // a generic success when verification is required, so we refuse it here explicitly.
        const email = normalizeEmail(String((ctx.body as { email?: unknown })?.email ?? ''));
        if (!email) return;
        const [existing] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email)).limit(1);
        if (existing) throw new APIError('UNPROCESSABLE_ENTITY', { code: 'USER_ALREADY_EXISTS', message: 'User already registered' });
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Sign-up from an invitation link: the token proves the address (decision 0082).
          before: async (user, ctx) => {
            if (ctx?.path !== '/sign-up/email') return;
            const invitedToken = (user as { invitedToken?: unknown }).invitedToken;
            for (const proves of hooks.signUpProvesEmail) {
              if (await proves({ email: user.email, invitedToken })) return { data: { ...user, emailVerified: true } };
            }
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            // update_last_login + the 'login' line of the company's activity log.
            await recordSignIn(db, session);
          },
        },
      },
    },
  });
}
