import type { EcommerceProvider } from '../provider.ts';
import { authorizeUrl, exchangeCode, mercadolivreApi, mercadolivreApp, mercadolivreConfigured, refreshTokens } from './client.ts';
import { syncOrdersSince } from './sync.ts';

type User = { id?: number; nickname?: string; first_name?: string; last_name?: string };

/**
 * Mercado Livre through the shared machinery (decisions 0683, 0684): its notifications are
 * configured once on the app (URL and topics), so a connection registers nothing; a
 * disconnection revokes the seller's grant to the app.
 */
export const mercadolivre: EcommerceProvider = {
  key: 'mercadolivre',
  configured: mercadolivreConfigured,
  authorizeUrl,
  exchangeCode,
  refreshTokens: async (s, refreshToken) => {
    const { accessToken, refreshToken: next, expiresAt } = await refreshTokens(s, refreshToken);
    return { accessToken, refreshToken: next ?? refreshToken, expiresAt };
  },
  async describe(s, auth) {
    const me = await mercadolivreApi<User>(s, auth, 'users/me');
    return { name: (me?.nickname ?? [me?.first_name, me?.last_name].filter(Boolean).join(' ')).trim(), webhookIds: [] };
  },
  async forget(s, auth) {
    const app = mercadolivreApp(s);
    await mercadolivreApi(s, auth, `users/${encodeURIComponent(auth.storeId)}/applications/${encodeURIComponent(app.appId)}`, { method: 'DELETE', allow404: true }).catch(() => null);
  },
  syncOrders: syncOrdersSince,
};
