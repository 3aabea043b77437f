/**
 * The CSS a prerendered page's first view needs, to inline in its head (decision 0690): Tailwind
 * compiles src/index.css again for just the classes the markup names (the same version and
 * sources as the build, so the same rules), plus the built stylesheet's @font-face rules (their
 * URLs are the build's hashed fonts). The whole stylesheet still follows the markup.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compile, optimize } from '@tailwindcss/node';

const src = path.join(import.meta.dirname, 'src');
let compiler;

const ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const unescapeHtml = (s) => s.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]);

/** Every class name of the markup's `class` attributes. */
export const classNamesOf = (markup) => new Set([...markup.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => unescapeHtml(m[1]).split(/\s+/).filter(Boolean)));

/**
 * `fonts: false` leaves the @font-face rules to the whole stylesheet (a page hydrated when idle,
 * decision 0758): the first paint is in the fallback font and Inter comes with the stylesheet.
 */
export async function criticalCss(markup, builtCss, { fonts = true } = {}) {
  compiler ??= await compile(readFileSync(path.join(src, 'index.css'), 'utf8'), { base: src, onDependency: () => {} });
  const rules = optimize(compiler.build([...classNamesOf(markup)]), { minify: true }).code.replace(/\/\*![^*]*\*\/\s*/, '');
  const fontFaces = builtCss.match(/@font-face\{[^}]*\}/g) ?? [];
  if (!fontFaces.length) throw new Error('no @font-face in the built stylesheet: the inline CSS would paint in another font (decision 0690)');
  return `${fonts ? fontFaces.join('') : ''}${rules}`.replaceAll('</style', '<\\/style');
}
