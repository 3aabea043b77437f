import type { OnboardingArea } from '../onboarding.ts';
import type { CustomPermissionKey, GrantedRole, PermissionFlag } from './spec.ts';
import type { ToolGroupKey } from './tool-groups.ts';

/** A tool every member may open (spec §2), shown in the sidebar's 'Ferramentas' and on /empresa (decision 0140). */
export type ToolDeclaration = {
  path: string;
  /** The route's title (the shell's heading and the browser tab). */
  title: string;
  /** One line: what the tool is for. */
  description: string;
  /** A lucide icon name (the web's components/nav-icons.ts is generated from the declarations). */
  icon: string;
  group: ToolGroupKey;
};

/** Some of the area's actions, or every one of them. */
type ActionList<A extends string> = readonly A[] | 'all';

/** Who holds which of the area's actions (decision 0125). `admin` holds every action of every area. */
type Grants<A extends string> = {
  /** Every member of a company, whatever the role. */
  members?: readonly A[];
  /** The display default without a membership, on an error or while loading (spec §6): the web only. */
  withoutMembership?: readonly A[];
  /** Stored roles, on top of `members`. */
  roles?: { readonly [R in Exclude<GrantedRole, 'admin'>]?: ActionList<A> };
  /** custom_permissions keys of the role `custom`, on top of `members`. */
  custom?: { readonly [K in CustomPermissionKey]?: ActionList<A> };
};

/** One of the spec's guard keys (§3) with its flag (§6) and the action it stands for: ONLY where the spec names one. */
type Guard<A extends string> = { key: string; flag: PermissionFlag; action: A; /** Words when not the area's title. */ label?: string };

type Common<A extends string> = {
  /** The area's one name in code: permissions are `<key>.<action>`; modules and features name it in `area`. */
  key: string;
  /** Position in every list of areas (sidebar, /empresa, the permission table): lower first, gaps of ten. */
  order: number;
  /** Portuguese, as the person reads it (sidebar, cards, the access-denied screen). */
  title: string;
  /** What the area lets a person do. */
  actions: readonly A[];
  grants?: Grants<A>;
  guards?: readonly Guard<A>[];
};

/**
 * department: a card on /empresa and an entry in the sidebar, opened by its spec guard or else by
 * `<key>.read`. tools: the permissions behind the member tools (decision 0125), no entry of their
 * own. platform: the company and the profile, reached from the shell.
 */
export type AreaDeclaration<A extends string = string> =
  | (Common<A> & {
      kind: 'department';
      description: string;
      /** The area's home route. */
      path: string;
      /** A lucide icon name (the web's components/nav-icons.ts is generated from the declarations). */
      icon: string;
      /** The onboarding answers ('Quais áreas deseja automatizar?') this area serves. */
      onboardingAreas: readonly OnboardingArea[];
      /** Its pages open to every signed-in member, whatever the role (spec §2). */
      memberTools?: readonly ToolDeclaration[];
    })
  | (Common<A> & { kind: 'tools' | 'platform'; description?: string; path?: string; icon?: string });

/**
 * An area's declaration, the one place it is described (`registry/areas/<key>.ts`, collected by the
 * generated `registry/areas/index.ts`). Grants and guards may only name the area's own actions.
 */
export const defineArea = <const D extends AreaDeclaration>(area: D & AreaDeclaration<D['actions'][number]>): D => area;
