import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { AREAS } from '@sede/shared/registry/areas';

type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export const AUTH_PAGE = 'src/features/auth/pages/auth-page.tsx';
/**
 * The page of every area of the registry must load as a chunk of its own. An area's page is
 * found in Vite's manifest by its file name, `src/features/<feature>/pages/<area key>-page.tsx`
 * (the area's own feature folder).
 */
export function areaPages(manifest: Record<string, unknown>): string[] {
  return AREAS.map((area) => {
    const found = Object.keys(manifest).filter((k) => new RegExp(`^src/features/[^/]+/pages/${area.key}-page\\.tsx$`).test(k));
    return found.length === 1 ? found[0]! : `src/features/*/pages/${area.key}-page.tsx`;
  });
}

export type SizeReport = {
  jsGzip: number;
  /** Where the first load's list comes from: the HTML the server sends for /auth, or the manifest's entry and page. */
  source: 'prerendered /auth' | 'entry + auth page';
  /** What a page hydrated when idle loads then (decision 0758), gzip -9: not part of the first load, shown apart. */
  whenIdle: { jsGzip: number; files: number };
  cssGzip: number;
  files: Array<{ file: string; name: string; gzip: number }>;
  departments: Array<{ page: string; file: string | null; ownChunk: boolean; why?: string }>;
};

/** Every chunk a chunk pulls in statically (itself included), depth first. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key]!.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/** The scripts an HTML page loads (module scripts, module preloads) and the ones its `data-hydrate` lists. */
function scriptsOf(html: string) {
  const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!.replace(/^\//, ''));
  const first = [...attr(/<script type="module"[^>]* src="([^"]+)"/g), ...attr(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)];
  const later = attr(/ data-hydrate="([^"]+)"/g).flatMap((list) => list.split(' ').map((f) => f.replace(/^\//, '')));
  return { first, later };
}

/**
 * What /auth loads, from Vite's manifest. The server answers /auth with the page prerendered at
 * build time (dist/prerendered/auth.html, decision 0636): its first load is the scripts that HTML
 * loads (module scripts and preloads) with their static imports; a page hydrated when idle lists
 * the app's chunks it loads then on its script's `data-hydrate` (decision 0758), counted apart.
 * Without that file (an older build): the entry chunk and its static imports, plus the auth page's
 * lazy chunk and its static imports. Each file once, each gzipped at level 9; CSS apart. The
 * browser rows of bench/run.ts check the list against what Chromium fetches before it is idle.
 */
export function measureAuthBundle(webDist: string): SizeReport {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest;
  // The app's entry (assinar.html, the signer's page, is the other one: decision 0630).
  const entryKey = 'index.html';
  if (!manifest[entryKey]?.isEntry) throw new Error('index.html is not an entry of the Vite manifest');
  if (!manifest[AUTH_PAGE]) throw new Error(`${AUTH_PAGE} is not a chunk of its own`);
  const entryClosure = staticClosure(manifest, entryKey);
  const prerendered = path.join(webDist, 'prerendered/auth.html');
  const keyOf = new Map(Object.entries(manifest).map(([k, c]) => [c.file, k]));
  const closureOf = (files: string[], seen = new Set<string>()) => {
    for (const f of files) {
      const key = keyOf.get(f);
      if (!key) throw new Error(`${f}, loaded by dist/prerendered/auth.html, is not in the Vite manifest`);
      staticClosure(manifest, key, seen);
    }
    return seen;
  };
  const html = existsSync(prerendered) ? scriptsOf(readFileSync(prerendered, 'utf8')) : null;
  const keys = html ? closureOf(html.first) : staticClosure(manifest, AUTH_PAGE, new Set(entryClosure));
  const later = html ? [...closureOf(html.later)].filter((k) => !keys.has(k)) : [];
  // gzip -9: the measure the targets are written in (decision 0635); the server's stream is ~1 % larger.
  const gz = (file: string) => gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length;
  // `name`: the chunk's own name, which the file of a shared chunk (`c-<hash>.js`, decision 0345) leaves out.
  const files = [...keys].map((k) => ({ file: manifest[k]!.file, name: manifest[k]!.name ?? k, gzip: gz(manifest[k]!.file) }));
  const css = new Set([...keys].flatMap((k) => manifest[k]!.css ?? []));
  const pages = areaPages(manifest);
  const departments = pages.map((page) => {
    const chunk = manifest[page];
    if (!chunk) return { page, file: null, ownChunk: false, why: 'not in the manifest' };
    if (!chunk.isDynamicEntry) return { page, file: chunk.file, ownChunk: false, why: 'not lazily loaded' };
    if (entryClosure.has(page)) return { page, file: chunk.file, ownChunk: false, why: 'inside the entry bundle' };
    const sharedWith = pages.filter((other) => other !== page && manifest[other]?.file === chunk.file);
    if (sharedWith.length) return { page, file: chunk.file, ownChunk: false, why: `shares ${chunk.file} with ${sharedWith.join(', ')}` };
    return { page, file: chunk.file, ownChunk: true };
  });
  return {
    jsGzip: files.reduce((sum, f) => sum + f.gzip, 0),
    source: html ? 'prerendered /auth' : 'entry + auth page',
    whenIdle: { jsGzip: later.reduce((sum, k) => sum + gz(manifest[k]!.file), 0), files: later.length },
    cssGzip: [...css].reduce((sum, f) => sum + gz(f), 0),
    files: files.sort((a, b) => b.gzip - a.gzip),
    departments,
  };
}
