import { z } from 'zod';
import { CUSTOM_PERMISSION_KEYS, type CustomPermissionKey } from './permissions.ts';
import { ASSIGNABLE_ROLES } from './roles.ts';
import { safeText } from './text.ts';

export const MEMBER_MESSAGES = {
  lastAdmin: 'A empresa precisa de pelo menos um administrador. Promova outra pessoa antes.',
  notFound: 'Membro não encontrado',
  invalidRole: 'Função inválida',
  invalidPermission: 'Permissão inválida',
  roleChanged: 'Função atualizada',
  removed: 'Membro removido',
} as const;

export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Labels of the custom_permissions keys (one checkbox each in the admin area). */
export const CUSTOM_PERMISSION_LABELS: Record<CustomPermissionKey, string> = {
  vendas: 'Comercial (vendas)',
  marketing: 'Marketing',
  rh: 'Recursos Humanos',
  financeiro: 'Financeiro',
  juridico: 'Jurídico',
};

/** PATCH /api/members/:userId. custom_permissions only mean something for the role custom. */
export const changeRoleSchema = z
  .object({
    role: z.enum(ASSIGNABLE_ROLES, { error: MEMBER_MESSAGES.invalidRole }),
    customPermissions: z.array(z.enum(CUSTOM_PERMISSION_KEYS as [CustomPermissionKey, ...CustomPermissionKey[]], { error: MEMBER_MESSAGES.invalidPermission })).max(20).default([]),
  })
  .transform((v) => ({
    role: v.role,
    customPermissions: v.role === 'custom' ? CUSTOM_PERMISSION_KEYS.filter((k) => v.customPermissions.includes(k)) : [],
  }));
export type ChangeRoleInput = z.input<typeof changeRoleSchema>;

export const memberIdSchema = safeText().trim().min(1, MEMBER_MESSAGES.notFound).max(100, MEMBER_MESSAGES.notFound);

/** GET /api/members. */
export const memberViewSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  customPermissions: z.array(z.string()),
  lastLoginAt: z.string().nullable(),
  joinedAt: z.string(),
  isYou: z.boolean(),
});
export type MemberView = z.infer<typeof memberViewSchema>;
export const memberListSchema = z.object({ members: z.array(memberViewSchema) });
