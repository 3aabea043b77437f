// BrasilAPI (https://brasilapi.com.br/api/cnpj/v1/{cnpj}): relays minha-receita's body.
import { jsonApiProvider } from './json-api.ts';
import { isNotFoundMessage, mapMinhaReceita } from './minhareceita.ts';

// Its 429 comes from the edge proxy as plain text; 500 wraps an upstream failure (minha-receita
// down, 429...), 400 = it disagrees with our check. Unknown routes are 404 `Page not found.` with
// the same type: a not found needs the CNPJ message too.
export const brasilapi = jsonApiProvider({
  name: 'brasilapi',
  acceptsLetters: true,
  defaultBaseUrl: 'https://brasilapi.com.br/api',
  path: '/cnpj/v1',
  requestsPerMinute: 100,
  map: (json) => mapMinhaReceita(json, 'brasilapi'),
  isNotFound: (json) => json?.type === 'not_found' && isNotFoundMessage(json.message),
});
