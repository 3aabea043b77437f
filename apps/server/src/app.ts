import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { serveStatic } from '@hono/node-server/serve-static';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv, Services } from './services.ts';
import { handleError } from './http/errors.ts';
import { recordOwner } from './http/openapi.ts';
import { contract } from './http/contract.ts';
import { mergePath } from 'hono/utils/url';
import { coreRoutes } from './platform/core-routes.ts';
import { mountOrder, mountPath, type ModuleDefinition } from './platform/module.ts';
import { portugueseAuthErrors } from './http/auth-bad-request.ts';
import { jsonBodyLimit, sameOriginOnly, securityHeaders } from './http/security.ts';
import { createAuthGuard } from './http/auth-guard.ts';
import { prerenderedPages } from './http/prerendered.ts';
import { signedInPages, wantsServerRender } from './http/signed-in-render.ts';
import { listCacheWrites } from './platform/list-cache.ts';

function webDistDir(s: Services): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [s.cfg.WEB_DIST, path.resolve(here, '../../web/dist'), path.resolve(process.cwd(), 'apps/web/dist')];
  return candidates.find((d) => d && existsSync(path.join(d, 'index.html'))) ?? null;
}

export function createApp(s: Services, modules: readonly ModuleDefinition[], ready: () => boolean) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use('*', securityHeaders(s.cfg));

  const api = new Hono<AppEnv>();
  api.use('*', sameOriginOnly(s.cfg));
  api.use('*', jsonBodyLimit());
  // This instance's writes drop the lists kept in memory before their answer leaves (decision 0771).
  api.use('*', listCacheWrites(s));
  const authGuard = createAuthGuard(s);
  const authLibrary = contract({
    summary: 'Autenticação (better-auth)',
    description: 'Os endpoints da biblioteca de autenticação better-auth (cadastro, entrada, sessão, e-mail, senha, Google), montados como ela os define: seus corpos e respostas são os da biblioteca.',
    bodyMedia: 'application/json',
    response: { media: 'application/json', description: 'Resposta da better-auth' },
    public: true,
  });
  api.on(['GET', 'POST'], '/auth/*', authLibrary, async (c) => {
    // Per-account and per-address limits (in PostgreSQL), known devices, before better-auth's per-address ones.
    const finish = await authGuard(c, c.req.path.slice('/api/auth'.length).replace(/\/+$/, ''));
    if (finish instanceof Response) return finish;
    // better-auth rate-limits per client address: hand it the socket's address in a header
    // of our own (overwriting anything the client sent), never a spoofable forwarded header.
    const headers = new Headers(c.req.raw.headers);
    headers.set('x-sede-client-ip', getConnInfo(c).remote.address ?? 'unknown');
    return finish(await portugueseAuthErrors(await s.auth.handler(new Request(c.req.raw, { headers }))));
  });
  api.route('/', coreRoutes(s, modules, ready));
  for (const m of mountOrder(modules)) {
    if (!m.routes) continue;
    const mount = mountPath(m);
    const router = m.routes(s);
    for (const route of router.routes) recordOwner(app, route.method, mergePath('/api', mount, route.path), m.key);
    api.route(mount, router);
  }
  api.all('*', (c) => c.json({ error: 'Rota não encontrada', code: 'NOT_FOUND' }, 404));
  app.route('/api', api);

  const dist = webDistDir(s);
  if (dist) {
    const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
    // The server's renderer of the signed-in pages is no file to serve (decision 0766).
    app.use('/ssr/*', async (c) => c.text('Not found', 404));
    app.use('/assets/*', compress());
    app.use(
      '/assets/*',
      serveStatic({ root: dist, onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }),
    );
    app.use('*', serveStatic({ root: dist }));
    // The signer's page is a page of its own, lighter than the app (decision 0630).
    const signingHtml = existsSync(path.join(dist, 'assinar.html')) ? readFileSync(path.join(dist, 'assinar.html'), 'utf8') : indexHtml;
    app.get('/assinar/:token', compress(), (c) => c.html(signingHtml));
    // A missing file is a 404; a public page prerendered at build time comes with its first view
    // (decision 0636); every other path is the single-page app.
    const prerendered = prerenderedPages(dist);
    // A signed-in page comes with its first view and its data, rendered per request with the
    // API's own answers to the visitor's cookie (decision 0766); the single-page app otherwise.
    const signedIn = s.cfg.SSR_SIGNED_IN === 'off' ? null : signedInPages(dist, s.cfg.SSR_RENDER_BUDGET_MS);
    signedIn?.warm();
    app.get('*', compress(), async (c) => {
      if (path.extname(c.req.path)) return c.text('Not found', 404);
      const url = new URL(c.req.url);
      const page = prerendered(url);
      if (page) return c.html(page);
      const cookie = c.req.header('cookie');
      const rendered = signedIn && wantsServerRender(s.cfg.SSR_SIGNED_IN, cookie) && (await signedIn.render(url, cookie, async (p, init) => app.request(`/api${p}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: cookie ?? '' } }, c.env)));
      if (!rendered) return c.html(indexHtml);
      c.header('Cache-Control', 'private, no-store');
      c.header('Vary', 'Cookie');
      return c.html(rendered);
    });
    // Its form sent before the script took over: back to the page, the fields are not kept.
    app.post('*', (c) => {
      const url = new URL(c.req.url);
      return prerendered(url) ? c.redirect(`${url.pathname}${url.search}`, 303) : c.text('Not found', 404);
    });
  } else {
    app.get('*', (c) => c.text('Sede: a interface web ainda não foi compilada (npm run build).', 503));
  }
  return app;
}
