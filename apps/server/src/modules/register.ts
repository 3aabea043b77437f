import type { Services } from '../services.ts';

/** Start-up work of modules (queues, scheduled jobs). Each module adds its line here. */
export async function registerModules(_s: Services): Promise<void> {}
