// Lint: the folders of the server's modules and the web's features form no cycle, and a web
// feature uses another only through that feature's public.ts (the server's modules are held to
// the same by biome's noRestrictedImports). Adding an area stays adding folders (decision 0440).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// CHECK_ROOT: another tree with the same layout (the check's own test).
const root = process.env.CHECK_ROOT ?? path.resolve(import.meta.dirname, '..');
const walk = (dir, out = []) => {
  for (const e of readdirSync(dir)) {
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(e) && !/\.test\.tsx?$/.test(e)) out.push(p);
  }
  return out;
};

/** folder → the folders it imports, with one importing file each (for the message). */
function folderGraph(base, problems, requirePublic) {
  const graph = new Map();
  for (const file of walk(base)) {
    const from = path.relative(base, file).split(path.sep)[0];
    if (!graph.has(from)) graph.set(from, new Map());
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      const target = path.resolve(path.dirname(file), m[1]);
      if (!target.startsWith(base + path.sep)) continue;
      const [to, ...rest] = path.relative(base, target).split(path.sep);
      if (to === from || !rest.length) continue;
      graph.get(from).set(to, path.relative(root, file));
      if (requirePublic && rest.join('/') !== 'public.ts') problems.push(`${path.relative(root, file)} imports ${m[1]}: use ${to}/public.ts`);
    }
  }
  return graph;
}

/** The strongly connected components of more than one folder (Tarjan). */
function cycles(graph) {
  let next = 0;
  const index = new Map(), low = new Map(), stack = [], onStack = new Set(), found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const problems = [];
for (const [dir, requirePublic] of [
  ['apps/server/src/modules', false],
  ['apps/web/src/features', true],
]) {
  const graph = folderGraph(path.join(root, dir), problems, requirePublic);
  for (const component of cycles(graph)) {
    const edges = component.flatMap((a) => component.filter((b) => graph.get(a)?.has(b)).map((b) => `${a} → ${b} (${graph.get(a).get(b)})`));
    problems.push(`${dir}: folders in a cycle: ${edges.join('; ')}`);
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
