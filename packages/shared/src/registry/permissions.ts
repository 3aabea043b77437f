/**
 * Permissions by action: every area's actions once, the typed `Permission` strings
 * (`comercial.read`, `comercial.export`, `financeiro.approve`…) and each role's grants as data,
 * all read from the area declarations (`areas/<key>.ts`; who holds what: decision 0125).
 * The spec's flags (`canAccessComercial`…) are derived from these grants in `../permissions.ts`.
 */
import { AREA_DECLARATIONS } from './areas/index.ts';
import { DEFAULT_GRANTS } from './guards.ts';
import type { AreaActions, Permission, PermissionArea } from './permission-type.ts';
import { CUSTOM_PERMISSION_KEYS, GRANTED_ROLES, type CustomPermissionKey, type GrantedRole } from './spec.ts';

export { CUSTOM_PERMISSION_KEYS, DEFAULT_GRANTS, type CustomPermissionKey, type GrantedRole };

export type { Permission, PermissionArea } from './permission-type.ts';

type Declared = (typeof AREA_DECLARATIONS)[number];
type Actions = { readonly [A in PermissionArea]: Extract<Declared, { key: A }>['actions'] };
export type Action = Declared['actions'][number];

/**
 * The actions each area knows. read: open the area; write: create and edit; delete;
 * export: download lists; ai: spend the company's coins (AI, paid lookups); approve: approve
 * payments; send: send to the outside (mass campaigns); erase: the LGPD erasure of a person;
 * settings: change the area's (or the company's) settings.
 */
export const AREA_ACTIONS = /* @__PURE__ */ Object.fromEntries(AREA_DECLARATIONS.map((a) => [a.key, a.actions])) as unknown as Actions;

/** Every action of one area. */
export const all = <A extends PermissionArea>(area: A) => AREA_ACTIONS[area].map((action) => `${area}.${action}`) as Array<`${A}.${AreaActions<A>}`>;

type Listed = readonly string[] | 'all' | undefined;
/** An area's listed actions as permissions ('all': every one). */
const granted = (area: Declared, list: Listed): Permission[] => (list === 'all' ? all(area.key) : (list ?? []).map((action) => `${area.key}.${action}`)) as Permission[];
type GrantLists = { members?: Listed; roles?: Partial<Record<string, Listed>>; custom?: Partial<Record<string, Listed>> };
const grantsOf = (area: Declared): GrantLists => (area as { grants?: GrantLists }).grants ?? {};

// The /* @__PURE__ */ marks let the web bundler drop what a chunk does not use.
export const ALL_PERMISSIONS: readonly Permission[] = /* @__PURE__ */ AREA_DECLARATIONS.flatMap((a) => all(a.key) as Permission[]);

/** What every member of a company holds, whatever the role. */
export const MEMBER_GRANTS: readonly Permission[] = /* @__PURE__ */ AREA_DECLARATIONS.flatMap((a) => granted(a, grantsOf(a).members));

/** Stored roles (company_members.role) and what each holds on top of MEMBER_GRANTS; admin holds every permission. `custom` is below. */
export const ROLE_GRANTS = /* @__PURE__ */ Object.fromEntries(
  GRANTED_ROLES.map((role) => [role, role === 'admin' ? ALL_PERMISSIONS : AREA_DECLARATIONS.flatMap((a) => granted(a, grantsOf(a).roles?.[role]))]),
) as unknown as Record<GrantedRole, readonly Permission[]>;

/** What each custom_permissions key grants on top of MEMBER_GRANTS. */
export const CUSTOM_PERMISSION_GRANTS = /* @__PURE__ */ Object.fromEntries(
  CUSTOM_PERMISSION_KEYS.map((key) => [key, AREA_DECLARATIONS.flatMap((a) => granted(a, grantsOf(a).custom?.[key]))]),
) as unknown as Record<CustomPermissionKey, readonly Permission[]>;

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

/** The default set (no membership). */
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
