import { z } from 'zod';
import { AREA_DECLARATIONS } from '../registry/areas/index.ts';
import { ALL_PERMISSIONS, type Permission } from '../registry/permissions.ts';
import { safeText } from '../text.ts';

/** The company's API keys (decision 0640): what Admin → Integrações sends and shows. */
export const API_KEY_MESSAGES = {
  nameRequired: 'Dê um nome à chave (por exemplo, o sistema que vai usá-la).',
  nameTooLong: 'O nome da chave pode ter até 80 caracteres.',
  permissionsRequired: 'Escolha pelo menos uma permissão para a chave.',
  permissionUnknown: 'Permissão desconhecida.',
  permissionNotYours: 'Você não pode dar a uma chave uma permissão que você não tem.',
  expiryInvalid: 'Data de validade inválida.',
  expiryPast: 'A validade precisa ser uma data futura.',
  originInvalid: 'Endereço de site inválido: use https://seusite.com.br (sem caminho).',
  originsRequired: 'Informe pelo menos um site de onde o formulário vai enviar os contatos.',
  tooManyOrigins: 'Informe no máximo 10 sites.',
  keyNotFound: 'Chave de API não encontrada.',
  alreadyRevoked: 'Esta chave já foi revogada.',
  tooManyKeys: 'A empresa já tem 50 chaves ativas. Revogue as que não usa mais.',
} as const;

export const API_KEY_KINDS = ['secret', 'form'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

const PERMISSION_SET = new Set<string>(ALL_PERMISSIONS);
export const isPermission = (value: string): value is Permission => PERMISSION_SET.has(value);

const permissionSchema = z.string({ error: API_KEY_MESSAGES.permissionUnknown }).refine(isPermission, { message: API_KEY_MESSAGES.permissionUnknown });

/** A site's origin, as a browser sends it in `Origin`: scheme, host and port, nothing else. */
export const originSchema = safeText({ error: API_KEY_MESSAGES.originInvalid })
  .max(200, API_KEY_MESSAGES.originInvalid)
  .transform((value, ctx) => {
    try {
      const url = new URL(value.trim());
      if ((url.protocol === 'https:' || url.protocol === 'http:') && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username) return url.origin;
    } catch {
      // falls through
    }
    ctx.addIssue({ code: 'custom', message: API_KEY_MESSAGES.originInvalid });
    return z.NEVER;
  });

/** POST /api/api-keys */
export const apiKeyCreateSchema = z
  .strictObject({
    name: safeText({ error: API_KEY_MESSAGES.nameRequired })
      .transform((v) => v.trim())
      .pipe(z.string().min(1, API_KEY_MESSAGES.nameRequired).max(80, API_KEY_MESSAGES.nameTooLong)),
    kind: z.enum(API_KEY_KINDS).default('secret'),
    permissions: z.array(permissionSchema).max(ALL_PERMISSIONS.length).default([]),
    allowedOrigins: z.array(originSchema).max(10, API_KEY_MESSAGES.tooManyOrigins).default([]),
    /** The last day it works (YYYY-MM-DD, through the end of that day in Brasília); none: until revoked. */
    expiresOn: z
      .string({ error: API_KEY_MESSAGES.expiryInvalid })
      .regex(/^\d{4}-\d{2}-\d{2}$/, API_KEY_MESSAGES.expiryInvalid)
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), API_KEY_MESSAGES.expiryInvalid)
      .nullable()
      .default(null),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'secret' && v.permissions.length === 0) ctx.addIssue({ code: 'custom', path: ['permissions'], message: API_KEY_MESSAGES.permissionsRequired });
    if (v.kind === 'form' && v.allowedOrigins.length === 0) ctx.addIssue({ code: 'custom', path: ['allowedOrigins'], message: API_KEY_MESSAGES.originsRequired });
  });
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

/** A key as the admin sees it: never its secret (shown once, at creation). */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(API_KEY_KINDS),
  /** The visible start of the key (`sede_live_ab12cd34`), to recognise it. */
  prefix: z.string(),
  permissions: z.array(z.string()),
  allowedOrigins: z.array(z.string()),
  rateLimitPerMinute: z.number(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
/** The answer of a creation: the key itself, once. */
export const apiKeyCreatedSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** The permissions a key may be given, grouped by area for the form (the areas' titles). */
export const apiKeyOptionsSchema = z.object({
  areas: z.array(z.object({ key: z.string(), title: z.string(), permissions: z.array(z.object({ permission: z.string(), label: z.string() })) })),
});
export type ApiKeyOptions = z.infer<typeof apiKeyOptionsSchema>;

/** Words for each action, as the key form and the list show them. */
export const ACTION_LABELS: Record<string, string> = {
  read: 'Ler',
  write: 'Criar e alterar',
  delete: 'Excluir',
  export: 'Exportar',
  ai: 'Usar IA e consultas pagas (gasta moedas)',
  approve: 'Aprovar e baixar pagamentos',
  send: 'Enviar para fora',
  erase: 'Apagar dados pessoais (LGPD)',
  settings: 'Alterar configurações',
};

/** A key's permissions in words, by area in the registry's order: 'CRM: ler, criar e alterar · Financeiro: ler'. */
export function permissionsInWords(permissions: readonly string[]): string {
  const held = new Set(permissions);
  return AREA_DECLARATIONS.map((area) => {
    const actions = area.actions.filter((a) => held.has(`${area.key}.${a}`)).map((a) => (ACTION_LABELS[a] ?? a).toLowerCase());
    return actions.length ? `${area.title}: ${actions.join(', ')}` : null;
  })
    .filter(Boolean)
    .join(' · ');
}
