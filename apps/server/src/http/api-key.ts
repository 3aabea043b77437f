import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '@sede/db/client';
import type { Permission } from '@sede/shared/registry/permissions';
import { createApiCallLog } from '../platform/api-keys/calls.ts';
import { type BudgetDecision, createKeyBudgets } from '../platform/api-keys/budget.ts';
import { createApiKeyCache, type ApiKeyRecord } from '../platform/api-keys/lookup.ts';
import { looksLikeKey } from '../platform/api-keys/secret.ts';
import { serverState } from '../platform/module.ts';
import { rateLimits } from '../platform/rate-limits.ts';
import type { Services, Tenant } from '../services.ts';
import { AppError, forbidden } from './errors.ts';
import { addressLimiter, rateLimitMessage } from './rate-limit.ts';
import { applyHeldHeaders, holdAnswerHeaders } from './security.ts';

export type { ApiKeyRecord };

/** A request of the public API (`/api/v1`, decision 0641): a key, its company and the tenant it acts as. */
export type ApiKeyEnv = {
  Variables: {
    db: Database;
    companyId: string;
    tenant: Tenant;
    apiKey: ApiKeyRecord;
  };
};

export const apiKeyCache = (s: Services) => serverState(s, 'platform.apiKeys', () => createApiKeyCache(s.pool, s.feed));
export const keyBudgets = (s: Services) => serverState(s, 'platform.apiKeyBudgets', () => createKeyBudgets(rateLimits(s)));
export const apiCallLog = (s: Services) => serverState(s, 'platform.apiCalls', () => createApiCallLog(s.pool));

const refused = (code: string, message: string) => new AppError(401, code, message);
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** What a form key may be used for, per address (its secret is in a public page). */
const FORM_ADDRESS_RULE = { window: 60, max: 30 };

/**
 * The API key of a public API request (`Authorization: Bearer sede_live_…`): a wrong, revoked or
 * expired key, or one whose creator left the company, is a 401 before anything runs. Then the
 * key's rate limit (in PostgreSQL, shared by every instance: `RateLimit-*` headers, 429 with
 * `Retry-After`), and the tenant: the key's company, its creator as the author of what it creates,
 * the key as the actor in the activity log. Every call is a line of that log.
 */
export function requireApiKey(s: Services) {
  const keys = apiKeyCache(s);
  const calls = apiCallLog(s);
  const limits = rateLimits(s);
  const budgets = keyBudgets(s);
  const perAddress = addressLimiter(limits, 'api-form');
  return createMiddleware<ApiKeyEnv>(async (c, next) => {
    const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) throw refused('UNAUTHENTICATED', 'Envie a chave de API no cabeçalho Authorization: Bearer <chave>.');
    // A kept key and a held lease decide at once: no promise awaited on a call's hot path.
    const found = looksLikeKey(token) ? keys.find(token) : null;
    const key = found instanceof Promise ? await found : found;
    if (!key) throw refused('KEY_INVALID', 'Chave de API inválida.');
    if (key.revokedAt !== null) throw refused('KEY_REVOKED', 'Esta chave de API foi revogada.');
    if (key.expiresAt !== null && key.expiresAt <= s.clock.now()) throw refused('KEY_EXPIRED', 'Esta chave de API expirou.');
    if (!key.grants || !key.createdBy) throw refused('KEY_OWNER_GONE', 'Quem criou esta chave não faz mais parte da empresa: peça a um administrador uma chave nova.');
    if (key.kind === 'form') {
      const origin = c.req.header('origin');
      if (origin !== undefined && !key.allowedOrigins.includes(origin)) throw forbidden('Este site não está autorizado a usar esta chave de formulário.');
      await perAddress(c, key.id, FORM_ADDRESS_RULE);
    }
    const decided = budgets.take(key.id, key.rateLimitPerMinute);
    rateHeaders(c, key, decided instanceof Promise ? await decided : decided);
    keys.touch(key);
    c.set('db', s.db);
    c.set('apiKey', key);
    c.set('companyId', key.companyId);
    c.set('tenant', { db: s.db, companyId: key.companyId, actorId: key.createdBy, apiKeyId: key.id });
    try {
      await next();
    } finally {
      applyHeldHeaders(c);
      calls.record({ companyId: key.companyId, keyId: key.id, method: c.req.method, path: routePath(c), status: c.res.status, at: Date.now() });
    }
  });
}

/** The route's pattern (`/api/v1/deals/:id`), not the ids of the call. */
const routePath = (c: Context) => c.req.routePath || c.req.path;

/**
 * The key's `RateLimit-*` headers, held for the answer in one plain record (a kept list writes
 * them with its own, decision 0774; any other answer gets them after its route); a refusal is the
 * 429 with `Retry-After`.
 */
function rateHeaders(c: Context, key: ApiKeyRecord, d: BudgetDecision) {
  const max = key.rateLimitPerMinute;
  const headers = {
    'ratelimit-limit': String(max),
    'ratelimit-remaining': String(d.remaining),
    'ratelimit-reset': String(d.resetIn),
    'ratelimit-policy': `${max};w=60`,
  };
  if (d.allowed) return holdAnswerHeaders(c, headers);
  for (const name in headers) c.header(name, headers[name as keyof typeof headers]);
  const wait = d.resetIn;
  c.header('Retry-After', String(wait));
  throw new AppError(429, 'RATE_LIMITED', rateLimitMessage(wait), { retryAfter: wait });
}

/**
 * The key must hold one of the permissions (a form key holds none: it only posts leads). Checked
 * on every request, against the key's permissions as its creator's grants still allow them.
 */
export const requireKeyPermission = (...permissions: [Permission, ...Permission[]]) =>
  keyPermissions(
    createMiddleware<ApiKeyEnv>((c, next) => {
      const key = c.get('apiKey');
      if (key.kind !== 'secret' || !permissions.some((p) => key.grants?.has(p))) {
        throw forbidden(`Esta chave não tem a permissão necessária (${permissions.join(' ou ')}).`);
      }
      return next();
    }),
    { anyOf: permissions },
  );

/** What a key must hold for a route, as its guard declares it (read by the OpenAPI document). */
export type KeyPermissions = { anyOf: readonly Permission[] } | { allOf: readonly Permission[]; orFormKey?: true };
export const KEY_PERMISSIONS = Symbol('sede.keyPermissions');
/** Marks a guard with what it asks of a key. */
export const keyPermissions = <M extends object>(middleware: M, needs: KeyPermissions): M => Object.assign(middleware, { [KEY_PERMISSIONS]: needs });
export const keyPermissionsOf = (handler: unknown): KeyPermissions | undefined => (handler as Record<symbol, KeyPermissions | undefined>)[KEY_PERMISSIONS];
