import { describe, expect, it } from 'vitest';
import { computePermissions, hasAnyPermission, PERMISSION_FLAGS, type PermissionFlag, type PermissionSet } from '../permissions.ts';
import { AREAS } from './areas.ts';
import { GUARDS } from './guards.ts';
import { ALL_PERMISSIONS, AREA_ACTIONS, can, canAny, DEFAULT_GRANTS, grantsFor, MEMBER_GRANTS, ROLE_GRANTS, type Membership, type Permission } from './permissions.ts';

/**
 * The oracle: the flag engine as it was before the registry (copied verbatim in substance),
 * so the flags derived from the grants can be compared with it for every input.
 */
const OLD_FLAGS: PermissionFlag[] = [
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
const OLD_CUSTOM: Record<string, PermissionFlag> = { vendas: 'canAccessComercial', marketing: 'canAccessMarketing', rh: 'canAccessRH', financeiro: 'canAccessFinanceiro', juridico: 'canAccessJuridico' };
const OLD_ROLE: Record<string, PermissionFlag> = { ...OLD_CUSTOM };
function oldParse(value: unknown): string[] {
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
function oldBase(role: string | null): PermissionSet {
  const set = { role } as PermissionSet;
  for (const flag of OLD_FLAGS) set[flag] = false;
  set.canAccessEmpresa = true;
  set.canAccessProjetos = true;
  set.canAccessDocumentacao = true;
  set.canAccessPerfil = true;
  return set;
}
function oldComputePermissions(membership: Membership): PermissionSet {
  if (!membership) {
    const set = oldBase(null);
    set.canAccessComercial = true;
    set.canAccessMarketing = true;
    return set;
  }
  const { role } = membership;
  const set = oldBase(role);
  if (role === 'admin') {
    for (const flag of OLD_FLAGS) set[flag] = true;
    return set;
  }
  if (role === 'custom') {
    for (const key of oldParse(membership.customPermissions)) if (Object.hasOwn(OLD_CUSTOM, key)) set[OLD_CUSTOM[key]!] = true;
    return set;
  }
  if (Object.hasOwn(OLD_ROLE, role)) set[OLD_ROLE[role]!] = true;
  return set;
}

const CUSTOM_KEYS = ['vendas', 'marketing', 'rh', 'financeiro', 'juridico'];
/** Every subset of the five custom keys (32), plus unknown and hostile keys. */
const subsets = (keys: string[]): string[][] => keys.reduce<string[][]>((acc, k) => [...acc, ...acc.map((s) => [...s, k])], [[]]);
const CUSTOM_LISTS: unknown[] = [
  ...subsets(CUSTOM_KEYS),
  ['admin'],
  ['gestao_projetos', 'empresa_perfil'],
  ['constructor', '__proto__', 'toString'],
  ['VENDAS'],
  [1, null, 'rh', { k: 'vendas' }],
  '["vendas","juridico"]',
  '[vendas',
  '"vendas"',
  '{"vendas":true}',
  '',
  null,
  undefined,
  42,
];
const ROLES = ['admin', 'vendas', 'marketing', 'rh', 'financeiro', 'juridico', 'custom', 'projetos', 'manager', 'member', 'viewer', 'gerente', 'ADMIN', '', 'constructor', '__proto__', 'hasOwnProperty'];

describe('flags derived from the grants equal the old engine', () => {
  it('for every role × every custom_permissions value', () => {
    let compared = 0;
    for (const role of ROLES) {
      for (const customPermissions of CUSTOM_LISTS) {
        const membership = { role, customPermissions };
        const got = computePermissions(membership);
        expect(got, JSON.stringify(membership)).toEqual(oldComputePermissions(membership));
        // Same keys in the same order: the /api/me JSON and the cached copy do not change.
        expect(JSON.stringify(got)).toBe(JSON.stringify(oldComputePermissions(membership)));
        compared += 1;
      }
    }
    expect(compared).toBe(ROLES.length * CUSTOM_LISTS.length);
  });

  it('without a membership (the default set)', () => {
    for (const membership of [null, undefined]) expect(JSON.stringify(computePermissions(membership))).toBe(JSON.stringify(oldComputePermissions(membership)));
  });

  it('the flags are the old eleven, in the old order', () => {
    expect(PERMISSION_FLAGS).toEqual(OLD_FLAGS);
  });
});

describe('permissions by action', () => {
  it('admin holds every permission; nobody else holds admin.* or empresa.settings', () => {
    const admin = grantsFor({ role: 'admin' });
    for (const p of ALL_PERMISSIONS) expect(can(admin, p)).toBe(true);
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const grants = grantsFor({ role, customPermissions: CUSTOM_KEYS });
      expect([role, can(grants, 'admin.read'), can(grants, 'admin.write'), can(grants, 'company.settings')]).toEqual([role, false, false, false]);
    }
  });

  it('a role holds the actions of its area and not those of another', () => {
    const vendas = grantsFor({ role: 'vendas' });
    expect(can(vendas, 'sales.export')).toBe(true);
    expect(can(vendas, 'sales.ai')).toBe(true);
    expect(can(vendas, 'finance.read')).toBe(false);
    const financeiro = grantsFor({ role: 'financeiro' });
    expect(can(financeiro, 'finance.approve')).toBe(true);
    expect(can(financeiro, 'sales.read')).toBe(false);
  });

  it('a custom key grants its whole area; an unknown key nothing', () => {
    const grants = grantsFor({ role: 'custom', customPermissions: ['juridico', 'constructor'] });
    expect(can(grants, 'legal.ai')).toBe(true);
    expect(can(grants, 'hr.read')).toBe(false);
    expect([...grants].sort()).toEqual([...MEMBER_GRANTS, ...AREA_ACTIONS.legal.map((a) => `legal.${a}`)].sort());
  });

  it('every member reads the company, profile, projects and documentation; delete is not a member grant', () => {
    for (const role of ROLES) {
      const grants = grantsFor({ role });
      for (const p of ['company.read', 'profile.read', 'projects.read', 'documents.read'] as const) expect(can(grants, p)).toBe(true);
    }
    expect(can(grantsFor({ role: 'vendas' }), 'projects.delete')).toBe(false);
    expect(can(grantsFor({ role: 'projetos' }), 'projects.delete')).toBe(true);
  });

  it('the default set opens commercial and marketing to read only', () => {
    const grants = grantsFor(null);
    expect([...grants].sort()).toEqual([...DEFAULT_GRANTS].sort());
    expect(can(grants, 'sales.read')).toBe(true);
    expect(can(grants, 'sales.export')).toBe(false);
  });

  it('canAny passes when one permission is held', () => {
    const rh = grantsFor({ role: 'rh' });
    expect(canAny(rh, ['finance.read', 'hr.export'])).toBe(true);
    expect(canAny(rh, ['finance.read', 'admin.read'])).toBe(false);
    expect(canAny(rh, [])).toBe(false);
  });

  it('role grants only name permissions that exist', () => {
    const known = new Set<string>(ALL_PERMISSIONS);
    for (const grants of Object.values(ROLE_GRANTS)) for (const p of grants) expect(known.has(p)).toBe(true);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });

  it('permission strings are type-checked', () => {
    const ok: Permission = 'sales.export';
    // @ts-expect-error projects have no AI action
    const noAction: Permission = 'projects.ai';
    // @ts-expect-error a typo in the area
    const typo: Permission = 'comerical.read';
    expect([ok, noAction, typo]).toHaveLength(3);
    // @ts-expect-error a guard key that does not exist
    expect(hasAnyPermission(computePermissions(null), ['comerical'])).toBe(false);
  });
});

describe('registry', () => {
  it('every guard key appears once, with a distinct flag and permission', () => {
    expect(new Set(GUARDS.map((g) => g.key)).size).toBe(GUARDS.length);
    expect(new Set(GUARDS.map((g) => g.flag)).size).toBe(GUARDS.length);
    expect(new Set(GUARDS.map((g) => g.permission)).size).toBe(GUARDS.length);
  });

  it("areas have distinct keys and paths; each area opens with a spec guard key or its own read permission", () => {
    expect(new Set(AREAS.map((a) => a.key)).size).toBe(AREAS.length);
    expect(new Set(AREAS.map((a) => a.path)).size).toBe(AREAS.length);
    const guards = new Set<string>(GUARDS.map((g) => g.key));
    for (const area of AREAS) expect([area.key, area.guard ? guards.has(area.guard) : ALL_PERMISSIONS.includes(`${area.key}.read` as Permission)]).toEqual([area.key, true]);
  });
});
