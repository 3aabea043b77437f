import type { Permission } from './permissions.ts';

/**
 * The spec's guard vocabulary (§3: route guards name `comercial`, `gestao_projetos`, `admin`…),
 * each with the spec §6 flag it shows as in the permission set, the permission it stands
 * for, and its label (access-denied screen, /user-access-debug).
 */
export const GUARDS = [
  { key: 'empresa', flag: 'canAccessEmpresa', permission: 'empresa.read', label: 'Empresa' },
  { key: 'empresa_perfil', flag: 'canAccessEmpresaPerfil', permission: 'empresa.settings', label: 'Perfil da empresa' },
  { key: 'comercial', flag: 'canAccessComercial', permission: 'comercial.read', label: 'Comercial' },
  { key: 'marketing', flag: 'canAccessMarketing', permission: 'marketing.read', label: 'Marketing' },
  { key: 'rh', flag: 'canAccessRH', permission: 'rh.read', label: 'Recursos Humanos' },
  { key: 'financeiro', flag: 'canAccessFinanceiro', permission: 'financeiro.read', label: 'Financeiro' },
  { key: 'juridico', flag: 'canAccessJuridico', permission: 'juridico.read', label: 'Jurídico' },
  // The spec does not show this mapping; decided in docs/decisions/0004-permissions.md.
  { key: 'gestao_projetos', flag: 'canAccessProjetos', permission: 'projetos.read', label: 'Projetos' },
  { key: 'documentacao', flag: 'canAccessDocumentacao', permission: 'documentacao.read', label: 'Documentação' },
  { key: 'admin', flag: 'canAccessAdmin', permission: 'admin.read', label: 'Administração' },
  { key: 'perfil', flag: 'canAccessPerfil', permission: 'perfil.read', label: 'Perfil' },
] as const satisfies ReadonlyArray<{ key: string; flag: `canAccess${string}`; permission: Permission; label: string }>;

export type GuardKey = (typeof GUARDS)[number]['key'];
export type PermissionFlag = (typeof GUARDS)[number]['flag'];

/** A guard key's entry. */
export const guardOf = (key: GuardKey) => GUARDS.find((g) => g.key === key)!;
/** A flag's label ('canAccessRH' → 'Recursos Humanos'). */
export const flagLabel = (flag: PermissionFlag) => GUARDS.find((g) => g.flag === flag)!.label;
