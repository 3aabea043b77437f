/** What other features may use of the invitations: sending and managing them (Administração), the notice of pending ones, and accepting one while completing a profile. */
export { acceptInvitation, processInviteAfterConfirmation } from './api/accept-invitation.ts';
export { useInvitationByToken } from './api/get-invitation-by-token.ts';
export { invitationsQueryKey, invitationsQueryOptions, usePendingInvitations } from './api/list-invitations.ts';
export { useResendInvitation } from './api/resend-invitation.ts';
export { useRevokeInvitation } from './api/revoke-invitation.ts';
export { useSendInvitation } from './api/send-invitation.ts';
export { welcomeMessage } from './components/invite-received.tsx';
export { InviteMemberForm } from './components/invite-member-form-lazy.tsx';
export type { InviteEntry } from './components/invite-member-form.tsx';
export { InviteSummary } from './components/invite-summary.tsx';
export { PendingInvitationsNotice } from './components/pending-invitations-notice.tsx';
