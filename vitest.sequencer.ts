import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest files first, by the durations of the last CI run on record (vitest.durations.json,
 * refreshed with `node scripts/test-durations.mjs` after `npm test`). A fresh clone has no cache of
 * its own, and vitest then starts files in an order that left a two-minute file (a server killed
 * and restarted) running alone at the end while the other workers sat idle. Files not listed go
 * after the listed ones of their project, in vitest's own order.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  private durations: Record<string, number> = JSON.parse(readFileSync(path.join(import.meta.dirname, 'vitest.durations.json'), 'utf8'));

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const root = this.ctx.config.root;
    const duration = (f: TestSpecification) => this.durations[`${f.project.name}:${path.relative(root, f.moduleId)}`] ?? -1;
    // Vitest's order of projects stays; within a project, a stable sort keeps its order among files
    // of the same (or no) known duration.
    const project = new Map(ordered.map((f, i) => [f.project.name, i]));
    return ordered
      .map((f, i) => ({ f, i, p: project.get(f.project.name)!, d: duration(f) }))
      .sort((a, b) => a.p - b.p || b.d - a.d || a.i - b.i)
      .map(({ f }) => f);
  }
}
