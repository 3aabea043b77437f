/**
 * The navigations the routing rules have already judged, by key. One slot was not enough: React
 * may render a navigation's page in a transition, drop that render when an urgent update arrives
 * (the person's new profile), and render the previous location again. With one slot the previous
 * location looked new and was judged a second time, against the new profile: a company just
 * created on /company-setup sent the page to /onboarding after it had reached /team-invite.
 */
export function createDecidedKeys(limit = 50) {
  const keys = new Set<string>();
  return {
    /** True the first time a key is seen, false ever after (while among the last `limit` keys). */
    firstTime(key: string): boolean {
      if (keys.has(key)) return false;
      keys.add(key);
      if (keys.size > limit) keys.delete(keys.values().next().value as string);
      return true;
    },
  };
}
