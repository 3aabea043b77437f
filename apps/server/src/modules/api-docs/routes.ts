import { randomBytes } from 'node:crypto';
import { Scalar } from '@scalar/hono-api-reference';
import { Hono } from 'hono';
import { contract } from '../../http/contract.ts';
import { ROUTE_CSP } from '../../http/security.ts';
import type { Services } from '../../services.ts';
import { SCALAR_BUNDLE, scalarBundle } from './bundle.ts';

export { SCALAR_BUNDLE } from './bundle.ts';

/**
 * The page's own policy (decision 0654): its two scripts (the bundle from our origin, checked by
 * hash, and the inline start, both by nonce), data only from our origin (the document, 'Testar'
 * calls to /api/v1), no framing. Styles allow inline on this page only: the reference sets
 * style attributes in the markup it renders.
 */
const policy = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The reference's light theme with colours that reach WCAG AA contrast (4.5:1) on its backgrounds,
 * and code samples that wrap instead of being scroll regions a keyboard cannot reach (axe, in
 * e2e/api-docs.spec.ts).
 */
const ACCESSIBLE_CSS = `
.light-mode {
  --scalar-color-2: #595959; --scalar-color-3: #626262; --scalar-color-accent: #0062a8;
  --scalar-color-green: #05704a; --scalar-color-red: #b80005; --scalar-color-yellow: #7d5f00; --scalar-color-blue: #005a96;
  --scalar-color-orange: #a83a00; --scalar-color-purple: #5203d1; --scalar-color-query: #005f63;
}
pre code.custom-scroll, pre code.language-json { overflow: visible !important; white-space: pre-wrap !important; overflow-wrap: anywhere; }
`;

/** /api/docs: the public API's reference and guide, rendered from /api/v1/openapi.json. */
export function apiDocsRoutes(_s: Services) {
  const r = new Hono();
  r.get('/', contract({ summary: 'Referência da API pública (página)', public: true, response: { media: 'text/html', description: 'A página da referência' } }), async (c) => {
    const nonce = randomBytes(16).toString('base64');
    const render = Scalar({
      url: '/api/v1/openapi.json',
      pageTitle: 'Sede — API pública',
      cdn: SCALAR_BUNDLE.path,
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
      customCss: ACCESSIBLE_CSS,
    } as Parameters<typeof Scalar>[0]);
    const page = await render(c, async () => {});
    const html = (await (page as Response).text())
      .replace('<html>', '<html lang="pt-BR">')
      .replace(`<script src="${SCALAR_BUNDLE.path}"`, `<script src="${SCALAR_BUNDLE.path}" integrity="${SCALAR_BUNDLE.integrity}"`);
    c.header(ROUTE_CSP, policy(nonce));
    c.header('Cache-Control', 'no-store');
    return c.html(html);
  });

  r.get(`/scalar-${SCALAR_BUNDLE.version}.js`, contract({ summary: 'Script da referência da API pública (Scalar)', public: true, response: { media: 'text/javascript', description: 'O script da página /api/docs' } }), (c) => {
    const bundle = scalarBundle();
    const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Vary', 'Accept-Encoding');
    if (gzip) c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(gzip ? bundle.gzip : bundle.plain()));
  });
  return r;
}
