import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The signed-in shell's code in one chunk (decision 0761). Left to the bundler, what the shell
 * (layout, sidebar, bell, TanStack Query, the permission guard) shares with the ~100 lazy pages is
 * cut by the set of pages sharing each module: /empresa fetched 67 scripts, most of them 1–3 KB,
 * each a request with ~1 KB of headers. Lighthouse simulates HTTP/1.1 with six connections and a
 * 150 ms round trip per request, so those round trips weighed more than their bytes.
 *
 * The group takes every module the shell's roots import statically, except what the entries (the
 * app's, the signer's page) or a public page (an `access: 'public'` route of a feature manifest:
 * /auth, /pagar, the invitation…) import statically: those stay where they were, so /auth's first
 * load is unchanged and a public page never downloads the shell. A signed-in page without the
 * shell (/company-setup, /onboarding) loads it with what it shares with it: the shell is its next page. The sets are computed from the module graph
 * once it is built (buildEnd), before the chunks are made; the group's `test` reads them.
 */
const SHELL_ROOTS = [/[\\/]src[\\/]app[\\/]layouts[\\/]app-shell\.tsx$/, /[\\/]src[\\/]lib[\\/]query-provider\.tsx$/, /[\\/]src[\\/]app[\\/]guards[\\/]permission-guard\.tsx$/, /[\\/]src[\\/]app[\\/]not-found-page\.tsx$/];
const MANIFEST = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]manifest\.ts$/;
/** A public route's page, as the manifests write them (one route a line). */
const PUBLIC_PAGE = /access: 'public'.*import\('([^']+)'\)/g;

/** The page modules of the public routes, read from the manifests' source. */
function publicPages(ids: string[]): Set<string> {
  const pages = new Set<string>();
  for (const manifest of ids.filter((id) => MANIFEST.test(id))) {
    for (const [, rel] of readFileSync(manifest, 'utf8').matchAll(PUBLIC_PAGE)) pages.add(path.resolve(path.dirname(manifest), rel!));
  }
  return pages;
}

export function signedInShellChunk() {
  const shell = new Set<string>();


  const plugin: Plugin = {
    name: 'sede-signed-in-shell-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[], stop: Set<string> = new Set()) => {
        const seen = new Set(roots);
        const queue = [...roots];
        while (queue.length) {
          for (const dep of this.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
            if (seen.has(dep) || stop.has(dep)) continue;
            seen.add(dep);
            queue.push(dep);
          }
        }
        return seen;
      };
      const outside = publicPages(ids);
      if (outside.size === 0) this.error('signed-in-chunks.ts: no public route found in the feature manifests (their format changed?)');
      const outsideShell = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry || outside.has(id)));
      const roots = ids.filter((id) => SHELL_ROOTS.some((re) => re.test(id)));
      if (roots.length !== SHELL_ROOTS.length) this.error(`signed-in-chunks.ts: found ${roots.length} of the ${SHELL_ROOTS.length} shell roots (a file moved?)`);
      shell.clear();
      for (const id of closure(roots, outsideShell)) if (!outsideShell.has(id) && !id.includes('?')) shell.add(id);
    },
  };
  return { plugin, test: (id: string) => shell.has(id) };
}
