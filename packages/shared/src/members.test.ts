import { describe, expect, it } from 'vitest';
import { allows, CUSTOM_PERMISSION_KEYS, computePermissions, type GuardKey } from './permissions.ts';
import { areaAccess, AREAS } from './registry/areas.ts';
import { ASSIGNABLE_ROLES, INVITE_ROLES } from './roles.ts';
import { changeRoleSchema } from './members.ts';

/** The spec's departments (§6 names who opens them): the registry's areas opened by a spec guard key. */
const SPEC_AREAS = AREAS.filter((a) => a.guard);
const open = (role: string, customPermissions: string[] = [], areas: readonly (typeof AREAS)[number][] = SPEC_AREAS) => {
  const membership = { role, customPermissions };
  return areas.filter((a) => allows(computePermissions(membership), membership, [areaAccess(a)])).map((a) => a.key).sort();
};

const BASE = ['documents', 'projects'];

/** Role → departments open, for every role a person can be given (spec §6, decision 0050). */
const EXPECTED: Record<string, string[]> = {
  admin: ['admin', 'documents', 'finance', 'hr', 'legal', 'marketing', 'projects', 'sales'],
  vendas: ['sales', ...BASE].sort(),
  marketing: ['marketing', ...BASE].sort(),
  rh: ['hr', ...BASE].sort(),
  financeiro: ['finance', ...BASE].sort(),
  juridico: ['legal', ...BASE].sort(),
  projetos: BASE,
  custom: BASE,
  manager: BASE,
  member: BASE,
  viewer: BASE,
};

describe('role → permissions', () => {
  it.each(Object.entries(EXPECTED))('%s opens exactly its departments', (role, departments) => {
    expect(open(role)).toEqual(departments);
  });

  it('admin opens every area of the registry', () => {
    expect(open('admin', [], AREAS)).toEqual(AREAS.map((a) => a.key).sort());
  });

  it('covers every invite role and every assignable role', () => {
    for (const r of [...INVITE_ROLES.map((x) => x.value), ...ASSIGNABLE_ROLES]) expect(EXPECTED[r]).toBeDefined();
  });

  it('only admin opens the company profile and the admin area', () => {
    for (const role of Object.keys(EXPECTED)) {
      const set = computePermissions({ role, customPermissions: [...CUSTOM_PERMISSION_KEYS] });
      expect(set.canAccessAdmin).toBe(role === 'admin');
      expect(set.canAccessEmpresaPerfil).toBe(role === 'admin');
    }
  });

  it('custom opens each checked key and nothing else', () => {
    expect(open('custom', ['vendas', 'rh'])).toEqual(['documents', 'hr', 'projects', 'sales']);
    expect(open('custom', ['admin', 'financeiro'])).toEqual(['documents', 'finance', 'projects']);
    expect(open('custom', [])).toEqual(BASE);
  });

  it('every member, whatever the role, keeps company, projects, documentation and profile', () => {
    for (const role of Object.keys(EXPECTED)) {
      const set = computePermissions({ role });
      expect([set.canAccessEmpresa, set.canAccessProjetos, set.canAccessDocumentacao, set.canAccessPerfil]).toEqual([true, true, true, true]);
    }
  });
});

describe('changeRoleSchema', () => {
  it('keeps custom permissions only for custom, de-duplicated and in a stable order', () => {
    expect(changeRoleSchema.parse({ role: 'custom', customPermissions: ['rh', 'vendas', 'rh'] })).toEqual({ role: 'custom', customPermissions: ['vendas', 'rh'] });
    expect(changeRoleSchema.parse({ role: 'vendas', customPermissions: ['rh'] })).toEqual({ role: 'vendas', customPermissions: [] });
  });
  it('refuses unknown roles and keys', () => {
    expect(changeRoleSchema.safeParse({ role: 'owner' }).success).toBe(false);
    expect(changeRoleSchema.safeParse({ role: 'custom', customPermissions: ['admin'] }).success).toBe(false);
  });
  it.each(['admin', 'vendas', 'marketing', 'projetos', 'financeiro', 'juridico', 'rh'] as GuardKey[] as string[])('accepts %s', (role) => {
    expect(changeRoleSchema.safeParse({ role }).success).toBe(true);
  });
});
