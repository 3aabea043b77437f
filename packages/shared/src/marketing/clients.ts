import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { isUuid, uuidSchema } from '../platform/api.ts';
import { safeText } from '../text.ts';
import { webAddressSchema } from '../web-address.ts';
import { MARKETING_CHANNELS, MARKETING_MESSAGES as M, PIECE_STATUSES } from './constants.ts';

/** Marking an organization of the platform as a client the team serves (the company itself always is one). */
export const clientCreateSchema = z.object({ organizationId: z.uuid({ error: 'Escolha uma organização cadastrada.' }) });

/**
 * How /marketing/empresa/:id is read (decision 0320): the client's own id (`marketing_clients.id`),
 * or `propria` for the company itself (made on first use).
 */
export const OWN_CLIENT_SLUG = 'propria';

export const CLIENT_LIMITS = { colors: 12, fonts: 6, name: 60, text: 2_000, handle: 100, url: 2_000, members: 200, contactRole: 80 } as const;

export const CLIENT_MESSAGES = {
  notFound: M.clientNotFound,
  exists: 'Esta organização já é uma empresa cliente do marketing.',
  organizationNotFound: 'Organização não encontrada.',
  color: 'Use cores no formato hexadecimal, como #1A2B3C.',
  colors: `Use até ${CLIENT_LIMITS.colors} cores.`,
  fonts: `Use até ${CLIENT_LIMITS.fonts} fontes.`,
  fontName: 'Informe o nome da fonte.',
  nameTooLong: `Use até ${CLIENT_LIMITS.name} caracteres.`,
  textTooLong: `Use até ${CLIENT_LIMITS.text} caracteres.`,
  handle: `Informe o perfil com até ${CLIENT_LIMITS.handle} caracteres.`,
  url: 'Informe um endereço (URL) válido, como instagram.com/perfil ou https://site.com.br.',
  channelTwice: 'Cada canal aparece uma vez.',
  logo: 'Escolha uma imagem enviada para esta empresa cliente como logo.',
  ownCannotArchive: 'A própria empresa não pode ser arquivada nem excluída.',
  visibility: 'Escolha quem vê esta empresa cliente.',
  members: 'Escolha membros da empresa com acesso ao marketing.',
  membersEmpty: 'Escolha ao menos um membro que verá esta empresa cliente.',
  personNotFound: 'Pessoa não encontrada.',
  contactExists: 'Esta pessoa já é contato desta empresa cliente.',
  contactNotFound: 'Contato não encontrado.',
  contactRole: `A função pode ter até ${CLIENT_LIMITS.contactRole} caracteres.`,
  inUse: (pieces: number, campaigns: number, other: number) =>
    `Esta empresa cliente tem ${[pieces ? `${pieces} peça(s)` : '', campaigns ? `${campaigns} campanha(s)` : '', other ? `${other} material(is) ou registro(s)` : ''].filter(Boolean).join(', ')}. Exclua-os antes ou arquive a empresa cliente.`,
} as const;

const text = (max: number, message: string) =>
  safeText({ multiline: true })
    .transform((v) => v.trim())
    .pipe(z.string().max(max, message));
const line = (max: number, message: string) =>
  safeText()
    .transform((v) => v.trim())
    .pipe(z.string().max(max, message));

export const brandColorSchema = z.object({
  hex: z
    .string({ error: CLIENT_MESSAGES.color })
    .trim()
    .regex(/^#[0-9a-f]{6}$/i, CLIENT_MESSAGES.color)
    .transform((v) => v.toUpperCase()),
  name: line(CLIENT_LIMITS.name, CLIENT_MESSAGES.nameTooLong).default(''),
});
export const brandFontSchema = z.object({
  name: line(CLIENT_LIMITS.name, CLIENT_MESSAGES.nameTooLong).pipe(z.string().min(1, CLIENT_MESSAGES.fontName)),
  /** Where it is used ('Títulos', 'Texto'). */
  usage: line(CLIENT_LIMITS.name, CLIENT_MESSAGES.nameTooLong).default(''),
});

/** The brand kit: logo (a platform file of the client), colours, fonts, tone of voice, audience. */
export const brandKitSchema = z.object({
  logoFileId: z.uuid({ error: CLIENT_MESSAGES.logo }).nullable().default(null),
  colors: z.array(brandColorSchema, { error: CLIENT_MESSAGES.colors }).max(CLIENT_LIMITS.colors, CLIENT_MESSAGES.colors).default([]),
  fonts: z.array(brandFontSchema, { error: CLIENT_MESSAGES.fonts }).max(CLIENT_LIMITS.fonts, CLIENT_MESSAGES.fonts).default([]),
  tone: text(CLIENT_LIMITS.text, CLIENT_MESSAGES.textTooLong).default(''),
  audience: text(CLIENT_LIMITS.text, CLIENT_MESSAGES.textTooLong).default(''),
});
export type BrandKit = z.output<typeof brandKitSchema>;
export type BrandKitInput = z.input<typeof brandKitSchema>;
export const EMPTY_BRAND_KIT: BrandKit = { logoFileId: null, colors: [], fonts: [], tone: '', audience: '' };

export const clientChannelSchema = z.object({
  channel: z.enum(MARKETING_CHANNELS, { error: M.channel }),
  handle: line(CLIENT_LIMITS.handle, CLIENT_MESSAGES.handle).default(''),
  /** Typed with or without 'https://' (decision 0393). */
  url: webAddressSchema(CLIENT_LIMITS.url, CLIENT_MESSAGES.url),
});
export type ClientChannel = z.output<typeof clientChannelSchema>;
export const clientChannelsSchema = z
  .array(clientChannelSchema)
  .max(MARKETING_CHANNELS.length, CLIENT_MESSAGES.channelTwice)
  .refine((list) => new Set(list.map((c) => c.channel)).size === list.length, CLIENT_MESSAGES.channelTwice);

/** PATCH /clients/:id: the brand kit (whole) and the channels (whole list), each optional. */
export const clientUpdateSchema = patchBody(z.object({ brandKit: brandKitSchema.optional(), channels: clientChannelsSchema.optional() }));
export type ClientUpdateInput = z.input<typeof clientUpdateSchema>;

export const CLIENT_VISIBILITIES = ['all', 'members'] as const;
export type ClientVisibility = (typeof CLIENT_VISIBILITIES)[number];
export const CLIENT_VISIBILITY_LABELS: Record<ClientVisibility, string> = {
  all: 'Todos os membros com acesso ao marketing',
  members: 'Só os membros escolhidos (e os administradores)',
};

/** PATCH /clients/:id/options: archive, who sees it, approval by a client contact. */
export const clientOptionsFields = z.object({
  archived: z.boolean().optional(),
  visibility: z.enum(CLIENT_VISIBILITIES, { error: CLIENT_MESSAGES.visibility }).optional(),
  memberIds: z.array(z.string().min(1).max(100), { error: CLIENT_MESSAGES.members }).max(CLIENT_LIMITS.members, CLIENT_MESSAGES.members).optional(),
  clientApproval: z.boolean().optional(),
});
export const clientOptionsSchema = patchBody(clientOptionsFields);
export type ClientOptionsInput = z.input<typeof clientOptionsSchema>;

export const contactCreateSchema = z.object({
  personId: z.uuid({ error: CLIENT_MESSAGES.personNotFound }),
  role: line(CLIENT_LIMITS.contactRole, CLIENT_MESSAGES.contactRole).default(''),
  canApprove: z.boolean().default(false),
});
export type ContactCreateInput = z.input<typeof contactCreateSchema>;
export const contactUpdateSchema = patchBody(z.object({ role: line(CLIENT_LIMITS.contactRole, CLIENT_MESSAGES.contactRole).optional(), canApprove: z.boolean().optional() }));
export type ContactUpdateInput = z.input<typeof contactUpdateSchema>;

const nextPieceSchema = z.object({ id: z.string(), title: z.string(), channel: z.enum(MARKETING_CHANNELS), status: z.enum(PIECE_STATUSES), scheduledAt: z.string() });
export type NextPiece = z.infer<typeof nextPieceSchema>;

export const clientSummarySchema = z.object({
  id: z.string(),
  /** The company's own id when it is the company itself. */
  organizationId: z.string().nullable(),
  isOwn: z.boolean(),
  name: z.string(),
  archived: z.boolean(),
  logoFileId: z.string().nullable(),
  visibility: z.enum(CLIENT_VISIBILITIES),
  clientApproval: z.boolean(),
  /** The next scheduled piece from now on, if any. */
  nextPiece: nextPieceSchema.nullable(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;
export const clientListSchema = z.object({ clients: z.array(clientSummarySchema) });

export const clientContactSchema = z.object({
  id: z.string(),
  personId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string(),
  canApprove: z.boolean(),
});
export type ClientContact = z.infer<typeof clientContactSchema>;

export const clientViewSchema = clientSummarySchema.extend({
  organization: z
    .object({ id: z.string(), razaoSocial: z.string(), nomeFantasia: z.string().nullable(), cnpj: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), website: z.string().nullable() })
    .nullable(),
  brandKit: z.object({
    logoFileId: z.string().nullable(),
    colors: z.array(z.object({ hex: z.string(), name: z.string() })),
    fonts: z.array(z.object({ name: z.string(), usage: z.string() })),
    tone: z.string(),
    audience: z.string(),
  }),
  channels: z.array(z.object({ channel: z.enum(MARKETING_CHANNELS), handle: z.string(), url: z.string().nullable() })),
  contacts: z.array(clientContactSchema),
  /** People of the client's organization not yet contacts (suggestions). */
  organizationPeople: z.array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable() })),
  createdAt: z.string(),
});
export type ClientView = z.infer<typeof clientViewSchema>;

const clientMemberOptionSchema = z.object({ userId: z.string(), name: z.string(), email: z.string(), isAdmin: z.boolean() });
export type ClientMemberOption = z.infer<typeof clientMemberOptionSchema>;
export const clientOptionsViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  isOwn: z.boolean(),
  archived: z.boolean(),
  visibility: z.enum(CLIENT_VISIBILITIES),
  memberIds: z.array(z.string()),
  clientApproval: z.boolean(),
  /** The company's members who hold `marketing.read`. */
  candidates: z.array(clientMemberOptionSchema),
  /** What points at the client: deletion is refused while any does (decision 0323). */
  usage: z.object({ pieces: z.number(), campaigns: z.number(), other: z.number() }),
});
export type ClientOptionsView = z.infer<typeof clientOptionsViewSchema>;

/** `:id` of /clients/:id: a client's id or `propria` (the company itself); anything else names no client. */
export const clientParamsSchema = z.object({ id: z.string().refine((v) => v === OWN_CLIENT_SLUG || isUuid(v), M.clientNotFound) });
export const contactParamsSchema = clientParamsSchema.extend({ contactId: uuidSchema(CLIENT_MESSAGES.contactNotFound) });
