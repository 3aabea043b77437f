/**
 * The spec's own permission vocabulary (§6), written once as the spec gives it. Only the spec adds
 * to these lists: an area that needs access rules of its own declares actions and grants in its
 * declaration (`areas/<key>.ts`), never a new flag, custom key or role.
 */

/** The permission set's flags (§6), in the spec's order: the keys of GET /api/me's `permissions`. */
export const SPEC_FLAGS = [
  'canAccessEmpresa',
  'canAccessEmpresaPerfil',
  'canAccessComercial',
  'canAccessMarketing',
  'canAccessRH',
  'canAccessFinanceiro',
  'canAccessJuridico',
  'canAccessProjetos',
  'canAccessDocumentacao',
  'canAccessAdmin',
  'canAccessPerfil',
] as const;
export type PermissionFlag = (typeof SPEC_FLAGS)[number];

/** Keys of custom_permissions (§6), in the spec's order (the admin's role dialog shows them so). */
export const CUSTOM_PERMISSION_KEYS = ['vendas', 'marketing', 'rh', 'financeiro', 'juridico'] as const;
export type CustomPermissionKey = (typeof CUSTOM_PERMISSION_KEYS)[number];

/**
 * Stored roles (company_members.role) that hold grants beyond every member's: the spec's (§6) and
 * `projetos`, stored as such (decision 0050). `admin` holds every action of every area.
 */
export const GRANTED_ROLES = ['admin', 'vendas', 'marketing', 'rh', 'financeiro', 'juridico', 'projetos'] as const;
export type GrantedRole = (typeof GRANTED_ROLES)[number];
