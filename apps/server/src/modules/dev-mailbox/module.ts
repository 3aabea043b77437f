import { defineModule } from '../../platform/module.ts';
import { devMailboxRoutes, devMailboxServes } from './routes.ts';

/** The dev mailbox: every e-mail the app would send, when no SMTP server is configured. */
export default defineModule({
  key: 'dev-mailbox',
  mount: '/dev/mailbox',
  enabled: (s) => s.mailer.mode === 'dev-mailbox',
  routes: devMailboxRoutes,
  publicConfig: (s, c) => ({ devMailbox: devMailboxServes(s, c) }),
});
