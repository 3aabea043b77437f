import { defineModule } from '../../platform/module.ts';
import { invitationsRoutes } from './routes.ts';
import { registerInvitationQueue } from './queue.ts';
import { invitationProvesEmail, processInviteAfterConfirmation } from './service.ts';

/** Team invitations: sending (queued e-mail), acceptance, resend and revoke. */
export default defineModule({
  key: 'invitations',
  area: 'admin',
  mount: '/invitations',
  routes: invitationsRoutes,
  start: async (s) => {
    // process_invite_after_confirmation: an account created from an invitation joins its company on confirming.
    s.authHooks.afterEmailVerification.push((user) => processInviteAfterConfirmation(s.pool, user.id));
    // Signing up through the invitation link: the token proves the address (decision 0082).
    s.authHooks.signUpProvesEmail.push((user) => invitationProvesEmail(s.pool, user.invitedToken, user.email));
    await registerInvitationQueue(s);
  },
});
