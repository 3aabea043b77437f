import type { Permission } from './permissions.ts';

/**
 * The spec's guard vocabulary (§3: route guards name `comercial`, `gestao_projetos`, `admin`…),
 * each with the spec §6 flag it shows as in the permission set and the permission it stands
 * for. Labels are in `guard-labels.ts` (kept out of the web's entry chunk).
 */
export const GUARDS = [
  { key: 'empresa', flag: 'canAccessEmpresa', permission: 'empresa.read' },
  { key: 'empresa_perfil', flag: 'canAccessEmpresaPerfil', permission: 'empresa.settings' },
  { key: 'comercial', flag: 'canAccessComercial', permission: 'comercial.read' },
  { key: 'marketing', flag: 'canAccessMarketing', permission: 'marketing.read' },
  { key: 'rh', flag: 'canAccessRH', permission: 'rh.read' },
  { key: 'financeiro', flag: 'canAccessFinanceiro', permission: 'financeiro.read' },
  { key: 'juridico', flag: 'canAccessJuridico', permission: 'juridico.read' },
  // The spec does not show this mapping; decided in docs/decisions/0004-permissions.md.
  { key: 'gestao_projetos', flag: 'canAccessProjetos', permission: 'projetos.read' },
  { key: 'documentacao', flag: 'canAccessDocumentacao', permission: 'documentacao.read' },
  { key: 'admin', flag: 'canAccessAdmin', permission: 'admin.read' },
  { key: 'perfil', flag: 'canAccessPerfil', permission: 'perfil.read' },
] as const satisfies ReadonlyArray<{ key: string; flag: `canAccess${string}`; permission: Permission }>;

export type GuardKey = (typeof GUARDS)[number]['key'];
export type PermissionFlag = (typeof GUARDS)[number]['flag'];
