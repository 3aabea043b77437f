import type { ComponentType } from 'react';
import type { AreaIcon, AreaKey } from '@sede/shared/registry/areas';
import type { GuardKey } from '@sede/shared/registry/guards';
import type { ToolIcon } from '@sede/shared/registry/tools';

type PageModule = Promise<{ default: ComponentType }>;

export type RouteDef = {
  path: string;
  /** The page's title: the shell's heading and the browser tab ('<title> · Sede'). */
  title: string;
  /** public: no guard; signed-in: any signed-in person; a list: at least one permission key. */
  access: 'public' | 'signed-in' | GuardKey[];
  /** shell: sidebar and top bar; focus: a single card on a quiet background. */
  layout: 'shell' | 'focus';
  /** On a refused permission: the not-found page instead of the access-denied screen. */
  deniedAs?: 'not-found';
  page: () => PageModule;
};

/** The icons a navigation entry may name; components/nav-icons.ts maps each to its component. */
export type NavIcon = AreaIcon | ToolIcon | 'Building2';

/** A sidebar entry: a registry area's key (title, path, icon and guard come from the registry) or a plain link. */
export type NavEntry = AreaKey | { path: string; title: string; icon: NavIcon };

/** What a feature adds to the app: its routes (lazy pages) and its sidebar entries. */
export type FeatureManifest = { routes: RouteDef[]; nav?: NavEntry[] };
