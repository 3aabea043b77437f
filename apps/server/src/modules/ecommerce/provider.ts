import type { Provider } from '@sede/shared/ecommerce/schemas';
import type { SystemReason } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import type { StoreAuth } from './http.ts';
import type { StoreRef } from './into-sede.ts';

/** The tokens an authorisation code (or a refresh) gives; `refreshToken`/`expiresAt` only where they expire. */
export type Tokens = { storeId: string; accessToken: string; refreshToken: string | null; expiresAt: Date | null };

export type SyncOptions = { since: Date; changed: 'created' | 'updated'; reason: SystemReason; onPage?: (done: number, total: number | null) => void };

/**
 * What a store platform gives the shared machinery (decision 0683): stores.ts connects,
 * refreshes and disconnects through it, import.ts imports and catches up through it; orders
 * go through `applyOrder` and into Sede the same way whichever platform sold them.
 */
export type EcommerceProvider = {
  key: Provider;
  configured(s: Services): boolean;
  /** Where the person approves Sede at the platform; it sends them back to /ecommerce/conectar/<key>. */
  authorizeUrl(s: Services, state: string): string;
  exchangeCode(s: Services, code: string): Promise<Tokens>;
  /** Renews an expiring token (a refused refresh throws, in the platform's words). */
  refreshTokens?(s: Services, refreshToken: string): Promise<Omit<Tokens, 'storeId'>>;
  /** After the exchange: the store's name and the webhooks registered for it (their ids). */
  describe(s: Services, auth: StoreAuth): Promise<{ name: string; webhookIds: string[] }>;
  /** Best effort: what the platform should forget on a disconnection (webhooks, the grant). */
  forget(s: Services, auth: StoreAuth, webhookIds: string[]): Promise<void>;
  /** Every order created (import) or changed (catch-up) since `since`, each applied in place; how many. */
  syncOrders(s: Services, store: StoreRef, auth: StoreAuth, o: SyncOptions): Promise<number>;
};

/** The callback URL every provider's notifications reach. */
export const webhookUrl = (s: Services, provider: Provider) => `${s.cfg.appUrl}/api/ecommerce/webhooks/${provider}`;
