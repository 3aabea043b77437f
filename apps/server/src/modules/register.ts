import type { Services } from '../services.ts';
import { registerInvitationQueue } from './invitations/queue.ts';

/** Start-up work of modules (queues, scheduled jobs). Each module adds its line here. */
export async function registerModules(s: Services): Promise<void> {
  await registerInvitationQueue(s);
  await (await import('./billing/cycle.ts')).registerBillingJobs(s);
}
