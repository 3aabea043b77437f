/** TanStack Query keys of the auth feature. Other features use these, never literals. */
export const authKeys = {
  /** GET /api/me: the signed-in bootstrap. */
  me: ['me'] as const,
  /** GET /api/config. */
  config: ['config'] as const,
};
