import { readFileSync } from 'node:fs';
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

/**
 * What /auth loads, from Vite's manifest: the entry chunk and its static imports, plus the
 * auth page's lazy chunk and its static imports (each file once), each gzipped at level 9.
 * CSS is counted apart.
 */
export function measureAuthBundle(webDist: string): SizeReport {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest;
  // The app's entry (assinar.html, the signer's page, is the other one: decision 0630).
  const entryKey = 'index.html';
  if (!manifest[entryKey]?.isEntry) throw new Error('index.html is not an entry of the Vite manifest');
  if (!manifest[AUTH_PAGE]) throw new Error(`${AUTH_PAGE} is not a chunk of its own`);
  const entryClosure = staticClosure(manifest, entryKey);
  const keys = staticClosure(manifest, AUTH_PAGE, new Set(entryClosure));
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
    cssGzip: [...css].reduce((sum, f) => sum + gz(f), 0),
    files: files.sort((a, b) => b.gzip - a.gzip),
    departments,
  };
}
