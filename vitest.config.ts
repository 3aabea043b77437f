import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Test files under `dirs` whose names end with `suffix`, relative to the root. */
function testFiles(dirs: string[], suffix: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : walk(full);
      return e.name.endsWith(suffix) ? [full] : [];
    });
  return dirs.flatMap(walk);
}

/**
 * Unit and component files share their worker's loaded modules (no isolation): most of their time
 * was importing the same modules again for every file. A file that replaces a module (`vi.mock`)
 * would hand its fake to the files after it, so those run isolated, each in a fresh module graph
 * (decision 0522).
 */
const mocksModules = (file: string) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8'));
const split = (files: string[]) => ({ shared: files.filter((f) => !mocksModules(f)), isolated: files.filter(mocksModules) });
const unitFiles = split([...testFiles(['packages'], '.test.ts'), ...testFiles(['apps/web/src'], '.test.ts')]);
const componentFiles = split(testFiles(['apps/web/src'], '.test.tsx'));

/**
 * Longest files first within each project (decision 0524): a fresh clone has no timing cache, and
 * vitest would start the largest files first, leaving the slow ones that start servers as child
 * processes for the end, when fewer files are left to run beside them. The seconds of the last full
 * run are in .ci/test-durations.json (scripts/test-durations.mjs writes it); a new file counts as
 * 2 s. Projects keep vitest's order, so a worker goes on reusing its loaded modules.
 */
const lastDurations: Record<string, number> = JSON.parse(readFileSync('.ci/test-durations.json', 'utf8'));
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (f: TestSpecification) => lastDurations[path.relative(process.cwd(), f.moduleId)] ?? 2;
    const byProject = (await super.sort(files)).map((f, i) => ({ f, i }));
    const projectRank = new Map<string, number>();
    for (const { f, i } of byProject) if (!projectRank.has(f.project.name)) projectRank.set(f.project.name, i);
    return byProject
      .sort((a, b) => projectRank.get(a.f.project.name)! - projectRank.get(b.f.project.name)! || seconds(b.f) - seconds(a.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    // Integration files are mostly waiting on PostgreSQL: more workers than the 2 cores pays off.
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: 'unit',
          include: unitFiles.shared,
          environment: 'node',
          isolate: false,
        },
      },
      ...(unitFiles.isolated.length ? [{ test: { name: 'unit-isolated', include: unitFiles.isolated, environment: 'node' as const } }] : []),
      {
        // Component tests of interactive UI: React in a light DOM (happy-dom), no server.
        test: {
          name: 'web-components',
          include: componentFiles.shared,
          environment: 'happy-dom',
          isolate: false,
          setupFiles: ['apps/web/test/setup-dom.ts'],
          // userEvent types key by key: a long form takes seconds when 4 workers share 2 cores.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'web-components-isolated',
          include: componentFiles.isolated,
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // Once under CI, as Playwright does; npm test names a test that passed on its retry (decision 0346).
          retry: process.env.CI ? 1 : 0,
          hookTimeout: 120_000,
          // One PostgreSQL per run, a database per server (support/global-setup.ts): files run in parallel.
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          fileParallelism: true,
          pool: 'forks',
          // A worker keeps the server's modules loaded from one file to the next: each file starts its
          // own server with its own config and database, and importing the server again for each of
          // 133 files cost a third of the run (decision 0438).
          isolate: false,
        },
      },
    ],
  },
});
