/**
 * The permission engine of spec §6, shared by the server (which decides) and the web app
 * (which only uses it for comfort: guards, locked cards).
 */
export const ROLES = ['admin', 'vendas', 'marketing', 'rh', 'financeiro', 'juridico', 'custom'] as const;
export type StoredRole = (typeof ROLES)[number];

export type PermissionFlag =
  | 'canAccessEmpresa'
  | 'canAccessEmpresaPerfil'
  | 'canAccessComercial'
  | 'canAccessMarketing'
  | 'canAccessRH'
  | 'canAccessFinanceiro'
  | 'canAccessJuridico'
  | 'canAccessProjetos'
  | 'canAccessDocumentacao'
  | 'canAccessAdmin'
  | 'canAccessPerfil';

export type PermissionSet = { role: string | null } & Record<PermissionFlag, boolean>;

export const PERMISSION_FLAGS: PermissionFlag[] = [
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
];

/** Keys used by route guards (spec §3) and the flag each one opens. */
export const GUARD_KEY_FLAGS = {
  admin: 'canAccessAdmin',
  comercial: 'canAccessComercial',
  marketing: 'canAccessMarketing',
  rh: 'canAccessRH',
  financeiro: 'canAccessFinanceiro',
  juridico: 'canAccessJuridico',
  // The spec does not show this mapping; decided in docs/decisions/0004-permissions.md.
  gestao_projetos: 'canAccessProjetos',
  empresa: 'canAccessEmpresa',
  perfil: 'canAccessPerfil',
  empresa_perfil: 'canAccessEmpresaPerfil',
  documentacao: 'canAccessDocumentacao',
} as const satisfies Record<string, PermissionFlag>;
export type GuardKey = keyof typeof GUARD_KEY_FLAGS;

/** Keys of custom_permissions and the flag each opens. */
export const CUSTOM_PERMISSION_FLAGS = {
  vendas: 'canAccessComercial',
  marketing: 'canAccessMarketing',
  rh: 'canAccessRH',
  financeiro: 'canAccessFinanceiro',
  juridico: 'canAccessJuridico',
} as const satisfies Record<string, PermissionFlag>;
export type CustomPermissionKey = keyof typeof CUSTOM_PERMISSION_FLAGS;
export const CUSTOM_PERMISSION_KEYS = Object.keys(CUSTOM_PERMISSION_FLAGS) as CustomPermissionKey[];

const ROLE_FLAGS: Record<Exclude<StoredRole, 'admin' | 'custom'>, PermissionFlag> = {
  vendas: 'canAccessComercial',
  marketing: 'canAccessMarketing',
  rh: 'canAccessRH',
  financeiro: 'canAccessFinanceiro',
  juridico: 'canAccessJuridico',
};

function baseSet(role: string | null): PermissionSet {
  const set = { role } as PermissionSet;
  for (const flag of PERMISSION_FLAGS) set[flag] = false;
  // Open to everyone with a membership: company, projects, documentation, profile.
  set.canAccessEmpresa = true;
  set.canAccessProjetos = true;
  set.canAccessDocumentacao = true;
  set.canAccessPerfil = true;
  return set;
}

/** Default set: no membership, an error, or while loading (spec §6). */
export function defaultPermissions(): PermissionSet {
  const set = baseSet(null);
  set.canAccessComercial = true;
  set.canAccessMarketing = true;
  return set;
}

export type Membership = { role: string; customPermissions?: unknown } | null | undefined;

/** Parses custom_permissions, which may arrive as a list or as JSON text holding a list. */
export function parseCustomPermissions(value: unknown): string[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
}

export function computePermissions(membership: Membership): PermissionSet {
  if (!membership) return defaultPermissions();
  const { role } = membership;
  const set = baseSet(role);
  if (role === 'admin') {
    for (const flag of PERMISSION_FLAGS) set[flag] = true;
    return set;
  }
  if (role === 'custom') {
    for (const key of parseCustomPermissions(membership.customPermissions)) {
      // Own keys only: a stored 'constructor' or '__proto__' must not reach Object.prototype.
      if (Object.hasOwn(CUSTOM_PERMISSION_FLAGS, key)) set[CUSTOM_PERMISSION_FLAGS[key as CustomPermissionKey]] = true;
    }
    return set;
  }
  if (Object.hasOwn(ROLE_FLAGS, role)) set[ROLE_FLAGS[role as keyof typeof ROLE_FLAGS]] = true;
  return set;
}

/** A guard passes when at least one required key's flag is true. */
export function hasAnyPermission(set: PermissionSet, keys: readonly GuardKey[]): boolean {
  return keys.some((key) => set[GUARD_KEY_FLAGS[key]]);
}

export function grantedKeys(set: PermissionSet): GuardKey[] {
  return (Object.keys(GUARD_KEY_FLAGS) as GuardKey[]).filter((k) => set[GUARD_KEY_FLAGS[k]]);
}

/** Local cache key (spec: version 2, older versions removed). */
export const PERMISSIONS_CACHE_VERSION = 2;
export const permissionsCacheKey = (userId: string) => `sede:permissions:v${PERMISSIONS_CACHE_VERSION}:${userId}`;
