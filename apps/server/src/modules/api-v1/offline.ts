import type { Services } from '../../services.ts';
import { publicApiDocument } from './openapi.ts';
import { publicApiRoutes } from './routes.ts';

/** The address the committed document names as its server (docs/api/openapi.v1.json). */
export const DOCUMENT_BASE_URL = 'https://sua-empresa.sede.app';

/**
 * The public API's OpenAPI document without a running server (scripts/openapi-v1.mjs: the lint
 * and the diff against the committed copy). Building the routes only registers them: nothing here
 * reaches a database, and no request is ever served by this router.
 */
export function offlinePublicApiDocument() {
  const idle = { subscribe: () => () => {}, isLive: () => false };
  const services = { state: new Map(), feed: idle, pool: null, db: null, cfg: { appUrl: DOCUMENT_BASE_URL }, clock: { now: () => 0 } } as unknown as Services;
  return publicApiDocument(publicApiRoutes(services) as never, DOCUMENT_BASE_URL);
}
