/**
 * Build step after `vite build` (decision 0636): renders the first view of the public pages listed
 * in src/app/prerendered-pages.ts with React's server renderer and writes, for each, the built
 * index.html with that markup in #root, the page's title, its chunks preloaded, the Latin font
 * preloaded and the CSS of its first view inline (the stylesheet moves after the markup, decision
 * 0690): dist/prerendered/<name>.html, and dist/prerendered/pages.json for the server.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { build } from 'vite';
import { criticalCss } from './prerender-css.mjs';

const root = import.meta.dirname;
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, 'node_modules/.prerender');

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [react(), tailwindcss()],
  build: { ssr: 'src/app/prerender.tsx', outDir: ssrOut, emptyOutDir: true, target: 'node20', sourcemap: false, copyPublicDir: false },
});
// The signed-in pages' renderer, run by the server per request (decision 0766): self-contained
// (every package bundled in), next to the web build, which the server imports when present.
await build({
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [react(), tailwindcss()],
  ssr: { noExternal: true },
  build: {
    ssr: 'src/app/render-signed-in.tsx',
    outDir: path.join(dist, 'ssr'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: 'render-signed-in.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
  },
});
const { prerenderPage, PRERENDERED_PAGES, PAGE_TITLES } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const stylesheet = template.match(/ *<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">\n/);
const css = readFileSync(path.join(dist, stylesheet[1]), 'utf8');
const latinFont = css.match(/url\((\/assets\/inter-latin-wght-normal-[\w-]+\.woff2)\)/)?.[1];
const alreadyLoaded = new Set([...template.matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
// The app's entry and its preloads in the template's head, and the one script of the pages hydrated when idle (decision 0758).
const entryScript = template.match(/ *<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>\n/);
const entryPreloads = [...template.matchAll(/ *<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+\.js)">\n/g)];
const whenIdleKey = 'src/hydrate-when-idle.ts';
const afterPaintKey = 'src/hydrate-after-paint.ts';
for (const key of [whenIdleKey, afterPaintKey]) if (!manifest[key]?.isEntry) throw new Error(`${key} not found in the build (decisions 0758, 0770)`);
if (!entryScript) throw new Error("index.html's module script not found in the build (decision 0758)");

/** The chunk of a source and everything it imports statically, minus what index.html loads already. */
function chunksOf(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest (src/app/prerendered-pages.ts)`);
  if (!seen.has(chunk.file) && !alreadyLoaded.has(chunk.file)) seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) if (!seen.has(manifest[dep].file)) chunksOf(dep, seen);
  return seen;
}

const outDir = path.join(dist, 'prerendered');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir);
const titles = Object.fromEntries(PAGE_TITLES);
for (const page of PRERENDERED_PAGES) {
  const markup = await prerenderPage(page.url);
  const preloads = [...new Set(page.modules.flatMap((m) => [...chunksOf(m)]))].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  if (latinFont) preloads.unshift(`<link rel="preload" as="font" type="font/woff2" crossorigin href="${latinFont}">`);
  const title = titles[page.path];
  // The rules the first view uses inline, the whole stylesheet after the markup (decision 0690).
  // A page hydrated when idle paints in the fallback font: Inter (49 KB) comes with the whole stylesheet (decision 0758).
  const style = `<style>${await criticalCss(markup, css, { fonts: !page.whenIdle })}</style>`;
  let html;
  if (page.whenIdle) {
    // No script of the app before the browser is idle: hydrate-when-idle.ts alone (async, right after
    // the markup), which then requests the stylesheet, the entry and the page's chunks listed on its tag.
    const later = [entryScript[1], ...entryPreloads.map((m) => m[1]), ...page.modules.flatMap((m) => [...chunksOf(m)])];
    const boot = manifest[whenIdleKey];
    const bootImports = [...new Set((boot.imports ?? []).map((k) => manifest[k].file))];
    const hydrateList = [...new Set(later)].map((f) => `/${f}`).join(' ');
    // The stylesheet too: the inline CSS is the first view's; the rest comes with the app.
    const bootTag = `<script type="module" async crossorigin src="/${boot.file}" data-hydrate="${hydrateList}" data-stylesheet="/${stylesheet[1]}"></script>`;
    // No font preload either: Chromium holds the first paint for a preloaded font (up to its timeout).
    const head = [style, ...bootImports.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)];
    html = [entryScript[0], ...entryPreloads.map((m) => m[0])]
      .reduce((h, tag) => h.replace(tag, ''), template)
      .replace(stylesheet[0], '')
      .replace('<div id="root"></div>', `<div id="root">${markup}</div>\n    ${bootTag}`)
      .replace('  </head>', `${head.map((l) => `    ${l}\n`).join('')}  </head>`);
  } else {
    html = template
      .replace(stylesheet[0], '')
      .replace('<div id="root"></div>', `<div id="root">${markup}</div>\n    ${stylesheet[0].trim()}`)
      .replace('  </head>', `${[style, ...preloads].map((l) => `    ${l}\n`).join('')}  </head>`);
  }
  if (title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
  writeFileSync(path.join(outDir, `${page.name}.html`), html);
  console.log(`prerendered ${page.url} → dist/prerendered/${page.name}.html (${(markup.length / 1024).toFixed(1)} KB of markup)`);
}
// The document of a signed-in page rendered by the server (decision 0766): the server puts the
// markup, the JSON state and the title in. Painted from the HTML and the whole stylesheet inline
// (no request before the paint; Inter, not preloaded, swaps in when it arrives). The app's entry
// and its preloads are requested by hydrate-after-paint.ts as soon as the page has first painted
// (decision 0770), and hydrate as soon as they have run: a page of the shell
// is clicked at once (loaded when idle, as /auth, its buttons did nothing meanwhile); in the head,
// they arrived before the first paint, and Lighthouse's simulation then charged them to it.
{
  // Inter's @font-face rules stay inline: moved to after the first paint (tried, decision 0770), the
  // font kept out of Lighthouse's first-paint graph (~0.3 s) but its swap laid the page out again
  // (/empresa 137 + 52 ms of layout on the trace, ×4 in the simulation's blocking time).
  const inlineCss = css.replaceAll('</style', '<\\/style');
  const boot = manifest[afterPaintKey];
  const bootImports = [...new Set((boot.imports ?? []).map((k) => manifest[k].file))];
  // The entry's chunks, each after those it imports: the boot evaluates them one per task (decision 0770).
  const ordered = (key, seen = new Set(), out = []) => {
    for (const dep of manifest[key].imports ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      ordered(dep, seen, out);
    }
    out.push(manifest[key].file);
    return out;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && manifest[k].file === entryScript[1]);
  const chunks = ordered(entryKey).filter((f) => f !== entryScript[1]);
  const hydrateList = [entryScript[1], ...chunks].map((f) => `/${f}`).join(' ');
  const bootTag = `<script type="module" async crossorigin src="/${boot.file}" data-hydrate="${hydrateList}"></script>`;
  const head = [`<style>${inlineCss}</style>`, ...bootImports.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)];
  const doc = [entryScript[0], ...entryPreloads.map((m) => m[0])]
    .reduce((h, tag) => h.replace(tag, ''), template)
    .replace(stylesheet[0], '')
    .replace('<div id="root"></div>', `<div id="root"><!--ssr-markup--></div>\n    <script type="application/json" id="sede-state"><!--ssr-state--></script>\n    ${bootTag}`)
    .replace('  </head>', `${head.map((l) => `    ${l}\n`).join('')}  </head>`);
  writeFileSync(path.join(dist, 'ssr', 'document.html'), doc);
}
writeFileSync(path.join(outDir, 'pages.json'), `${JSON.stringify(PRERENDERED_PAGES.map(({ name, path: p, params }) => ({ file: `${name}.html`, path: p, params })), null, 2)}\n`);
// The app's modules keep handles open (a BroadcastChannel for the auth events): the step is done.
process.exit(0);
