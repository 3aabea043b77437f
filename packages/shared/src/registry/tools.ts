import type { ToolDeclaration } from './area.ts';
import { AREA_DECLARATIONS } from './areas/index.ts';
import type { ToolGroupKey } from './tool-groups.ts';

export { TOOL_GROUPS, type ToolGroupKey } from './tool-groups.ts';

export type ToolDef = ToolDeclaration;

type Declared = (typeof AREA_DECLARATIONS)[number];
export type MemberTool = Extract<Declared, { memberTools: readonly unknown[] }>['memberTools'][number];
export type ToolIcon = MemberTool['icon'];

/**
 * The tools the spec (§2) opens to every signed-in member, whatever the role: the areas'
 * `memberTools` with their words, icons and groups (decision 0140), in the declarations' order.
 * The sidebar's 'Ferramentas' section, /empresa's tool cards and the routes' titles read this list.
 */
export const MEMBER_TOOLS: readonly MemberTool[] = /* @__PURE__ */ AREA_DECLARATIONS.flatMap((a) => (a as { memberTools?: readonly MemberTool[] }).memberTools ?? []);

/** The tools of a group, in the list's order. */
export const toolsOf = (group: ToolGroupKey) => MEMBER_TOOLS.filter((t) => t.group === group);

export const toolOf = (path: string) => MEMBER_TOOLS.find((t) => t.path === path);
