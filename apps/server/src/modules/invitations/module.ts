import { defineModule } from '../../platform/module.ts';
import { invitationsRoutes } from './routes.ts';
import { registerInvitationQueue } from './queue.ts';
import { processInviteAfterConfirmation } from './service.ts';

/** Team invitations: sending (queued e-mail), acceptance, resend and revoke. */
export default defineModule({
  key: 'invitations',
  mount: '/invitations',
  routes: invitationsRoutes,
  start: async (s) => {
    // process_invite_after_confirmation: an account created from an invitation joins its company on confirming.
    s.authHooks.afterEmailVerification.push((user) => processInviteAfterConfirmation(s.pool, user.id));
    await registerInvitationQueue(s);
  },
});
