import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonForScript, signedInDocument, signedInPages, wantsServerRender } from '../../src/http/signed-in-render.ts';

// The shape of dist/ssr/document.html (apps/web/prerender.mjs).
const TEMPLATE = `<!doctype html>
<html lang="pt-BR">
  <head>
    <title>Sede — gestão da sua empresa</title>
    <style>.a{color:red}</style>
  </head>
  <body>
    <div id="root"><!--ssr-markup--></div>
    <script type="application/json" id="sede-state"><!--ssr-state--></script>
    <script type="module" async crossorigin src="/assets/hydrate-after-paint-abc.js" data-hydrate="/assets/index-abc.js"></script>
  </body>
</html>
`;
const COOKIE = 'better-auth.session_token=token.assinatura';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A web build whose renderer (dist/ssr/render-signed-in.js) is `source`. */
function distWith(source: string | null) {
  const dist = mkdtempSync(path.join(tmpdir(), 'sede-ssr-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, 'ssr'));
  writeFileSync(path.join(dist, 'ssr', 'document.html'), TEMPLATE);
  if (source !== null) writeFileSync(path.join(dist, 'ssr', 'render-signed-in.js'), `${source}\nexport async function warmUp() {}\n`);
  return dist;
}
const noApi = async () => new Response(null, { status: 500 });
const url = new URL('http://127.0.0.1/empresa');

describe('the JSON of a server-rendered page', () => {
  it('cannot close its script element, whatever the data holds', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script>', line: 'a\u2028b\u2029c', comment: '<!--' });
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>', line: 'a\u2028b\u2029c', comment: '<!--' });
  });

  it('goes after the markup, with the page title', () => {
    const html = signedInDocument(TEMPLATE, { markup: '<main>Oi $&</main>', title: 'Empresa <Sede> $& · Sede', state: { x: '</script><!--ssr-markup-->' } });
    expect(html).toContain('<div id="root"><main>Oi $&</main></div>\n    <script type="application/json" id="sede-state">{"x":"\\u003c/script>\\u003c!--ssr-markup-->"}</script>');
    expect(html).toContain('<title>Empresa &lt;Sede&gt; $&amp; · Sede</title>');
    expect(html.match(/<script/g)).toHaveLength(2);
  });
});

describe('which browsers get the server render (SSR_SIGNED_IN)', () => {
  const session = 'better-auth.session_token=token.assinatura';
  it("'on' (the default): every browser but one carrying sede_ssr=0", () => {
    expect(wantsServerRender('on', undefined)).toBe(true);
    expect(wantsServerRender('on', session)).toBe(true);
    expect(wantsServerRender('on', `${session}; sede_ssr=1`)).toBe(true);
    expect(wantsServerRender('on', `sede_ssr=0; ${session}`)).toBe(false);
    expect(wantsServerRender('on', `${session}; sede_ssr=0`)).toBe(false);
    expect(wantsServerRender('on', `${session}; nosede_ssr=0; sede_ssr=00`)).toBe(true);
  });

  it("'opt-in': only a browser carrying sede_ssr=1", () => {
    expect(wantsServerRender('opt-in', undefined)).toBe(false);
    expect(wantsServerRender('opt-in', session)).toBe(false);
    expect(wantsServerRender('opt-in', `${session}; sede_ssr=0`)).toBe(false);
    expect(wantsServerRender('opt-in', `${session}; xsede_ssr=1`)).toBe(false);
    expect(wantsServerRender('opt-in', `sede_ssr=1; ${session}`)).toBe(true);
    expect(wantsServerRender('opt-in', `${session}; sede_ssr=1`)).toBe(true);
  });

  it("'off': none, whatever the cookie", () => {
    expect(wantsServerRender('off', session)).toBe(false);
    expect(wantsServerRender('off', `${session}; sede_ssr=1`)).toBe(false);
  });
});

describe('the server render of the signed-in pages', () => {
  it('is off without the bundle: the server serves the single-page app', () => {
    expect(signedInPages(distWith(null), 400)).toBeNull();
  });

  it('renders a request with a session cookie, handing the renderer the in-process API', async () => {
    const pages = signedInPages(
      distWith(`export async function renderSignedIn(url, fetchApi) {
        const me = await (await fetchApi('/me', {})).json();
        return { markup: '<p>' + url + ' ' + me.name + '</p>', title: 'Empresa · Sede', state: { me } };
      }`),
      400,
    )!;
    const asked: string[] = [];
    const html = await pages.render(url, COOKIE, async (p) => {
      asked.push(p);
      return Response.json({ name: 'Padaria' });
    });
    expect(asked).toEqual(['/me']);
    expect(html).toContain('<div id="root"><p>/empresa Padaria</p></div>');
    expect(html).toContain('{"me":{"name":"Padaria"}}');
  });

  it('falls back to the single-page app: no session cookie, a page left to the browser, an error, over the time limit', async () => {
    const counting = signedInPages(distWith(`export async function renderSignedIn() { globalThis.__ssrCalls = (globalThis.__ssrCalls ?? 0) + 1; return null; }`), 400)!;
    expect(await counting.render(url, undefined, noApi)).toBeNull();
    expect(await counting.render(url, 'outro=1', noApi)).toBeNull();
    expect((globalThis as { __ssrCalls?: number }).__ssrCalls).toBeUndefined();
    expect(await counting.render(url, COOKIE, noApi)).toBeNull();
    expect((globalThis as { __ssrCalls?: number }).__ssrCalls).toBe(1);

    const failing = signedInPages(distWith(`export async function renderSignedIn() { throw new Error('window is not defined'); }`), 400)!;
    expect(await failing.render(url, COOKIE, noApi)).toBeNull();

    const broken = signedInPages(distWith(`throw new Error('the bundle does not load');`), 400)!;
    expect(await broken.render(url, COOKIE, noApi)).toBeNull();

    const slow = signedInPages(distWith(`export function renderSignedIn() { return new Promise(() => {}); }`), 50)!;
    const t0 = Date.now();
    expect(await slow.render(url, COOKIE, noApi)).toBeNull();
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
