import { ECOMMERCE_MESSAGES as M } from '@sede/shared/ecommerce/schemas';
import { AppError } from '../../../http/errors.ts';
import type { Services } from '../../../services.ts';
import { type AnswerHeaders, type CallInit, problemOf, providerApp, type ProviderApp, providerCall, type ProviderHttp, refused, type StoreAuth } from '../http.ts';

/**
 * Nuvemshop's REST API (decision 0681): `NUVEMSHOP_API_URL/{store_id}/…` with the store's token
 * in `Authentication: bearer …` and the app named in the User-Agent, as Nuvemshop asks. Its
 * tokens do not expire (no refresh).
 */
const LABEL = 'Nuvemshop';
const http = (s: Services): ProviderHttp => ({ label: LABEL, code: 'NUVEMSHOP', timeoutMs: s.cfg.NUVEMSHOP_TIMEOUT_MS });

export type NuvemshopApp = ProviderApp;

/** The installation's app, or a 409 saying Nuvemshop is not configured here. */
export const nuvemshopApp = (s: Services): NuvemshopApp => providerApp(http(s), s.cfg.NUVEMSHOP_APP_ID, s.cfg.NUVEMSHOP_CLIENT_SECRET);

export const nuvemshopConfigured = (s: Services) => Boolean(s.cfg.NUVEMSHOP_APP_ID && s.cfg.NUVEMSHOP_CLIENT_SECRET);

/** Where the person approves the app for their store; Nuvemshop sends them back to the app's redirect URL with `code` and `state`. */
export const authorizeUrl = (s: Services, state: string) => `${s.cfg.NUVEMSHOP_AUTH_URL}/apps/${encodeURIComponent(nuvemshopApp(s).appId)}/authorize?state=${encodeURIComponent(state)}`;

/** The authorisation code for the store's token: POST /apps/authorize/token. */
export async function exchangeCode(s: Services, code: string): Promise<{ accessToken: string; storeId: string }> {
  const app = nuvemshopApp(s);
  const { status, data } = await providerCall(http(s), `${s.cfg.NUVEMSHOP_AUTH_URL}/apps/authorize/token`, {
    method: 'POST',
    json: { client_id: app.appId, client_secret: app.secret, grant_type: 'authorization_code', code },
  });
  const d = (data ?? {}) as { access_token?: unknown; user_id?: unknown };
  if (status >= 400 || typeof d.access_token !== 'string' || d.user_id === undefined || d.user_id === null) {
    throw new AppError(409, 'NUVEMSHOP_API_ERROR', M.providerFailed(LABEL, problemOf(data, status)));
  }
  return { accessToken: d.access_token, storeId: String(d.user_id) };
}

export type { StoreAuth };

/** One call to the store's API; `allow404` answers null for a 404 (an order deleted, the page after the last). */
export async function nuvemshopApi<T>(s: Services, store: StoreAuth, path: string, init: Pick<CallInit, 'method' | 'json'> & { allow404?: boolean } = {}): Promise<{ data: T; headers: AnswerHeaders } | null> {
  const app = nuvemshopApp(s);
  const res = await providerCall(http(s), `${s.cfg.NUVEMSHOP_API_URL}/${encodeURIComponent(store.storeId)}/${path}`, {
    method: init.method,
    json: init.json,
    headers: { authentication: `bearer ${store.token}`, 'user-agent': `Sede (${app.appId})` },
  });
  if (res.status === 404 && init.allow404) return null;
  if (res.status >= 400) throw refused(http(s), res);
  return { data: res.data as T, headers: res.headers };
}
