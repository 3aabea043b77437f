// BrasilAPI (https://brasilapi.com.br/api/cnpj/v1/{cnpj}): relays minha-receita's body.
import * as n from '../normalize.ts';
import type { CnpjProvider } from '../types.ts';
import { isNotFoundMessage, mapMinhaReceita } from './minhareceita.ts';

export const brasilapi: CnpjProvider = {
  name: 'brasilapi',
  acceptsLetters: true,
  defaultBaseUrl: 'https://brasilapi.com.br/api',
  requestsPerMinute: 100,
  url: (base, cnpj) => `${n.trimSlash(base)}/cnpj/v1/${cnpj}`,
  parse(status, contentType, bodyText) {
    // The 429 comes from the edge proxy as plain text.
    if (status === 429) return { kind: 'rate_limited' };
    const json = n.readJson(contentType, bodyText);
    if (status === 200) return json ? mapMinhaReceita(json, 'brasilapi') : n.failed('200 without a JSON object');
    // Unknown routes are 404 `Page not found.` with the same type: require the CNPJ message too.
    if (status === 404 && json?.type === 'not_found' && isNotFoundMessage(json.message)) return { kind: 'not_found' };
    // 500 wraps an upstream failure (minha-receita down, 429...), 400 = it disagrees with our check.
    return n.failed(`HTTP ${status}`);
  },
};
