import * as n from '../normalize.ts';
import type { CnpjProvider, ProviderOutcome } from '../types.ts';

type JsonApi = Pick<CnpjProvider, 'name' | 'acceptsLetters' | 'defaultBaseUrl' | 'requestsPerMinute'> & {
  /** The path before the CNPJ, under the base URL ('/office'). */
  path: string;
  /** The company of a 200's body. */
  map: (json: n.Json) => ProviderOutcome;
  /** Whether a 404's body (null: not JSON) says the CNPJ does not exist, not that the route is wrong. */
  isNotFound: (json: n.Json | null) => boolean;
  /** How long its 429 asks to wait, when its body says (`now` in ms). */
  retryAfterMs?: (json: n.Json | null, now: number) => number | undefined;
};

/**
 * A provider whose answers follow HTTP: 200 with the company as JSON, 404 for an unknown CNPJ,
 * 429 over its limit; anything else failed.
 */
export function jsonApiProvider(api: JsonApi): CnpjProvider {
  const { path, map, isNotFound, retryAfterMs, ...provider } = api;
  return {
    ...provider,
    url: (base, cnpj) => `${n.trimSlash(base)}${path}/${cnpj}`,
    parse(status, contentType, bodyText, now = Date.now()) {
      const json = n.readJson(contentType, bodyText);
      if (status === 429) return { kind: 'rate_limited', ...(retryAfterMs ? { retryAfterMs: retryAfterMs(json, now) } : {}) };
      if (status === 200) return json ? map(json) : n.failed('200 without a JSON object');
      if (status === 404 && isNotFound(json)) return { kind: 'not_found' };
      return n.failed(`HTTP ${status}`);
    },
  };
}
