import type { Services } from '../../../services.ts';
import type { StoreAuth } from '../http.ts';
import { type EcommerceProvider, webhookUrl } from '../provider.ts';
import { authorizeUrl, exchangeCode, nuvemshopApi, nuvemshopConfigured } from './client.ts';
import { syncOrdersSince, WEBHOOK_EVENTS } from './sync.ts';

/** The store's webhooks at Nuvemshop, one per event, to this server's address; their ids. */
async function registerWebhooks(s: Services, auth: StoreAuth): Promise<string[]> {
  const url = webhookUrl(s, 'nuvemshop');
  const existing = (await nuvemshopApi<Array<{ id: number | string; event: string; url: string }>>(s, auth, 'webhooks'))?.data ?? [];
  const ids: string[] = [];
  for (const event of WEBHOOK_EVENTS) {
    const same = existing.find((w) => w.event === event && w.url === url);
    if (same) {
      ids.push(String(same.id));
      continue;
    }
    const res = await nuvemshopApi<{ id: number | string }>(s, auth, 'webhooks', { method: 'POST', json: { event, url } });
    if (res) ids.push(String(res.data.id));
  }
  return ids;
}

/** Nuvemshop through the shared machinery (decisions 0681, 0683). */
export const nuvemshop: EcommerceProvider = {
  key: 'nuvemshop',
  configured: nuvemshopConfigured,
  authorizeUrl,
  async exchangeCode(s, code) {
    const { accessToken, storeId } = await exchangeCode(s, code);
    return { storeId, accessToken, refreshToken: null, expiresAt: null };
  },
  async describe(s, auth) {
    const info = await nuvemshopApi<{ name?: Record<string, string> | string }>(s, auth, 'store');
    const rawName = typeof info?.data.name === 'string' ? info.data.name : (info?.data.name?.pt ?? Object.values(info?.data.name ?? {})[0]);
    return { name: (rawName ?? '').trim(), webhookIds: await registerWebhooks(s, auth) };
  },
  async forget(s, auth, webhookIds) {
    for (const wid of webhookIds) {
      await nuvemshopApi(s, auth, `webhooks/${encodeURIComponent(wid)}`, { method: 'DELETE', allow404: true }).catch(() => null);
    }
  },
  syncOrders: (s, store, auth, o) =>
    syncOrdersSince(s, store, auth, o.since, { field: o.changed === 'created' ? 'created_at_min' : 'updated_at_min', reason: o.reason, onPage: o.onPage }),
};
