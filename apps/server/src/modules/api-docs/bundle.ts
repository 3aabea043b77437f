import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/**
 * Scalar's single-file browser build, vendored gzipped in apps/server/assets and served from our
 * own origin (decision 0654): the page works with no outside network. `scripts/scalar-bundle.mjs`
 * refreshes the file and prints these two values; the bytes are checked against the hash when
 * first read, and the browser checks them again (Subresource Integrity).
 */
export const SCALAR_BUNDLE = {
  version: '1.76.4',
  integrity: 'sha384-hwB9WroDTpZaI38gr+u9CXA6ksz5gUYgD2GxXazKl/agT1L2GWUiRFWGJYNiFu4Q',
  /** Versioned, so the answer can be cached for good. */
  get path() {
    return `/api/docs/scalar-${this.version}.js`;
  },
};

export type ScalarBundle = { gzip: Buffer; plain: () => Buffer };

function assetPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // From src/modules/api-docs in development and tests, from dist/ in the production build.
  const candidates = [path.resolve(here, '../../../assets'), path.resolve(here, '../assets'), path.resolve(process.cwd(), 'apps/server/assets')];
  const dir = candidates.find((d) => existsSync(path.join(d, 'scalar-api-reference.js.gz')));
  if (!dir) throw new Error('apps/server/assets/scalar-api-reference.js.gz is missing (node scripts/scalar-bundle.mjs)');
  return path.join(dir, 'scalar-api-reference.js.gz');
}

let loaded: ScalarBundle | null = null;

/** The bundle's bytes (gzipped as stored; plain on demand), read and checked once per process. */
export function scalarBundle(): ScalarBundle {
  if (loaded) return loaded;
  const gzip = readFileSync(assetPath());
  const js = gunzipSync(gzip);
  const digest = `sha384-${createHash('sha384').update(js).digest('base64')}`;
  if (digest !== SCALAR_BUNDLE.integrity) throw new Error(`the vendored Scalar bundle is not ${SCALAR_BUNDLE.version}'s (${digest})`);
  loaded = { gzip, plain: () => js };
  return loaded;
}
