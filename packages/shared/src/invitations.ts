import { z } from 'zod';
import { INVITE_TTL_DAYS, PASSWORD_MIN_LENGTH } from './constants.ts';
import { emailSchema, normalizeEmail } from './email.ts';
import { INVITE_ROLE_VALUES } from './roles.ts';
import { safeText } from './text.ts';

/** Invitation messages of spec §5 and §8, plus the server's refusals (decision 0050). */
export const INVITE_MESSAGES = {
  // Invite-team form and sending (§5, §8)
  emailRequired: 'Email obrigatório',
  invalidEmail: 'Digite um endereço de email válido',
  duplicate: 'Email já adicionado',
  emptyList: 'Lista vazia',
  sent: (n: number) => `${n} convite(s) enviado(s)!`,
  partialTitle: (n: number) => `Erro em ${n} convite(s)`,
  partialDescription: 'Alguns convites falharam. Tente reenviá-los depois.',
  unexpected: 'Erro inesperado',
  unknownServerError: 'Erro desconhecido no envio do convite',
  sendError: 'Erro no envio do convite',
  notAuthenticated: 'Usuário não autenticado',
  expiryNote: `Convites expiram em ${INVITE_TTL_DAYS} dias se não aceitos`,
  // Loading an invitation (§8)
  notFoundOrUsed: 'Convite não encontrado ou já utilizado',
  expired: 'Convite expirado',
  unexpectedLoad: 'Erro inesperado ao carregar convite',
  invalidToken: 'Token de convite inválido',
  invalidDefault: 'Convite não encontrado ou expirado',
  // Invite view (§8)
  existingAccount: 'Este email já possui uma conta. Faça login ou recupere sua senha.',
  createAccountError: 'Erro ao criar conta: ',
  unexpectedProcess: 'Erro inesperado ao processar convite',
  declineError: 'Erro ao recusar convite',
  declined: 'Convite recusado',
  userAlreadyRegistered: 'Usuário já cadastrado',
  // Create password (§5)
  passwordRequired: 'Preencha todos os campos',
  passwordMismatch: 'As senhas não coincidem',
  passwordTooShortTitle: 'Senha muito curta',
  passwordTooShort: `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`,
  // Server refusals
  notFound: 'Convite não encontrado',
  adminOnly: 'Apenas administradores podem convidar pessoas.',
  invalidRole: 'Função inválida',
  alreadyMember: 'Esta pessoa já é membro da sua empresa.',
  emailMismatch: 'Este convite foi enviado para outro e-mail. Entre com o e-mail convidado para aceitá-lo.',
  otherCompany: 'Você já faz parte de outra empresa. Para aceitar este convite, peça ao administrador dela que remova você.',
  emailNotConfirmed: 'Confirme seu e-mail antes de aceitar o convite. Enviamos um link para a sua caixa de entrada.',
} as const;

/** The add-member form of /team-invite and the admin area. */
export const inviteEmailSchema = emailSchema(INVITE_MESSAGES.emailRequired, INVITE_MESSAGES.invalidEmail);

/** Body of send-invitation (POST /api/invitations). */
export const sendInvitationSchema = z.object({
  email: inviteEmailSchema,
  role: z.enum(INVITE_ROLE_VALUES, { error: INVITE_MESSAGES.invalidRole }),
});
export type SendInvitationInput = z.input<typeof sendInvitationSchema>;


// 32 random bytes in base64url are 43 characters; anything else cannot be one of ours.
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;
export const invitationTokenSchema = safeText({ error: INVITE_MESSAGES.invalidToken })
  .trim()
  .refine((v) => INVITATION_TOKEN_PATTERN.test(v), { message: INVITE_MESSAGES.invalidToken });

/** Body of accept_company_invitation, process_invite_after_confirmation and decline. */
export const invitationTokenBodySchema = z.object({ invitation_token: invitationTokenSchema });
export const invitationTokenQuerySchema = z.object({ token: invitationTokenSchema });


/** Create-password form of the invite view (spec §5). */
export const createPasswordSchema = z
  .object({ password: z.string().default(''), confirmPassword: z.string().default('') })
  .superRefine((v, ctx) => {
    if (!v.password || !v.confirmPassword) ctx.addIssue({ code: 'custom', message: INVITE_MESSAGES.passwordRequired, path: ['password'] });
    else if (v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', message: INVITE_MESSAGES.passwordMismatch, path: ['confirmPassword'] });
    else if (v.password.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: 'custom', message: INVITE_MESSAGES.passwordTooShort, path: ['password'] });
  });
export type CreatePasswordInput = z.input<typeof createPasswordSchema>;

/**
 * GET /api/invitations/by-token: only what the invite pages need. `account` tells the page
 * whether the invited address already has an account (none / waiting for confirmation / ready).
 */
export const invitationByTokenSchema = z.object({
  email: z.string(),
  role: z.string(),
  roleLabel: z.string(),
  companyName: z.string(),
  inviterName: z.string().nullable(),
  expiresAt: z.string(),
  status: z.enum(['pending', 'accepted']),
  account: z.enum(['none', 'unconfirmed', 'confirmed']),
  /** Signed-in callers only: they already belong to the inviting company. */
  viewerIsMember: z.boolean(),
});
export type InvitationByToken = z.infer<typeof invitationByTokenSchema>;
export const invitationByTokenReplySchema = z.object({ invitation: invitationByTokenSchema });

/** A pending (or expired, not yet accepted) invitation as the admin area lists it. */
export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
  invitedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export const pendingInvitationsSchema = z.object({ invitations: z.array(pendingInvitationSchema) });

/** GET /api/invitations/mine: a pending invitation addressed to the signed-in person. */
export const myInvitationSchema = z.object({
  companyName: z.string(),
  inviterName: z.string().nullable(),
  role: z.string(),
  roleLabel: z.string(),
  expiresAt: z.string(),
  /** The /accept-invite link of the invitation e-mail. */
  path: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;
export const myInvitationsSchema = z.object({ invitations: z.array(myInvitationSchema) });

/** Reply of send-invitation and resend (spec §7): success and error. */
export const sendInvitationReplySchema = z.object({ success: z.boolean(), error: z.string().nullable(), invitation: pendingInvitationSchema.optional() });
export type SendInvitationReply = z.infer<typeof sendInvitationReplySchema>;

/** Reply of accept_company_invitation (spec §7). */
export const acceptInvitationReplySchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  companyName: z.string().optional(),
  alreadyAccepted: z.boolean().optional(),
});
export type AcceptInvitationReply = z.infer<typeof acceptInvitationReplySchema>;

/** Decline and revoke: `{ success: true, error: null }`. */
export const invitationDoneSchema = z.object({ success: z.literal(true), error: z.null() });

/** The link e-mailed to the invitee. */
export const acceptInvitePath = (token: string, email: string) =>
  `/accept-invite?token=${encodeURIComponent(token)}&email=${encodeURIComponent(normalizeEmail(email))}`;

/** Where the confirmation e-mail of an invite sign-up lands (signed in, spec §4). */
export const completeProfileAfterInvitePath = (token: string, email: string) =>
  `/complete-profile?token=${encodeURIComponent(token)}&email=${encodeURIComponent(normalizeEmail(email))}&confirmed=true`;

/** Expiry as the server checks it: now past expires_at. */
export const isInvitationExpired = (expiresAt: string | Date, now = new Date()) => new Date(expiresAt).getTime() <= now.getTime();
