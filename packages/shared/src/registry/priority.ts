import type { OnboardingArea } from '../onboarding.ts';

/**
 * Orders what /empresa shows by the company's onboarding answers ('Quais áreas deseja
 * automatizar?', spec §3): the items that serve an answer first, flagged `priority`, then
 * the rest; each part keeps the registry's order (decision 0141).
 */
export function byCompanyPriority<T extends { onboardingAreas: readonly OnboardingArea[] }>(
  items: readonly T[],
  chosen: readonly string[] | null | undefined,
): Array<{ item: T; priority: boolean }> {
  const wanted = new Set(chosen ?? []);
  const marked = items.map((item) => ({ item, priority: item.onboardingAreas.some((a) => wanted.has(a)) }));
  return [...marked.filter((m) => m.priority), ...marked.filter((m) => !m.priority)];
}
