import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined)
  .pipe(z.url().optional());

/** The CNPJ providers the lookup knows (modules/cnpj/providers/registry.ts). */
const CNPJ_PROVIDER_NAMES = ['brasilapi', 'minhareceita', 'receitaws', 'cnpjws', 'cnpja'];

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalUrl,
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  APP_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Sede <nao-responda@sede.local>'),
  GOOGLE_CLIENT_ID: z.string().trim().optional().transform((v) => v || undefined),
  GOOGLE_CLIENT_SECRET: z.string().trim().optional().transform((v) => v || undefined),
  BETTER_AUTH_SECRET: z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
  AUTH_RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  CNPJ_PROVIDERS: z
    .string()
    .default('brasilapi,cnpjws,receitaws,cnpja')
    .refine(
      (v) => {
        const names = v.split(',').map((p) => p.trim().toLowerCase()).filter(Boolean);
        return names.length > 0 && names.every((n) => CNPJ_PROVIDER_NAMES.includes(n));
      },
      { message: 'use uma lista separada por vírgulas de: brasilapi, minhareceita, receitaws, cnpjws, cnpja' },
    ),
  CNPJ_CACHE_DAYS: z.coerce.number().positive().default(30),
  CNPJ_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
  BRASILAPI_URL: z.url().default('https://brasilapi.com.br/api'),
  MINHARECEITA_URL: z.url().default('https://minhareceita.org'),
  RECEITAWS_URL: z.url().default('https://receitaws.com.br/v1'),
  CNPJWS_URL: z.url().default('https://publica.cnpj.ws'),
  CNPJA_URL: z.url().default('https://open.cnpja.com'),
  STRIPE_SECRET_KEY: z.string().trim().optional().transform((v) => v || undefined),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional().transform((v) => v || undefined),
  STRIPE_API_URL: optionalUrl,
  WEB_DIST: z.string().optional(),
  PG_LOG: z.string().optional(),
});

export type Config = z.infer<typeof schema> & { appUrl: string; dataDir: string };

/** Reads and validates the environment; a bad value stops the server naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  const appUrl = (cfg.APP_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/$/, '');
  return { ...cfg, appUrl, dataDir: path.resolve(cfg.DATA_DIR) };
}

export class ConfigError extends Error {}
