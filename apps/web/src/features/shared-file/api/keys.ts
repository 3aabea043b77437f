/** TanStack Query keys of the shared-file page. */
export const sharedFileKeys = {
  file: (token: string) => ['shared-file', token] as const,
};
