/** TanStack Query keys of the profile. */
export const profileKeys = {
  profile: ['profile'] as const,
};
