import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Page = { file: string; path: string; params: Record<string, string> };

/** Whether a path matches a route pattern whose `:name` segments stand for one segment each. */
const pathMatches = (pattern: string, pathname: string) => {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  return want.length === got.length && want.every((seg, i) => (seg.startsWith(':') ? got[i] !== '' : seg === got[i]));
};

/** The query holds exactly what the page allows: an equal value, '*' any non-empty value, '/…/' that pattern, '?' optional. */
const queryMatches = (allowed: Record<string, string>, query: URLSearchParams) => {
  for (const key of new Set(query.keys())) if (!(key in allowed) || query.getAll(key).length > 1) return false;
  return Object.entries(allowed).every(([key, rule]) => {
    const value = query.get(key);
    if (rule === '?') return true;
    if (rule === '*') return Boolean(value);
    if (rule.length > 1 && rule.startsWith('/') && rule.endsWith('/')) return value !== null && new RegExp(rule.slice(1, -1)).test(value);
    return value === rule;
  });
};

/**
 * The public pages the web build prerendered (decision 0636; apps/web/src/app/prerendered-pages.ts):
 * for an address, the HTML with that page's first view already in it, or null (the plain
 * single-page app). Read once at start from `<dist>/prerendered/pages.json`.
 */
export function prerenderedPages(dist: string): (url: URL) => string | null {
  const list = path.join(dist, 'prerendered', 'pages.json');
  if (!existsSync(list)) return () => null;
  const pages = (JSON.parse(readFileSync(list, 'utf8')) as Page[]).map((p) => ({ ...p, html: readFileSync(path.join(dist, 'prerendered', p.file), 'utf8') }));
  return (url) => pages.find((p) => pathMatches(p.path, url.pathname) && queryMatches(p.params, url.searchParams))?.html ?? null;
}
