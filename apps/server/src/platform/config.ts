import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined)
  .pipe(z.url().optional());

/** on/off switches; blank means unset (the default is then derived). */
const onOff = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
  z.enum(['on', 'off'], { error: 'use on ou off' }).optional(),
);

/** The CNPJ providers the lookup knows (modules/cnpj/providers/registry.ts). */
const CNPJ_PROVIDER_NAMES = ['brasilapi', 'minhareceita', 'receitaws', 'cnpjws', 'cnpja'];

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalUrl,
  /** The Receita Federal open data (`rf_*` tables) on a PostgreSQL of its own (decision 0242); unset: the main database. */
  PROSPECT_DATABASE_URL: optionalUrl,
  /** Where the monthly refresh downloads the open CNPJ data from: a folder per month `YYYY-MM/`, or one month's base (decision 0241). */
  RECEITA_DATA_URL: optionalUrl,
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  EMBEDDED_PG_DURABLE: onOff,
  APP_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  DEV_MAILBOX: onOff,
  MAIL_FROM: z.string().default('Sede <nao-responda@sede.local>'),
  // Campaign bounces (decision 0254): the inbound SMTP's port (off when unset) and the VERP domain.
  BOUNCE_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  BOUNCE_DOMAIN: z.string().trim().optional().transform((v) => v || undefined),
  // WhatsApp Business Cloud API (decision 0290): the Graph API's base, pointed at a fake in tests.
  WHATSAPP_GRAPH_URL: z.string().trim().optional().transform((v) => (v || 'https://graph.facebook.com/v21.0').replace(/\/+$/, '')).pipe(z.url()),
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
  BILLING_SANDBOX: onOff,
  S3_ENDPOINT: optionalUrl.refine((v) => !v || /^https?:\/\//.test(v), { message: 'use um endereço http:// ou https://' }),
  S3_BUCKET: z.string().trim().optional().transform((v) => v || undefined),
  S3_REGION: z.string().trim().optional().transform((v) => v || undefined),
  S3_ACCESS_KEY_ID: z.string().trim().optional().transform((v) => v || undefined),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional().transform((v) => v || undefined),
  S3_FORCE_PATH_STYLE: onOff,
  /** The platform's AI (any OpenAI-compatible endpoint; decision 0121). Unset key and URL: no platform AI. */
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().trim().optional().transform((v) => v || undefined),
  AI_MODEL: z.string().trim().default('gpt-4o-mini'),
  /** A diarizing model (name containing 'diarize') tells speakers apart; any other gets them from an AI step (decision 0381). */
  AI_TRANSCRIPTION_MODEL: z.string().trim().default('gpt-4o-transcribe-diarize'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Where /suporte's tickets are e-mailed (decision 0280); unset: they are only on the operators' screen. */
  SUPPORT_EMAIL: z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.email({ error: 'use um endereço de e-mail' }).optional()),
  /** E-mails of the platform's operators, comma-separated: they answer tickets at /suporte/operador. */
  SUPPORT_OPERATORS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
  /** The Sefin Nacional API of the NFS-e Nacional per environment (decision 0543); tests point both at a fake. */
  NFSE_SEFIN_RESTRICTED_URL: z.url().default('https://sefin.producaorestrita.nfse.gov.br/SefinNacional'),
  NFSE_SEFIN_PRODUCTION_URL: z.url().default('https://sefin.nfse.gov.br/SefinNacional'),
  /** A PEM file of an extra authority the Sefin's server certificate may chain to (the fake's, in tests). */
  NFSE_SEFIN_CA_FILE: z.string().trim().optional().transform((v) => v || undefined),
  NFSE_SEFIN_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Asaas's API v3 per environment (decision 0570); tests point both at a fake. */
  ASAAS_SANDBOX_URL: z.url().default('https://api-sandbox.asaas.com/v3'),
  ASAAS_PRODUCTION_URL: z.url().default('https://api.asaas.com/v3'),
  ASAAS_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** The banks' API Pix (decision 0561): an extra authority their TLS may chain to (the fake PSP's, in tests) and each call's limit. */
  PIX_API_CA_FILE: z.string().trim().optional().transform((v) => v || undefined),
  PIX_API_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** Nuvemshop's app of this installation (decision 0681): its id and secret (OAuth and webhook signatures) and the two hosts, pointed at a fake in tests. */
  NUVEMSHOP_APP_ID: z.string().trim().optional().transform((v) => v || undefined),
  NUVEMSHOP_CLIENT_SECRET: z.string().trim().optional().transform((v) => v || undefined),
  NUVEMSHOP_AUTH_URL: z.string().trim().optional().transform((v) => (v || 'https://www.nuvemshop.com.br').replace(/\/+$/, '')).pipe(z.url()),
  NUVEMSHOP_API_URL: z.string().trim().optional().transform((v) => (v || 'https://api.nuvemshop.com.br/v1').replace(/\/+$/, '')).pipe(z.url()),
  NUVEMSHOP_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Mercado Livre's app of this installation (decision 0683): its id and secret, its authorisation page and its API, pointed at a fake in tests. */
  MERCADOLIVRE_APP_ID: z.string().trim().optional().transform((v) => v || undefined),
  MERCADOLIVRE_CLIENT_SECRET: z.string().trim().optional().transform((v) => v || undefined),
  MERCADOLIVRE_AUTH_URL: z.string().trim().optional().transform((v) => (v || 'https://auth.mercadolivre.com.br').replace(/\/+$/, '')).pipe(z.url()),
  MERCADOLIVRE_API_URL: z.string().trim().optional().transform((v) => (v || 'https://api.mercadolibre.com').replace(/\/+$/, '')).pipe(z.url()),
  MERCADOLIVRE_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  WEB_DIST: z.string().optional(),
  /**
   * The signed-in pages rendered by the server with their data (decision 0766): 'on' (the default
   * since decision 0773, which keeps what is done before hydration that 0769 did not; a browser
   * carrying the cookie `sede_ssr=0` gets the plain single-page app), 'opt-in' (only for a browser
   * carrying `sede_ssr=1`) or 'off' (the plain single-page app).
   */
  SSR_SIGNED_IN: z.enum(['off', 'opt-in', 'on']).default('on'),
  /** How long a signed-in page's server render may take before the browser gets the plain app instead (decision 0766). */
  SSR_RENDER_BUDGET_MS: z.coerce.number().int().positive().default(1000),
  PG_LOG: z.string().optional(),
  /** The memory of the lists' answers (platform/list-cache.ts, decision 0771), in MB; 0 turns it off. */
  LIST_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
});

export type Config = z.infer<typeof schema> & {
  appUrl: string;
  dataDir: string;
  /** Mail without SMTP is kept and readable at /dev/mailbox (DEV_MAILBOX, else a loopback APP_URL). */
  devMailbox: boolean;
  /** Without STRIPE_SECRET_KEY, payments run in the offline sandbox (BILLING_SANDBOX, else a loopback APP_URL). */
  billingSandbox: boolean;
  /** The embedded PostgreSQL keeps fsync and synchronous_commit (EMBEDDED_PG_DURABLE, else on outside NODE_ENV=test). */
  embeddedPgDurable: boolean;
};

/** Whether an origin is this machine only: localhost, 127.x.x.x or [::1] (docs/decisions/0072). */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Reads and validates the environment; a bad value stops the server naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  const s3Problem = s3ConfigProblem(cfg);
  if (s3Problem) throw new ConfigError(`Invalid configuration:\n  ${s3Problem}`);
  const appUrl = (cfg.APP_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/$/, '');
  const loopback = isLoopbackUrl(appUrl);
  return {
    ...cfg,
    appUrl,
    dataDir: path.resolve(cfg.DATA_DIR),
    devMailbox: cfg.DEV_MAILBOX ? cfg.DEV_MAILBOX === 'on' : loopback,
    billingSandbox: cfg.BILLING_SANDBOX ? cfg.BILLING_SANDBOX === 'on' : loopback,
    embeddedPgDurable: cfg.EMBEDDED_PG_DURABLE ? cfg.EMBEDDED_PG_DURABLE === 'on' : cfg.NODE_ENV !== 'test',
  };
}

/** Files go to S3-compatible storage when S3_BUCKET is set (decision 0111); the other S3_* need it, and keys come in pairs. */
function s3ConfigProblem(cfg: z.infer<typeof schema>): string | null {
  const any = cfg.S3_ENDPOINT || cfg.S3_REGION || cfg.S3_ACCESS_KEY_ID || cfg.S3_SECRET_ACCESS_KEY || cfg.S3_FORCE_PATH_STYLE;
  if (any && !cfg.S3_BUCKET) return 'S3_BUCKET: obrigatório quando outras variáveis S3_* são informadas';
  if (Boolean(cfg.S3_ACCESS_KEY_ID) !== Boolean(cfg.S3_SECRET_ACCESS_KEY)) return 'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY: informe os dois ou nenhum';
  return null;
}

/** What the server says at start when a safe default turned something off (in pt-BR, for the operator). */
export function startupNotices(cfg: Config): string[] {
  const notices: string[] = [];
  if (!cfg.SMTP_URL && !cfg.devMailbox) {
    notices.push(
      `Atenção: os e-mails NÃO estão sendo entregues (confirmação de cadastro, redefinição de senha, convites). SMTP_URL não está configurado e a caixa de e-mails de desenvolvimento está desativada (${cfg.DEV_MAILBOX === 'off' ? 'DEV_MAILBOX=off' : `APP_URL ${cfg.appUrl} não é local`}). Configure SMTP_URL (ou DEV_MAILBOX=on, apenas em um servidor de testes).`,
    );
  } else if (!cfg.SMTP_URL && cfg.DEV_MAILBOX === 'on' && !isLoopbackUrl(cfg.appUrl)) {
    notices.push(
      `Atenção: DEV_MAILBOX=on com APP_URL público (${cfg.appUrl}): qualquer pessoa pode ler em /dev/mailbox os links de confirmação e de redefinição de senha. Use apenas em um servidor de testes.`,
    );
  }
  if (!cfg.STRIPE_SECRET_KEY && !cfg.billingSandbox) {
    notices.push(
      `Atenção: pagamentos desativados. STRIPE_SECRET_KEY não está configurado e o modo de teste está desligado (${cfg.BILLING_SANDBOX === 'off' ? 'BILLING_SANDBOX=off' : `APP_URL ${cfg.appUrl} não é local`}); as telas de compra informam que os pagamentos não estão configurados.`,
    );
  } else if (!cfg.STRIPE_SECRET_KEY && cfg.BILLING_SANDBOX === 'on' && !isLoopbackUrl(cfg.appUrl)) {
    notices.push(`Atenção: BILLING_SANDBOX=on com APP_URL público (${cfg.appUrl}): qualquer administrador pode confirmar compras de teste e gerar moedas sem pagar.`);
  }
  if (!cfg.DATABASE_URL && !cfg.embeddedPgDurable) {
    notices.push('Atenção: EMBEDDED_PG_DURABLE=off: o PostgreSQL embutido roda sem fsync; uma queda pode perder as últimas gravações.');
  }
  return notices;
}

export class ConfigError extends Error {}
