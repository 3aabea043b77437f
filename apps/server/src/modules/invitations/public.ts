/** What other modules may use of invitations: accepting one inside the caller's transaction. */
export { acceptInvitationIn, type AcceptResult } from './service.ts';
