import { defineModule } from '../../platform/module.ts';
import { invitationsRoutes } from './routes.ts';
import { registerInvitationQueue } from './queue.ts';

/** Team invitations: sending (queued e-mail), acceptance, resend and revoke. */
export default defineModule({
  key: 'invitations',
  mount: '/invitations',
  routes: invitationsRoutes,
  start: registerInvitationQueue,
});
