import { describe, expect, it } from 'vitest';
import {
  computePermissions,
  CUSTOM_PERMISSION_KEYS,
  defaultPermissions,
  GUARD_KEY_FLAGS,
  grantedKeys,
  hasAnyPermission,
  parseCustomPermissions,
  PERMISSION_FLAGS,
  permissionsCacheKey,
  type GuardKey,
  type PermissionFlag,
} from './permissions.ts';

/** Spec §6 written out flag by flag: the flags a set opens, everything else closed. */
const BASE: PermissionFlag[] = ['canAccessEmpresa', 'canAccessProjetos', 'canAccessDocumentacao', 'canAccessPerfil'];
const open = (...extra: PermissionFlag[]) => new Set<PermissionFlag>([...BASE, ...extra]);

const expectExactly = (set: Record<PermissionFlag, boolean>, opened: Set<PermissionFlag>) => {
  for (const flag of PERMISSION_FLAGS) expect([flag, set[flag]]).toEqual([flag, opened.has(flag)]);
};

const ROLE_TABLE: Array<[role: string, opened: Set<PermissionFlag>]> = [
  ['admin', new Set(PERMISSION_FLAGS)],
  ['vendas', open('canAccessComercial')],
  ['marketing', open('canAccessMarketing')],
  ['rh', open('canAccessRH')],
  ['financeiro', open('canAccessFinanceiro')],
  ['juridico', open('canAccessJuridico')],
  ['custom', open()], // no custom_permissions: base access only
  ['gerente', open()], // other values have base access only
  ['ADMIN', open()], // roles are exact values, not case-insensitive
  ['', open()],
  ['constructor', open()], // an Object.prototype name must not open anything
  ['__proto__', open()],
];

describe('computePermissions: every role × every flag (spec §6)', () => {
  it.each(ROLE_TABLE)('role %s', (role, opened) => {
    const set = computePermissions({ role, customPermissions: [] });
    expect(set.role).toBe(role);
    expectExactly(set, opened);
    expect(Object.keys(set).sort()).toEqual(['role', ...PERMISSION_FLAGS].sort());
  });

  it('covers every flag in the table', () => {
    expect(PERMISSION_FLAGS).toHaveLength(11);
  });
});

describe('custom role', () => {
  const CUSTOM_TABLE: Array<[key: string, flag: PermissionFlag]> = [
    ['vendas', 'canAccessComercial'],
    ['marketing', 'canAccessMarketing'],
    ['rh', 'canAccessRH'],
    ['financeiro', 'canAccessFinanceiro'],
    ['juridico', 'canAccessJuridico'],
  ];

  it('has exactly the five keys of the spec', () => {
    expect([...CUSTOM_PERMISSION_KEYS].sort()).toEqual(CUSTOM_TABLE.map(([k]) => k).sort());
  });

  it.each(CUSTOM_TABLE)('key %s opens %s and nothing else', (key, flag) => {
    expectExactly(computePermissions({ role: 'custom', customPermissions: [key] }), open(flag));
  });

  it.each(CUSTOM_TABLE)('key %s works as JSON text too', (key, flag) => {
    expectExactly(computePermissions({ role: 'custom', customPermissions: JSON.stringify([key]) }), open(flag));
  });

  it('an empty list gives base access only', () => {
    expectExactly(computePermissions({ role: 'custom', customPermissions: [] }), open());
    expectExactly(computePermissions({ role: 'custom', customPermissions: '[]' }), open());
    expectExactly(computePermissions({ role: 'custom', customPermissions: null }), open());
    expectExactly(computePermissions({ role: 'custom' }), open());
  });

  it('all keys together open every department, never company profile or admin', () => {
    const all = computePermissions({ role: 'custom', customPermissions: CUSTOM_TABLE.map(([k]) => k) });
    expectExactly(all, open(...CUSTOM_TABLE.map(([, f]) => f)));
    expect(all.canAccessEmpresaPerfil).toBe(false);
    expect(all.canAccessAdmin).toBe(false);
  });

  it.each([
    ['admin'],
    ['gestao_projetos'],
    ['empresa_perfil'],
    ['constructor'],
    ['__proto__'],
    ['toString'],
    ['VENDAS'],
  ])('an unknown key %s opens nothing', (key) => {
    expectExactly(computePermissions({ role: 'custom', customPermissions: [key] }), open());
  });

  it('ignores malformed JSON text and non-string entries', () => {
    expectExactly(computePermissions({ role: 'custom', customPermissions: '[vendas' }), open());
    expectExactly(computePermissions({ role: 'custom', customPermissions: '"vendas"' }), open());
    expectExactly(computePermissions({ role: 'custom', customPermissions: '{"vendas":true}' }), open());
    expectExactly(computePermissions({ role: 'custom', customPermissions: [1, null, 'rh', { k: 'vendas' }] }), open('canAccessRH'));
  });

  it('custom_permissions of a non-custom role are ignored', () => {
    expectExactly(computePermissions({ role: 'vendas', customPermissions: ['rh', 'juridico'] }), open('canAccessComercial'));
  });
});

describe('default set: no membership (also used on error and while loading)', () => {
  const DEFAULT = open('canAccessComercial', 'canAccessMarketing');

  it.each([[null], [undefined]])('membership %s', (membership) => {
    const set = computePermissions(membership);
    expect(set.role).toBeNull();
    expectExactly(set, DEFAULT);
  });

  it('defaultPermissions() is the same set, and a fresh object each time', () => {
    expectExactly(defaultPermissions(), DEFAULT);
    const a = defaultPermissions();
    a.canAccessAdmin = true;
    expect(defaultPermissions().canAccessAdmin).toBe(false);
  });
});

describe('parseCustomPermissions', () => {
  it.each<[unknown, string[]]>([
    [['vendas', 'rh'], ['vendas', 'rh']],
    ['["vendas","rh"]', ['vendas', 'rh']],
    ['', []],
    ['null', []],
    [null, []],
    [undefined, []],
    [42, []],
    [{ 0: 'vendas', length: 1 }, []],
  ])('%j → %j', (input, expected) => {
    expect(parseCustomPermissions(input)).toEqual(expected);
  });
});

describe('guard keys and hasAnyPermission', () => {
  const FLAG_OF: Record<GuardKey, PermissionFlag> = {
    admin: 'canAccessAdmin',
    comercial: 'canAccessComercial',
    marketing: 'canAccessMarketing',
    rh: 'canAccessRH',
    financeiro: 'canAccessFinanceiro',
    juridico: 'canAccessJuridico',
    gestao_projetos: 'canAccessProjetos',
    empresa: 'canAccessEmpresa',
    perfil: 'canAccessPerfil',
    empresa_perfil: 'canAccessEmpresaPerfil',
    documentacao: 'canAccessDocumentacao',
  };

  it('maps every guard key to its flag (gestao_projetos → canAccessProjetos)', () => {
    expect(GUARD_KEY_FLAGS).toEqual(FLAG_OF);
  });

  it.each(Object.entries(FLAG_OF) as Array<[GuardKey, PermissionFlag]>)('key %s passes exactly when %s is true', (key, flag) => {
    const closed = computePermissions({ role: 'custom', customPermissions: [] });
    for (const f of PERMISSION_FLAGS) closed[f] = false;
    expect(hasAnyPermission(closed, [key])).toBe(false);
    expect(hasAnyPermission({ ...closed, [flag]: true }, [key])).toBe(true);
  });

  it('passes when at least one of several keys is open, fails when none is', () => {
    const vendas = computePermissions({ role: 'vendas' });
    expect(hasAnyPermission(vendas, ['rh', 'comercial'])).toBe(true);
    expect(hasAnyPermission(vendas, ['rh', 'financeiro', 'admin'])).toBe(false);
    expect(hasAnyPermission(vendas, [])).toBe(false);
  });

  it('gestao_projetos is open for every role and for the default set', () => {
    for (const [role] of ROLE_TABLE) expect(hasAnyPermission(computePermissions({ role }), ['gestao_projetos'])).toBe(true);
    expect(hasAnyPermission(defaultPermissions(), ['gestao_projetos'])).toBe(true);
  });

  it('admin is only open to admins', () => {
    for (const [role] of ROLE_TABLE) expect(hasAnyPermission(computePermissions({ role }), ['admin'])).toBe(role === 'admin');
    expect(hasAnyPermission(defaultPermissions(), ['admin'])).toBe(false);
  });

  it('grantedKeys lists the open keys', () => {
    expect(grantedKeys(computePermissions({ role: 'rh' })).sort()).toEqual(
      ['documentacao', 'empresa', 'gestao_projetos', 'perfil', 'rh'].sort(),
    );
    expect(grantedKeys(computePermissions({ role: 'admin' })).sort()).toEqual(Object.keys(FLAG_OF).sort());
  });
});

describe('local cache key', () => {
  it('is per user and carries version 2', () => {
    expect(permissionsCacheKey('u1')).toContain('v2');
    expect(permissionsCacheKey('u1')).toContain('u1');
    expect(permissionsCacheKey('u1')).not.toBe(permissionsCacheKey('u2'));
  });
});
