/** Roles offered in the invitation form (spec §3) with their labels and descriptions. */
export const INVITE_ROLES = [
  { value: 'admin', label: 'Administrador', description: 'Acesso total' },
  { value: 'vendas', label: 'Vendas', description: 'Leads e vendas' },
  { value: 'marketing', label: 'Marketing', description: 'Campanhas e conteúdo' },
  { value: 'projetos', label: 'Projetos', description: 'Projetos e kanban' },
  { value: 'financeiro', label: 'Financeiro', description: 'Finanças e transações' },
  { value: 'juridico', label: 'Jurídico', description: 'Contratos e jurídico' },
  { value: 'rh', label: 'Recursos Humanos', description: 'Colaboradores e RH' },
] as const;
export type InviteRole = (typeof INVITE_ROLES)[number]['value'];
export const INVITE_ROLE_VALUES = INVITE_ROLES.map((r) => r.value) as [InviteRole, ...InviteRole[]];
export const DEFAULT_INVITE_ROLE: InviteRole = 'vendas';

/** Every label a role may be shown with, including the extra ones of the invite view. */
export const ROLE_LABELS: Record<string, string> = {
  ...Object.fromEntries(INVITE_ROLES.map((r) => [r.value, r.label])),
  custom: 'Personalizado',
  manager: 'Gerente',
  member: 'Membro',
  viewer: 'Visualizador',
};

export const roleLabel = (role: string | null | undefined) => (role ? (ROLE_LABELS[role] ?? role) : 'Sem função');

/** Roles an admin may assign in the admin area (stored roles, §6). */
export const ASSIGNABLE_ROLES = ['admin', 'vendas', 'marketing', 'projetos', 'financeiro', 'juridico', 'rh', 'custom'] as const;
