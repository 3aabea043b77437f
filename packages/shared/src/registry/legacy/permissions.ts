/**
 * Permissions by action: every area's actions once, the typed `Permission` strings
 * (`comercial.read`, `comercial.export`, `financeiro.approve`…) and each role's grants as data.
 * The spec's flags (`canAccessComercial`…) are derived from these grants in `../permissions.ts`.
 */

/**
 * The actions each area knows. read: open the area; write: create and edit; delete;
 * export: download lists; ai: spend the company's coins (AI, paid lookups); approve: approve
 * payments; send: send to the outside (mass campaigns); erase: the LGPD erasure of a person;
 * settings: change the area's (or the company's) settings. Who holds what: decision 0125.
 */
export const AREA_ACTIONS = {
  empresa: ['read', 'settings'],
  perfil: ['read'],
  comercial: ['read', 'write', 'delete', 'export', 'ai'],
  marketing: ['read', 'write', 'delete', 'export', 'ai'],
  financeiro: ['read', 'write', 'delete', 'export', 'approve'],
  rh: ['read', 'write', 'delete', 'export', 'ai'],
  juridico: ['read', 'write', 'delete', 'export', 'ai'],
  projetos: ['read', 'write', 'delete'],
  documentacao: ['read', 'write', 'delete', 'ai'],
  admin: ['read', 'write'],
  // Decision 0125: the commercial tools the spec opens to every member (§2), apart from
  // /comercial, /metricas and /analise-reunioes, which stay under `comercial`.
  /** People and organizations (the product's one contact base, issue 11 item 1). */
  parties: ['read', 'write', 'delete', 'export', 'erase'],
  /** /kanban-leads and /lista-contatos: deals, lists, stages. */
  crm: ['read', 'write', 'delete', 'export', 'ai'],
  /** /cnpj-search, /extrair-leads-cnpj, /deep-search, /extrair-leads. */
  prospeccao: ['read', 'write', 'delete', 'export', 'ai'],
  /** /campanhas-massa. */
  campanhas: ['read', 'write', 'delete', 'send', 'ai'],
  /** /atendimento and /atendimento-simples. */
  atendimento: ['read', 'write', 'delete', 'export', 'ai'],
} as const satisfies Record<string, readonly string[]>;

type Actions = typeof AREA_ACTIONS;
export type PermissionArea = keyof Actions;
export type Action = Actions[PermissionArea][number];
/** `<area>.<action>`, only the actions the area has: `comercial.export` compiles, `projetos.ai` does not. */
export type Permission = { [A in PermissionArea]: `${A}.${Actions[A][number]}` }[PermissionArea];

/** Every action of one area. */
export const all = <A extends PermissionArea>(area: A) => AREA_ACTIONS[area].map((action) => `${area}.${action}`) as Array<`${A}.${Actions[A][number]}`>;

// The /* @__PURE__ */ marks let the web bundler drop what a chunk does not use (the entry needs the default set only).
export const ALL_PERMISSIONS: readonly Permission[] = /* @__PURE__ */ (Object.keys(AREA_ACTIONS) as PermissionArea[]).flatMap((area) => all(area) as Permission[]);

/** What every member of a company holds in the spec's own areas (§6: company, projects, documentation, profile). */
const BASE_MEMBER_GRANTS = [
  'empresa.read',
  'perfil.read',
  'projetos.read',
  'projetos.write',
  'documentacao.read',
  'documentacao.write',
  // Drafting a document from a brief (ai.document_draft, decision 0284) is open with the documents.
  'documentacao.ai',
] as const satisfies readonly Permission[];

/**
 * The commercial tools the spec opens to every member (§2), their APIs and their paid actions
 * included (decision 0125). Deleting and exporting are not member grants.
 */
const MEMBER_TOOL_GRANTS = [
  'parties.read',
  'parties.write',
  'crm.read',
  'crm.write',
  'crm.ai',
  'prospeccao.read',
  'prospeccao.write',
  'prospeccao.ai',
  'campanhas.read',
  'campanhas.write',
  'campanhas.send',
  'campanhas.ai',
  'atendimento.read',
  'atendimento.write',
  'atendimento.ai',
] as const satisfies readonly Permission[];

/** Lists joined by a call (never a spread), so the bundler can drop what a chunk does not use. */
const merge = (...lists: ReadonlyArray<readonly Permission[]>): readonly Permission[] => lists.flat();

/** What every member of a company holds, whatever the role. */
export const MEMBER_GRANTS: readonly Permission[] = /* @__PURE__ */ merge(BASE_MEMBER_GRANTS, MEMBER_TOOL_GRANTS);

/**
 * The sales team's hold on the shared commercial tools (role `vendas`, custom key `vendas`):
 * delete and export too. The LGPD erasure (`parties.erase`) is the admin's alone.
 */
const SALES_TOOLS = [
  'parties.delete',
  'parties.export',
  'crm.delete',
  'crm.export',
  'prospeccao.delete',
  'prospeccao.export',
  'campanhas.delete',
  'atendimento.delete',
  'atendimento.export',
] as const satisfies readonly Permission[];
/** Marketing also runs the mass campaigns: it may delete them and export the contact base. */
const MARKETING_TOOLS = ['campanhas.delete', 'parties.export'] as const satisfies readonly Permission[];

/** Stored roles (company_members.role) and what each holds on top of MEMBER_GRANTS. `custom` is below. */
export const ROLE_GRANTS = {
  admin: ALL_PERMISSIONS,
  vendas: /* @__PURE__ */ merge(/* @__PURE__ */ all('comercial'), SALES_TOOLS),
  marketing: /* @__PURE__ */ merge(/* @__PURE__ */ all('marketing'), MARKETING_TOOLS),
  rh: /* @__PURE__ */ all('rh'),
  financeiro: /* @__PURE__ */ all('financeiro'),
  juridico: /* @__PURE__ */ all('juridico'),
  // Decision 0050: `projetos` is stored as such; it holds the whole projects area.
  projetos: /* @__PURE__ */ all('projetos'),
} as const satisfies Record<string, readonly Permission[]>;
export type GrantedRole = keyof typeof ROLE_GRANTS;

/** Keys of custom_permissions (spec §6). */
export const CUSTOM_PERMISSION_KEYS = ['vendas', 'marketing', 'rh', 'financeiro', 'juridico'] as const;
export type CustomPermissionKey = (typeof CUSTOM_PERMISSION_KEYS)[number];

/** What each custom_permissions key grants on top of MEMBER_GRANTS. */
export const CUSTOM_PERMISSION_GRANTS: Record<CustomPermissionKey, readonly Permission[]> = {
  vendas: /* @__PURE__ */ merge(/* @__PURE__ */ all('comercial'), SALES_TOOLS),
  marketing: /* @__PURE__ */ merge(/* @__PURE__ */ all('marketing'), MARKETING_TOOLS),
  rh: /* @__PURE__ */ all('rh'),
  financeiro: /* @__PURE__ */ all('financeiro'),
  juridico: /* @__PURE__ */ all('juridico'),
};

/**
 * No membership, an error or while loading (spec §6): a display default only; the server refuses
 * department APIs. The spec's own areas only (the tools add no flag), so the web's entry stays as small.
 */
export const DEFAULT_GRANTS = [...BASE_MEMBER_GRANTS, 'comercial.read', 'marketing.read'] as const satisfies readonly Permission[];

export type Membership = { role: string; customPermissions?: unknown } | null | undefined;
export type Grants = ReadonlySet<Permission>;

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

const freeze = (...lists: ReadonlyArray<readonly Permission[]>): Grants => new Set(lists.flat());
let memberSet: Grants | undefined;
let defaultSet: Grants | undefined;
let roleSets: Map<string, Grants> | undefined;

/** The default set (no membership): the only grants the web needs before /api/me answers. */
export const defaultGrants = (): Grants => (defaultSet ??= freeze(DEFAULT_GRANTS));

/** The permissions a membership holds (the default set without one). Unknown roles and keys add nothing. */
export function grantsFor(membership: Membership): Grants {
  if (!membership) return defaultGrants();
  const MEMBER_SET = (memberSet ??= freeze(MEMBER_GRANTS));
  const ROLE_SETS = (roleSets ??= new Map(Object.entries(ROLE_GRANTS).map(([role, grants]) => [role, freeze(MEMBER_GRANTS, grants)])));
  const { role } = membership;
  if (role === 'custom') {
    const extra: Permission[] = [];
    for (const key of parseCustomPermissions(membership.customPermissions)) {
      // Own keys only: a stored 'constructor' or '__proto__' must not reach Object.prototype.
      if (Object.hasOwn(CUSTOM_PERMISSION_GRANTS, key)) extra.push(...CUSTOM_PERMISSION_GRANTS[key as CustomPermissionKey]);
    }
    return extra.length ? freeze(MEMBER_GRANTS, extra) : MEMBER_SET;
  }
  return ROLE_SETS.get(role) ?? MEMBER_SET;
}

/** Whether the grants hold the permission. */
export const can = (grants: Grants, permission: Permission): boolean => grants.has(permission);

/** Whether the grants hold at least one of the permissions. */
export const canAny = (grants: Grants, permissions: readonly Permission[]): boolean => permissions.some((p) => grants.has(p));
