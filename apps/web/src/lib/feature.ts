import type { ComponentType } from 'react';
import type { Access } from '@sede/shared/permissions';
import type { AreaIcon } from '@sede/shared/registry/areas';
import type { PermissionArea } from '@sede/shared/registry/permissions';
import type { ToolIcon } from '@sede/shared/registry/tools';

/**
 * `firstViewReady`: the lazy parts the page's first view shows at this address, loaded before the
 * route renders, so a prerendered page hydrates them in its first pass (decision 0758).
 */
type PageModule = Promise<{ default: ComponentType; firstViewReady?: () => Promise<unknown> | undefined }>;

export type RouteDef = {
  path: string;
  /** The page's title: the shell's heading and the browser tab ('<title> · Sede'). */
  title: string;
  /**
   * public: no guard; signed-in: any signed-in person; a list: at least one of them open — the
   * spec's guard keys for the spec's routes (§2), a permission (`'frota.read'`) for any other.
   */
  access: 'public' | 'signed-in' | Access[];
  /** shell: sidebar and top bar; focus: a single card on a quiet background. */
  layout: 'shell' | 'focus';
  /** On a refused permission: the not-found page instead of the access-denied screen. */
  deniedAs?: 'not-found';
  page: () => PageModule;
  /**
   * API paths (GET, as `api()` is called with them) the page's first view reads, started by the
   * router as it loads the page's code so the data does not wait for it (lib/early-get.ts, decision 0761).
   */
  early?: readonly string[];
};

/** The icons a navigation entry may name; components/nav-icons.ts (generated) maps each to its component. */
export type NavIcon = AreaIcon | ToolIcon | 'Building2';

/** A sidebar link of the shell's own (the department areas come from the registry, in its order). */
export type NavEntry = { path: string; title: string; icon: NavIcon };

/** What a feature adds to the app: its routes (lazy pages), its own sidebar links, and the area it serves (none: the platform's). */
export type FeatureManifest = { area?: PermissionArea; routes: RouteDef[]; nav?: NavEntry[] };
