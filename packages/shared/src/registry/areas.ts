import type { OnboardingArea } from '../onboarding.ts';
import { AREA_DECLARATIONS } from './areas/index.ts';
import type { GuardKey } from './guards.ts';
import type { Permission } from './permission-type.ts';

type Declared = (typeof AREA_DECLARATIONS)[number];
type Department = Extract<Declared, { kind: 'department' }>;

export type AreaDef = {
  key: string;
  title: string;
  description: string;
  /** The area's home route. */
  path: string;
  /** A lucide icon name; the web maps names to components (components/nav-icons.ts, generated). */
  icon: string;
  /** The spec's guard key (§3) that opens the area, where the spec names one; else `<key>.read` opens it. */
  guard?: GuardKey;
  /** The onboarding answers ('Quais áreas deseja automatizar?') this area serves. */
  onboardingAreas: readonly OnboardingArea[];
  /** Paths of the area's pages open to every signed-in member, whatever the role (spec §2). */
  memberTools: readonly string[];
};

const isDepartment = (a: Declared): a is Department => a.kind === 'department';
/** The declaration's first spec guard (a department opened by one), if it names any. */
const guardOf = (a: Declared) => (a as { guards?: ReadonlyArray<{ key: GuardKey }> }).guards?.[0]?.key;
const toolPaths = (a: Declared) => ((a as { memberTools?: ReadonlyArray<{ path: string }> }).memberTools ?? []).map((t) => t.path);

/**
 * The department areas (spec §1, §2), each once, in the declarations' order: the sidebar,
 * /empresa's cards and the bundle check read this list. Read from `areas/<key>.ts`.
 */
export const AREAS = /* @__PURE__ */ AREA_DECLARATIONS.filter(isDepartment).map((a) => ({
  key: a.key,
  title: a.title,
  description: a.description,
  path: a.path,
  icon: a.icon,
  ...(guardOf(a) && { guard: guardOf(a) }),
  onboardingAreas: a.onboardingAreas,
  memberTools: toolPaths(a),
})) satisfies AreaDef[];

export type AreaKey = Department['key'];
export type AreaIcon = Department['icon'];

export const areaOf = (key: AreaKey) => AREAS.find((a) => a.key === key)!;

/** What opens an area: its spec guard key, or else `<key>.read`. */
export const areaAccess = (area: AreaDef): GuardKey | Permission => area.guard ?? (`${area.key}.read` as Permission);

/** The areas that serve an onboarding answer ('sales' → Comercial). */
export const areasForOnboarding = (value: OnboardingArea) => AREAS.filter((a) => (a.onboardingAreas as readonly OnboardingArea[]).includes(value));
