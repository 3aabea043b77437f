import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '@sede/db/client';
import { schema } from '@sede/db/client';
import { PASSWORD_MIN_LENGTH } from '@sede/shared/constants';
import { normalizeEmail } from '@sede/shared/email';
import type { Config } from './config.ts';
import type { Mailer } from './mail.ts';
import { resetPasswordEmail, verificationEmail } from './mail-templates.ts';
import { createRateLimitStore } from '../http/rate-limit.ts';
import { trustedOrigins } from '../http/security.ts';
import { recordSignIn } from '../modules/members/activity.ts';
import { processInviteAfterConfirmation } from '../modules/invitations/service.ts';

export type Auth = ReturnType<typeof createAuth>;

/** A stable secret for dev/test runs: generated once per DATA_DIR unless BETTER_AUTH_SECRET is set. */
export function createAuth(cfg: Config, db: Database, mailer: Mailer, secret: string) {
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
        await mailer.send({ to: user.email, ...verificationEmail({ url, firstName: (user as { firstName?: string }).firstName }) });
      },
      // process_invite_after_confirmation: an account created from an invitation joins its company now.
      afterEmailVerification: async (user) => {
        await processInviteAfterConfirmation(db.$client, user.id);
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
      before: createAuthMiddleware(async (ctx) => {
        // The spec shows 'Email já cadastrado' for a taken address; better-auth would answer
        // a generic success when verification is required, so we refuse it here explicitly.
        if (ctx.path !== '/sign-up/email') return;
        const email = normalizeEmail(String((ctx.body as { email?: unknown })?.email ?? ''));
        if (!email) return;
        const [existing] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email)).limit(1);
        if (existing) throw new APIError('UNPROCESSABLE_ENTITY', { code: 'USER_ALREADY_EXISTS', message: 'User already registered' });
      }),
    },
    databaseHooks: {
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
