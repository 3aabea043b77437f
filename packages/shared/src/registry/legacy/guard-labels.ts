import type { GuardKey, PermissionFlag } from './guards.ts';

/** Each guard key's words (access-denied screen, /user-access-debug); a flag shows its guard's label. */
export const GUARD_LABELS = {
  empresa: 'Empresa',
  empresa_perfil: 'Perfil da empresa',
  comercial: 'Comercial',
  marketing: 'Marketing',
  rh: 'Recursos Humanos',
  financeiro: 'Financeiro',
  juridico: 'Jurídico',
  gestao_projetos: 'Projetos',
  documentacao: 'Documentação',
  admin: 'Administração',
  perfil: 'Perfil',
} as const satisfies Record<GuardKey, string>;

const FLAG_LABELS: Record<PermissionFlag, string> = {
  canAccessEmpresa: GUARD_LABELS.empresa,
  canAccessEmpresaPerfil: GUARD_LABELS.empresa_perfil,
  canAccessComercial: GUARD_LABELS.comercial,
  canAccessMarketing: GUARD_LABELS.marketing,
  canAccessRH: GUARD_LABELS.rh,
  canAccessFinanceiro: GUARD_LABELS.financeiro,
  canAccessJuridico: GUARD_LABELS.juridico,
  canAccessProjetos: GUARD_LABELS.gestao_projetos,
  canAccessDocumentacao: GUARD_LABELS.documentacao,
  canAccessAdmin: GUARD_LABELS.admin,
  canAccessPerfil: GUARD_LABELS.perfil,
};

/** A flag's label ('canAccessRH' → 'Recursos Humanos'). */
export const flagLabel = (flag: PermissionFlag) => FLAG_LABELS[flag];
