/** TanStack Query keys of invitations. */
export const invitationKeys = {
  /** The company's pending invitations (admin area). */
  pending: ['invitations', 'pending'] as const,
  /** Invitations addressed to the signed-in person. */
  mine: ['invitations', 'mine'] as const,
  /** Keyed by the viewer too: signing in changes what the server says (viewerIsMember, accepted). */
  byToken: (token: string, viewerId: string | null) => ['invitation', token, viewerId] as const,
};
