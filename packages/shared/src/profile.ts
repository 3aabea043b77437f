import { z } from 'zod';
import { isValidCpf, onlyDigits } from './cpf.ts';
import { isValidPhone } from './phone.ts';
import { personNameTooLong } from './auth-rules.ts';
import { safeText } from './text.ts';

/** Profile messages of spec §5 and the profile modals of §8. */
export const PROFILE_MESSAGES = {
  namesRequired: 'Nome e sobrenome são obrigatórios',
  invalidPhone: 'Telefone inválido',
  invalidCpf: 'CPF inválido',
  cpfTakenTitle: 'CPF já Cadastrado',
  cpfTaken: 'Este CPF já está sendo utilizado por outro usuário.',
  saved: 'Perfil atualizado com sucesso!',
  googleLinkError: 'Erro ao vincular Google',
} as const;

export const PROFILE_MODALS = {
  auth: 'Erro de Autenticação',
  required: 'Campos Obrigatórios',
  invalid: 'Dados Inválidos',
  cpfTaken: 'CPF já Cadastrado',
  save: 'Erro ao Salvar',
  accept: 'Erro ao Aceitar Convite',
  processing: 'Erro no Processamento',
  unexpected: 'Erro Inesperado',
} as const;

const optionalText = safeText()
  .nullish()
  .transform((v) => (v ?? '').trim());

// The invitation token's shape (invitations.ts has the same; importing it would pull the
// invitation messages into every profile form). An empty field means "no invitation".
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;
const optionalToken = optionalText.refine((v) => v === '' || TOKEN_PATTERN.test(v), { message: 'Token de convite inválido' });

/**
 * The profile form and PUT /api/profile share this schema. Phone and CPF arrive masked or bare
 * and leave as digits (or null when empty). invitationToken: saving from an invitation accepts it.
 */
export const profileSchema = z
  .object({
    firstName: optionalText,
    lastName: optionalText,
    phone: optionalText,
    cpf: optionalText,
    invitationToken: optionalToken,
  })
  .superRefine((v, ctx) => {
    if (!v.firstName) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.namesRequired, path: ['firstName'] });
    if (!v.lastName) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.namesRequired, path: ['lastName'] });
    const tooLong = personNameTooLong(v);
    if (tooLong) ctx.addIssue({ code: 'custom', message: tooLong.message, path: [tooLong.field] });
    if (v.phone && !isValidPhone(v.phone)) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.invalidPhone, path: ['phone'] });
    if (v.cpf && !isValidCpf(v.cpf)) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.invalidCpf, path: ['cpf'] });
  })
  .transform((v) => ({
    firstName: v.firstName,
    lastName: v.lastName,
    phone: v.phone ? onlyDigits(v.phone) : null,
    cpf: v.cpf ? onlyDigits(v.cpf) : null,
    invitationToken: v.invitationToken || null,
  }));
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileData = z.output<typeof profileSchema>;

/** Which §8 modal a failed validation shows: missing names, or invalid phone/CPF. */
export const modalForIssue = (message: string) =>
  message === PROFILE_MESSAGES.namesRequired ? PROFILE_MODALS.required : PROFILE_MODALS.invalid;

/** GET /api/profile. */
export const profileViewSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  cpf: z.string().nullable(),
  companyId: z.string().nullable(),
  googleLinked: z.boolean(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

/** PUT /api/profile: the saved profile and, when an invitation was accepted, its company. */
export const saveProfileReplySchema = z.object({
  profile: profileViewSchema,
  invitation: z.object({ accepted: z.boolean(), companyName: z.string().nullable(), error: z.string().nullable() }).nullable(),
});
export type SaveProfileReply = z.infer<typeof saveProfileReplySchema>;
