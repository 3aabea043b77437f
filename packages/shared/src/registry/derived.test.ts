import { describe, expect, it } from 'vitest';
import { defaultPermissions } from '../permission-set.ts';
import { AREAS } from './areas.ts';
import { flagLabel, GUARD_LABELS } from './guard-labels.ts';
import { DEFAULT_GRANTS, GUARDS } from './guards.ts';
import * as legacyAreas from './legacy/areas.ts';
import * as legacyLabels from './legacy/guard-labels.ts';
import * as legacyGuards from './legacy/guards.ts';
import * as legacy from './legacy/permissions.ts';
import * as legacyTools from './legacy/tools.ts';
import { ALL_PERMISSIONS, AREA_ACTIONS, CUSTOM_PERMISSION_GRANTS, CUSTOM_PERMISSION_KEYS, MEMBER_GRANTS, ROLE_GRANTS } from './permissions.ts';
import { MEMBER_TOOLS } from './tools.ts';

/**
 * Once, while the hand-written tables still exist (`legacy/`, today's files verbatim): the tables
 * derived from the area declarations equal them. Lists that only ever become a set (a role's
 * grants, the default set) are compared as sets; every list whose order shows is compared in order.
 */
const sorted = (list: readonly string[]) => [...list].sort();
const sortedValues = (table: Record<string, readonly string[]>) => Object.fromEntries(Object.entries(table).map(([k, v]) => [k, sorted(v)]));

describe('the tables derived from the area declarations equal the hand-written ones', () => {
  it('AREA_ACTIONS and ALL_PERMISSIONS, keys and actions in order', () => {
    expect(JSON.stringify(AREA_ACTIONS)).toBe(JSON.stringify(legacy.AREA_ACTIONS));
    expect(ALL_PERMISSIONS).toEqual(legacy.ALL_PERMISSIONS);
  });

  it('MEMBER_GRANTS in order; ROLE_GRANTS and CUSTOM_PERMISSION_GRANTS key by key; DEFAULT_GRANTS', () => {
    expect(MEMBER_GRANTS).toEqual(legacy.MEMBER_GRANTS);
    expect(Object.keys(ROLE_GRANTS)).toEqual(Object.keys(legacy.ROLE_GRANTS));
    expect(sortedValues(ROLE_GRANTS)).toEqual(sortedValues(legacy.ROLE_GRANTS));
    expect(CUSTOM_PERMISSION_KEYS).toEqual(legacy.CUSTOM_PERMISSION_KEYS);
    expect(Object.keys(CUSTOM_PERMISSION_GRANTS)).toEqual(Object.keys(legacy.CUSTOM_PERMISSION_GRANTS));
    expect(sortedValues(CUSTOM_PERMISSION_GRANTS)).toEqual(sortedValues(legacy.CUSTOM_PERMISSION_GRANTS));
    expect(sorted(DEFAULT_GRANTS)).toEqual(sorted(legacy.DEFAULT_GRANTS));
    expect(JSON.stringify(defaultPermissions())).toBe(JSON.stringify(Object.fromEntries([['role', null], ...legacyGuards.GUARDS.map((g) => [g.flag, (legacy.DEFAULT_GRANTS as readonly string[]).includes(g.permission)])])));
  });

  it('GUARDS in the spec order; the labels of every guard key and flag', () => {
    expect(GUARDS).toEqual(legacyGuards.GUARDS);
    expect(GUARD_LABELS).toEqual(legacyLabels.GUARD_LABELS);
    for (const g of GUARDS) expect(flagLabel(g.flag)).toBe(legacyLabels.flagLabel(g.flag));
  });

  it('AREAS in order, every field (member tools as a set of paths)', () => {
    const withSortedTools = (areas: ReadonlyArray<{ memberTools: readonly string[] }>) => areas.map((a) => ({ ...a, memberTools: sorted(a.memberTools) }));
    expect(withSortedTools(AREAS)).toEqual(withSortedTools(legacyAreas.AREAS));
    expect(AREAS.map((a) => Object.keys(a))).toEqual(legacyAreas.AREAS.map((a) => Object.keys(a)));
  });

  it('MEMBER_TOOLS in order, every field', () => {
    expect(MEMBER_TOOLS).toEqual(legacyTools.MEMBER_TOOLS);
  });
});
