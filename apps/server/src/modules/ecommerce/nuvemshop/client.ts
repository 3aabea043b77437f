import { ECOMMERCE_MESSAGES as M } from '@sede/shared/ecommerce/schemas';
import { AppError, conflict } from '../../../http/errors.ts';
import type { Services } from '../../../services.ts';

/**
 * Nuvemshop's REST API (decision 0681): `NUVEMSHOP_API_URL/{store_id}/…` with the store's token
 * in `Authentication: bearer …` and the app named in the User-Agent, as Nuvemshop asks. The hosts
 * come from the installation's configuration, never from a person, so no outbound guard is needed
 * here. A refusal is a 409 naming Nuvemshop's own words; no answer, a 409 NUVEMSHOP_UNREACHABLE.
 */
const LABEL = 'Nuvemshop';

export type NuvemshopApp = { appId: string; secret: string };

/** The installation's app, or a 409 saying Nuvemshop is not configured here. */
export function nuvemshopApp(s: Services): NuvemshopApp {
  const { NUVEMSHOP_APP_ID: appId, NUVEMSHOP_CLIENT_SECRET: secret } = s.cfg;
  if (!appId || !secret) throw conflict(M.notConfigured(LABEL), 'NUVEMSHOP_NOT_CONFIGURED');
  return { appId, secret };
}

export const nuvemshopConfigured = (s: Services) => Boolean(s.cfg.NUVEMSHOP_APP_ID && s.cfg.NUVEMSHOP_CLIENT_SECRET);

/** Where the person approves the app for their store; Nuvemshop sends them back to the app's redirect URL with `code` and `state`. */
export const authorizeUrl = (s: Services, state: string) => `${s.cfg.NUVEMSHOP_AUTH_URL}/apps/${encodeURIComponent(nuvemshopApp(s).appId)}/authorize?state=${encodeURIComponent(state)}`;

async function call(s: Services, url: string, init: { method?: string; headers?: Record<string, string>; json?: unknown }): Promise<{ status: number; headers: Headers; data: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { ...init.headers, ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(s.cfg.NUVEMSHOP_TIMEOUT_MS),
    });
  } catch {
    throw new AppError(409, 'NUVEMSHOP_UNREACHABLE', M.providerUnreachable(LABEL));
  }
  const data = (await res.json().catch(() => null)) as unknown;
  return { status: res.status, headers: res.headers, data };
}

const problemOf = (data: unknown, status: number) => {
  const d = (data ?? {}) as { description?: unknown; message?: unknown; error_description?: unknown; error?: unknown };
  const text = [d.error_description, d.description, d.message, d.error].find((v) => typeof v === 'string' && v.trim());
  return (typeof text === 'string' ? text : `HTTP ${status}`).slice(0, 300);
};

/** The authorisation code for the store's token: POST /apps/authorize/token. */
export async function exchangeCode(s: Services, code: string): Promise<{ accessToken: string; storeId: string }> {
  const app = nuvemshopApp(s);
  const { status, data } = await call(s, `${s.cfg.NUVEMSHOP_AUTH_URL}/apps/authorize/token`, {
    method: 'POST',
    json: { client_id: app.appId, client_secret: app.secret, grant_type: 'authorization_code', code },
  });
  const d = (data ?? {}) as { access_token?: unknown; user_id?: unknown };
  if (status >= 400 || typeof d.access_token !== 'string' || d.user_id === undefined || d.user_id === null) {
    throw new AppError(409, 'NUVEMSHOP_API_ERROR', M.providerFailed(LABEL, problemOf(data, status)));
  }
  return { accessToken: d.access_token, storeId: String(d.user_id) };
}

export type StoreAuth = { storeId: string; token: string };

/** One call to the store's API; `allow404` answers null for a 404 (an order deleted, the page after the last). */
export async function nuvemshopApi<T>(s: Services, store: StoreAuth, path: string, init: { method?: string; json?: unknown; allow404?: boolean } = {}): Promise<{ data: T; headers: Headers } | null> {
  const app = nuvemshopApp(s);
  const res = await call(s, `${s.cfg.NUVEMSHOP_API_URL}/${encodeURIComponent(store.storeId)}/${path}`, {
    method: init.method,
    json: init.json,
    headers: { authentication: `bearer ${store.token}`, 'user-agent': `Sede (${app.appId})` },
  });
  if (res.status === 404 && init.allow404) return null;
  if (res.status >= 400) throw new AppError(409, 'NUVEMSHOP_API_ERROR', M.providerFailed(LABEL, problemOf(res.data, res.status)));
  return { data: res.data as T, headers: res.headers };
}
