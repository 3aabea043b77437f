import type { Services } from '../../services.ts';
import { serverState } from '../../platform/module.ts';

/**
 * When a failed delivery is tried again (decision 0652): after the first attempt fails, 5 s, then
 * 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 20 h: ten attempts over 71 h 35 min, about three
 * days. A delivery whose last attempt fails is 'failed'; an endpoint with no success since such a
 * delivery began is disabled.
 */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 72_000_000] as const;

/** How long one attempt may take (connect, answer and its body) before it counts as failed. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** How long a rotated secret keeps signing beside the new one, so receivers can switch without losing events. */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;

export type WebhookTimings = { retryDelaysMs: readonly number[]; timeoutMs: number };

/**
 * This server's schedule: the constants above, unless a test shortened them (`setWebhookTimings`)
 * to see retries and the disabling without waiting days.
 */
export const webhookTimings = (s: Services) => serverState<WebhookTimings>(s, 'webhooks.timings', () => ({ retryDelaysMs: RETRY_DELAYS_MS, timeoutMs: ATTEMPT_TIMEOUT_MS }));

export function setWebhookTimings(s: Services, timings: Partial<WebhookTimings>): void {
  Object.assign(webhookTimings(s), timings);
}
