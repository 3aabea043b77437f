import { z } from 'zod';
import { paymentsModeSchema } from '../billing.ts';
import { AREA_VALUES } from '../onboarding.ts';
import type { PermissionSet } from '../permission-set.ts';

/**
 * The answers of the platform's own routes (/api/health, /config, /ping, /me, decision 0430).
 * The web reads the types through `viewer.ts` as types only: its entry chunk carries no schema.
 */
export const healthSchema = z.object({ status: z.enum(['ok', 'starting']) });
export const pingSchema = z.object({ ok: z.literal(true) });

/** GET /api/config: public switches before sign-in; each module may add its own (`publicConfig`). */
export const publicConfigSchema = z.looseObject({ googleEnabled: z.boolean(), devMailbox: z.boolean(), paymentsMode: paymentsModeSchema.optional() });

export const viewerProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  cpf: z.string().nullable(),
  company_id: z.string().nullable(),
  onboarding_completed: z.boolean().nullable(),
  /** Copied from the joined company (spec §3). */
  currency_amount: z.number().nullable(),
});

export const viewerCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  cnpj: z.string(),
  fantasia: z.string().nullable(),
  situacao: z.string().nullable(),
  atividade_principal: z.string().nullable(),
  onboarding_completed: z.boolean(),
  /** The onboarding answers 'Quais áreas deseja automatizar?' (spec §3); /empresa shows these areas first. Empty before onboarding. */
  onboarding_areas: z.array(z.enum(AREA_VALUES)),
  plan_type: z.string().nullable(),
  currency_amount: z.number(),
  subscription_status: z.string(),
  trial_ends_at: z.string().nullable(),
});

/** One flag per guard (generated registry) and the role: every flag a boolean. */
const permissionSetSchema = z.object({ role: z.string().nullable() }).catchall(z.boolean()) as unknown as z.ZodType<PermissionSet>;

/** The signed-in bootstrap (`GET /api/me`), as the server builds it and the web reads it. */
export const viewerSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean(), firstName: z.string(), lastName: z.string(), image: z.string().nullable() }),
  profile: viewerProfileSchema.nullable(),
  company: viewerCompanySchema.nullable(),
  membership: z.object({ role: z.string(), customPermissions: z.array(z.string()) }).nullable(),
  permissions: permissionSetSchema,
});
