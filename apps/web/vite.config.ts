import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { cpSync, createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { type Locale, withMissingFilled } from './src/features/canvas/lib/excalidraw-locale.ts';

/**
 * Excalidraw's fonts served from our own origin under /excalidraw/fonts (decision 0297): the
 * CSP allows fonts from 'self' only, and the canvas page points EXCALIDRAW_ASSET_PATH here.
 * Copied into the build; served from node_modules in dev.
 */
function excalidrawAssets(): Plugin {
  const fonts = path.join(path.dirname(createRequire(import.meta.url).resolve('@excalidraw/excalidraw')), 'fonts');
  let outDir = 'dist';
  return {
    name: 'sede-excalidraw-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/excalidraw/fonts', (req, res, next) => {
        const file = path.join(fonts, decodeURIComponent((req.url ?? '').split('?')[0] ?? ''));
        if (!file.startsWith(fonts) || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('content-type', file.endsWith('.woff2') ? 'font/woff2' : 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    writeBundle() {
      cpSync(fonts, path.join(outDir, 'excalidraw', 'fonts'), { recursive: true });
    },
    // Excalidraw lists a CDN (esm.sh) after EXCALIDRAW_ASSET_PATH in every font's sources; the
    // browser checks each source against the CSP as the font is registered, so that entry alone
    // is a violation per font. The fallback becomes our own copy (decision 0297); e2e/canvas.spec.ts
    // fails on any CSP violation should a new version name its CDN otherwise.
    transform(code, id) {
      if (!/[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/]prod[\\/]/.test(id) || !code.includes(CDN_FALLBACK)) return null;
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text for Excalidraw's bundle, not a template here.
      return { code: code.replace(CDN_FALLBACK, '"ASSETS_FALLBACK_URL",`${window.location.origin}/excalidraw/`'), map: null };
    },
  };
}
// biome-ignore lint/suspicious/noTemplateCurlyInString: Excalidraw's source text, matched literally.
const CDN_FALLBACK = '"ASSETS_FALLBACK_URL",`https://esm.sh/${M.PKG_NAME?`${M.PKG_NAME}@${M.PKG_VERSION}`:"@excalidraw/excalidraw"}/dist/prod/`';

/**
 * Excalidraw in Portuguese throughout (decision 0421). Its pt-BR locale lacks ~130 of its English
 * strings (new tools, hints such as 'Hold CtrlOrCmd and Arrow key to create a flowchart' shown next
 * to Portuguese ones): the locale module becomes Excalidraw's strings with ours
 * (src/features/canvas/lib/excalidraw-pt-br.json) filling exactly what is missing. Its main menu's
 * icon-only button gets a name (axe: button-name, critical). The build fails when either is not
 * found (a new version changed them): look again.
 */
const PT_BR_LOCALE = /[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/]prod[\\/]locales[\\/]pt-BR-\w+\.js$/;
const EXCALIDRAW_PROD = /[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/]prod[\\/]/;
const MAIN_MENU_TRIGGER = '"data-testid":"main-menu-trigger"';
const MAIN_MENU_NAME = 'Menu principal';
function excalidrawPortuguese(): Plugin {
  const ours = JSON.parse(readFileSync(path.join(import.meta.dirname, 'src/features/canvas/lib/excalidraw-pt-br.json'), 'utf8')) as Locale;
  const seen = { locale: false, menu: false };
  return {
    name: 'sede-excalidraw-pt-br',
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (PT_BR_LOCALE.test(file)) {
        seen.locale = true;
        const { default: locale } = (await import(pathToFileURL(file).href)) as { default: Locale };
        const filled = withMissingFilled(locale, ours);
        // Excalidraw reads the module's named exports (one per section), so every section is one.
        return { code: `const locale = ${JSON.stringify(filled)};\nexport default locale;\nexport const { ${Object.keys(filled).join(', ')} } = locale;\n`, map: null };
      }
      if (!EXCALIDRAW_PROD.test(file) || !code.includes(MAIN_MENU_TRIGGER)) return null;
      seen.menu = true;
      return { code: code.replace(MAIN_MENU_TRIGGER, `${MAIN_MENU_TRIGGER},"aria-label":"${MAIN_MENU_NAME}",title:"${MAIN_MENU_NAME}"`), map: null };
    },
    generateBundle() {
      if (!seen.locale) this.error('Excalidraw’s pt-BR locale module was not found (decision 0421): update PT_BR_LOCALE in vite.config.ts');
      if (!seen.menu) this.error('Excalidraw’s main menu button was not found (decision 0421): update MAIN_MENU_TRIGGER in vite.config.ts');
    },
  };
}

/**
 * No stand-in for a global `require` in the runtime every page loads (decision 0297). Rolldown
 * replaces each free `require` of a module with a helper it puts in its shared runtime chunk,
 * which /auth and /empresa load: +0.3 KB gzip for code only the canvas runs. The two modules
 * that reference one only probe for it (`typeof require`: Excalidraw's esbuild helper, pica's
 * browserify prelude), which is false in a browser; a module-scoped `var require;` keeps that
 * answer and leaves the bundler nothing to stand in for. The build fails if the helper comes
 * back (a new dependency probing `require`): add that module to the list.
 */
const REQUIRE_PROBES = [/[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/]prod[\\/][^\\/]+\.js$/, /[\\/]pica[\\/]dist[\\/]pica\.js$/];
function noRequireStandIn(): Plugin {
  return {
    name: 'sede-no-require-stand-in',
    apply: 'build',
    transform(code, id) {
      if (!REQUIRE_PROBES.some((re) => re.test(id.split('?')[0]!)) || !/\brequire\b/.test(code)) return null;
      return { code: `var require;\n${code}`, map: null };
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.code.includes('Calling `require` for')) {
          this.error(`${chunk.fileName}: the bundler's require stand-in is back in the shared runtime (decision 0297); add the module that references a global require to REQUIRE_PROBES in vite.config.ts`);
        }
      }
    },
  };
}

/**
 * Excalidraw gets its own copy of every package it pulls in (decision 0297), React excepted.
 * Excalidraw (and the mermaid diagrams it loads) share small libraries with the rest of the app
 * (d3 and es-toolkit with the charts, @floating-ui with the shell's menus): shared, the bundler
 * split them into five new chunks, whose names went into the entry chunk's preload map that
 * /auth and /empresa load. Resolved under a query of their own below Excalidraw, they stay inside
 * the canvas' chunks and the rest of the app is chunked as before the canvas. What the editor
 * file itself imports besides Excalidraw (our code, sonner, React Query…) is the app's own.
 */
const CANVAS_EDITOR = /[\\/]src[\\/]features[\\/]canvas[\\/]components[\\/]board-editor\.tsx$/;
const CANVAS_COPY = '?sede-canvas';
/** One instance for the whole page, whoever imports them (React's hooks and contexts). */
const ONE_INSTANCE = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|sonner)[\\/]/;
function canvasOwnCopies(): Plugin {
  return {
    name: 'sede-canvas-own-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const below = importer.endsWith(CANVAS_COPY) || (CANVAS_EDITOR.test(importer) && source.startsWith('@excalidraw/'));
      if (!below) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes('?') || resolved.id.startsWith('\0')) return resolved;
      if (!/[\\/]node_modules[\\/]/.test(resolved.id) || ONE_INSTANCE.test(resolved.id) || !/\.[cm]?js$/.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}${CANVAS_COPY}` };
    },
  };
}

/**
 * The signer's page is a page of its own (assinar.html → src/signing-main.tsx, decision 0630):
 * what it loads is resolved under a query of its own, so it shares no chunk with the app. Shared,
 * its React would sit in the app's framework chunk with the router (the signer would download
 * both), and the modules it has in common with the app's entry would leave that entry for new
 * shared chunks (/auth would pay for them). Stylesheets and URL imports stay shared; so does
 * what is loaded on demand from node_modules (pdf.js: one copy, whoever opens a PDF).
 */
const SIGNING_ENTRY = /[\\/]src[\\/]signing-main\.tsx$/;
const SIGNING_COPY = '?sede-signing';
/**
 * Vite's helper around every import(), shared, would leave the app's entry for a chunk of its
 * own (+0.3 KB on /auth). The signer's page gets its own: what it loads on demand (the drawing
 * pad, the refusal, pdf.js) needs nothing the page has not loaded already, so it just imports.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const SIGNING_PRELOAD_HELPER = '\0sede-signing-preload-helper.js';
function signingOwnCopies(): Plugin {
  return {
    name: 'sede-signing-own-copies',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return id === SIGNING_PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null;
    },
    async resolveId(source, importer, options) {
      if (!importer || !(importer.endsWith(SIGNING_COPY) || SIGNING_ENTRY.test(importer))) return null;
      if (source === PRELOAD_HELPER) return SIGNING_PRELOAD_HELPER;
      const resolved = await this.resolve(source, importer.replace(SIGNING_COPY, ''), { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes('?') || resolved.id.startsWith('\0')) return resolved;
      if (!/\.[cm]?[jt]sx?$/.test(resolved.id)) return resolved;
      if (options.kind === 'dynamic-import' && /[\\/]node_modules[\\/]/.test(resolved.id)) return resolved;
      // @sede/shared holds definitions only: what the page does not use goes (format's CNPJ helpers and their zod).
      const definitionsOnly = /[\\/]packages[\\/]shared[\\/]src[\\/]/.test(resolved.id);
      return { ...resolved, id: `${resolved.id}${SIGNING_COPY}`, ...(definitionsOnly ? { moduleSideEffects: false } : {}) };
    },
  };
}

/**
 * A feature's public.ts is how other features reach it (scripts/check-folders.mjs), and a page
 * that imports one name from it used to get every module it re-exports: the bundler places
 * modules by the static import graph, used or not, so /empresa, which reads the invitations'
 * query options, downloaded the invitation pages' API calls and with them zod (decision 0749).
 * In the build, an import from a feature's public.ts that only re-exports (`export { a } from
 * './x'`) becomes imports of the modules that define the names. A public.ts with anything else
 * is left as it is; so are namespace, default and dynamic imports of it.
 */
const FEATURE_BARREL = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]public\.ts$/;
type Reexport = { from: string; name: string };
/** What a barrel re-exports, by exported name; null when it has anything else. */
function readBarrel(file: string): Map<string, Reexport> | null {
  const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  const names = new Map<string, Reexport>();
  let rest = source;
  for (const m of source.matchAll(/export\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"];?/g)) {
    rest = rest.replace(m[0], '');
    if (m[1]) continue;
    const from = path.resolve(path.dirname(file), m[3]!);
    for (const spec of m[2]!.split(',').map((s) => s.trim()).filter(Boolean)) {
      if (spec.startsWith('type ')) continue;
      const [name, as = name] = spec.split(/\s+as\s+/) as [string, string?];
      names.set(as, { from, name });
    }
  }
  return rest.trim() ? null : names;
}
function featureBarrelsUnwrapped(): Plugin {
  const barrels = new Map<string, Map<string, Reexport> | null>();
  return {
    name: 'sede-feature-barrels-unwrapped',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!/[\\/]apps[\\/]web[\\/]src[\\/].*\.[jt]sx?$/.test(file) || !code.includes('public.ts')) return null;
      let changed = false;
      const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*(['"])([^'"]*public\.ts)\2;?/g, (whole, specs: string, _q, spec: string) => {
        const barrel = path.resolve(path.dirname(file), spec);
        if (!FEATURE_BARREL.test(barrel) || barrel === file) return whole;
        if (!barrels.has(barrel)) barrels.set(barrel, readBarrel(barrel));
        const names = barrels.get(barrel);
        if (!names) return whole;
        const bySource = new Map<string, string[]>();
        for (const s of specs.split(',').map((x) => x.trim()).filter(Boolean)) {
          if (s.startsWith('type ')) continue;
          const [name, local = name] = s.split(/\s+as\s+/) as [string, string?];
          const target = names.get(name);
          if (!target) return whole;
          bySource.set(target.from, [...(bySource.get(target.from) ?? []), target.name === local ? local : `${target.name} as ${local}`]);
        }
        changed = true;
        return [...bySource].map(([from, list]) => `import { ${list.join(', ')} } from ${JSON.stringify(from)};`).join('\n');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';
const ICON_MODULE = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.m?js$/;
/** lucide icons of the entry (the spinner) and of /auth's forms (decision 0691). */
const FIRST_PAINT_ICONS = new Set(['loader-circle', 'eye', 'eye-off', 'arrow-left', 'mail-check', 'circle-exclamation-point', 'circle-check', 'circle-check-big']);
/** Chunks that keep a readable name besides the pages: the groups below. */
const NAMED_CHUNKS = new Set(['framework', 'ui-basics']);

export default defineConfig({
  plugins: [react(), tailwindcss(), featureBarrelsUnwrapped(), canvasOwnCopies(), signingOwnCopies(), excalidrawAssets(), excalidrawPortuguese(), noRequireStandIn()],
  server: {
    port: Number(process.env.WEB_PORT ?? 3000),
    proxy: { '/api': { target: apiTarget, changeOrigin: false, ws: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    manifest: true, // bench/run.ts reads it to size what /auth loads
    // Browsers that run our es2022 build preload modules natively (decision 0107).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app, the signer's page (decision 0630), which the server sends for /assinar/*, and the
      // one script of the pages prerendered to be hydrated when idle (/auth, decision 0758).
      input: {
        index: path.join(import.meta.dirname, 'index.html'),
        assinar: path.join(import.meta.dirname, 'assinar.html'),
        'hydrate-when-idle': path.join(import.meta.dirname, 'src/hydrate-when-idle.ts'),
        // The first script of a signed-in page rendered by the server (decisions 0766, 0770).
        'hydrate-after-paint': path.join(import.meta.dirname, 'src/hydrate-after-paint.ts'),
      },
      output: {
        // The entry's preload map names every chunk a lazy page needs, and /auth downloads it: the
        // shared pieces (icons, small components) go by their hash alone, pages and the named groups
        // keep their names (decision 0345: 1.2 KB of gzip off /auth, 1.7 KB off /empresa).
        chunkFileNames: (chunk) => (chunk.isDynamicEntry || NAMED_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/c-[hash].js'),
        // The framework every page needs stays one chunk: left to itself the bundler splits it
        // into many small pieces as lazy pages import parts of it, which costs /auth ~4 KB gzip.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              priority: 3,
              // React and its router only (decision 0635): TanStack Query goes with the entry that
              // uses it, Table and Virtual with the list pages (decision 0432), sonner after the first paint.
              test: (id) => !id.endsWith(SIGNING_COPY) && /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id),
            },
            // The small pieces every form uses (field, input, label, the form alert and its icons,
            // with what they share: class merging, the icon factory): one chunk instead of several
            // tiny ones, each costing /auth a wrapper and an entry in the preload map (decision 0107).
            {
              name: 'ui-basics',
              priority: 2,
              test: /(src[\\/]components[\\/](ui[\\/](field|input|label)|form[\\/]form-alert)\.tsx|lucide-react[\\/].*[\\/](circle-exclamation-point|circle-check(-big)?)\.m?js)$/,
            },
            // The icons, by the set of pages that use them, small sets merged into their neighbour
            // (decision 0691): one icon per chunk made the shell fetch ~40 files of ~1 KB. The
            // icons of the entry and of /auth stay where the bundler puts them (a merged set would
            // bring /auth icons it never draws).
            {
              name: 'icons',
              priority: 1,
              test: (id) => {
                const icon = ICON_MODULE.exec(id)?.[1];
                return icon !== undefined && !FIRST_PAINT_ICONS.has(icon);
              },
              entriesAware: true,
              entriesAwareMergeThreshold: 4000,
            },
          ],
        },
      },
    },
  },
});
