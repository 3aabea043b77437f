import { createRateLimitStore, type RateLimitStore } from '../http/rate-limit.ts';
import type { Services } from '../services.ts';
import { serverState } from './module.ts';

/** The server's one rate-limit store (platform state, not company data: modules never reach the pool for it). */
export const rateLimits = (s: Services): RateLimitStore => serverState(s, 'platform.rateLimits', () => createRateLimitStore(s.pool));
