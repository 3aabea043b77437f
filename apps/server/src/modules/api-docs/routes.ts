import { randomBytes } from 'node:crypto';
import { Scalar } from '@scalar/hono-api-reference';
import { Hono } from 'hono';
import { contract } from '../../http/contract.ts';
import { ROUTE_CSP } from '../../http/security.ts';
import type { Services } from '../../services.ts';

/**
 * The reference is Scalar's standalone bundle, pinned to one version and checked by its
 * Subresource Integrity hash (decision 0643): the browser runs it only if its bytes are these.
 */
export const SCALAR_BUNDLE = {
  url: 'https://cdn.jsdelivr.net/npm/@scalar/api-reference@1.76.4/dist/browser/standalone.js',
  integrity: 'sha384-hwB9WroDTpZaI38gr+u9CXA6ksz5gUYgD2GxXazKl/agT1L2GWUiRFWGJYNiFu4Q',
};

/**
 * The page's own policy: its two scripts (the bundle by address and hash, the inline start by
 * nonce), data only from our origin (the document, 'Testar' calls to /api/v1), no framing.
 */
const policy = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' ${SCALAR_BUNDLE.url}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/** /api/docs: the public API's reference and guide, rendered from /api/v1/openapi.json. */
export function apiDocsRoutes(_s: Services) {
  const r = new Hono();
  r.get('/', contract({ summary: 'Referência da API pública (página)', public: true, response: { media: 'text/html', description: 'A página da referência' } }), async (c) => {
    const nonce = randomBytes(16).toString('base64');
    const render = Scalar({
      url: '/api/v1/openapi.json',
      pageTitle: 'Sede — API pública',
      cdn: SCALAR_BUNDLE.url,
      nonce,
      theme: 'default',
      withDefaultFonts: false,
      showDeveloperTools: 'never',
      localization: { locale: 'pt' },
      modelsSectionLabel: 'Modelos',
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
      metaData: { title: 'Sede — API pública' },
    } as Parameters<typeof Scalar>[0]);
    const page = await render(c, async () => {});
    const html = (await (page as Response).text())
      .replace('<html>', '<html lang="pt-BR">')
      .replace(`<script src="${SCALAR_BUNDLE.url}"`, `<script src="${SCALAR_BUNDLE.url}" integrity="${SCALAR_BUNDLE.integrity}" crossorigin="anonymous"`);
    c.header(ROUTE_CSP, policy(nonce));
    c.header('Cache-Control', 'no-store');
    return c.html(html);
  });
  return r;
}
