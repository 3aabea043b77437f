import { areaOf, type AreaKey } from '@sede/shared/registry/areas';
import type { GuardKey } from '@sede/shared/registry/guards';
import { MANIFESTS } from './manifests.ts';
import type { NavIcon } from '../lib/feature.ts';

export type NavItem = { key: string; title: string; path: string; icon: NavIcon; guard?: GuardKey; area?: AreaKey; description?: string };

/** The sidebar's entries, in the order of the manifests; area entries take their words from the registry. */
export const NAV_ITEMS: NavItem[] = MANIFESTS.flatMap((m) => m.nav ?? []).map((entry) => {
  if (typeof entry !== 'string') return { key: entry.path, ...entry };
  const area = areaOf(entry);
  return { key: area.key, title: area.title, path: area.path, icon: area.icon, guard: area.guard, area: area.key, description: area.description };
});

/** The department areas the sidebar shows; /empresa's cards read the registry's AREAS, the same list (routes.test.ts). */
export const AREA_ITEMS = NAV_ITEMS.filter((item): item is NavItem & { area: AreaKey; guard: GuardKey; description: string } => Boolean(item.area));
