import type { Access } from '@sede/shared/permissions';
import { areaAccess, AREAS, type AreaKey } from '@sede/shared/registry/areas';
import { MANIFESTS } from './manifests.ts';
import type { NavIcon } from '../lib/feature.ts';

export type NavItem = { key: string; title: string; path: string; icon: NavIcon; access?: Access; area?: AreaKey; description?: string };

/**
 * The sidebar's entries: the features' own links (Empresa), then every department area of the
 * registry in its order, with its words, path, icon and what opens it (its spec guard, else `<key>.read`).
 */
export const NAV_ITEMS: NavItem[] = [
  ...MANIFESTS.flatMap((m) => m.nav ?? []).map((entry) => ({ key: entry.path, ...entry })),
  ...AREAS.map((area) => ({ key: area.key, title: area.title, path: area.path, icon: area.icon, access: areaAccess(area), area: area.key, description: area.description })),
];

/** The department areas the sidebar shows; /empresa's cards read the registry's AREAS, the same list (routes.test.ts). */
export const AREA_ITEMS = NAV_ITEMS.filter((item): item is NavItem & { area: AreaKey; access: Access; description: string } => Boolean(item.area));
