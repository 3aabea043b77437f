import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the test command, without types
import { summarize } from '../../../../scripts/test-summary.mjs';

const root = '/repo';
function reports() {
  const dir = mkdtempSync(path.join(tmpdir(), 'summary-'));
  const vitest = {
    numPassedTests: 2, numFailedTests: 0, numPendingTests: 0, numTotalTests: 2, success: true,
    testResults: [{ name: '/repo/apps/server/test/a.test.ts', status: 'passed', assertionResults: [
      { fullName: 'a steady test', status: 'passed', failureMessages: [] },
      { fullName: 'a flaky test', status: 'passed', failureMessages: ['Error: timed out'] },
    ] }],
  };
  const playwright = {
    stats: { expected: 1, flaky: 1, unexpected: 0, skipped: 0 },
    suites: [{ specs: [{ file: 'rh.spec.ts', line: 3, title: 'a flaky page', tests: [{ status: 'flaky', results: [{ error: { message: 'toast' } }] }] }] }],
  };
  writeFileSync(path.join(dir, 'vitest.json'), JSON.stringify(vitest));
  writeFileSync(path.join(dir, 'playwright.json'), JSON.stringify(playwright));
  return dir;
}

describe('npm test’s summary (decision 0435)', () => {
  it('names a test that passed only on its retry, and lets the run pass the first time', () => {
    const { passed, failed, notes } = summarize(reports(), root, 0, new Set());
    expect([passed, failed]).toEqual([4, 0]);
    expect(notes).toEqual(['flaky: apps/server/test/a.test.ts › a flaky test: Error: timed out', 'flaky: rh.spec.ts › a flaky page: toast']);
  });
  it('fails the run when a test recorded as flaky on main needs its retry again', () => {
    const recorded = new Set(['apps/server/test/a.test.ts › a flaky test', 'rh.spec.ts › a flaky page']);
    const { failed, notes } = summarize(reports(), root, 0, recorded);
    expect(failed).toBe(2);
    expect(notes.every((n: string) => n.startsWith('failed: ') && n.includes('docs/flaky-tests.md'))).toBe(true);
  });
});

describe('.ci/test-durations.json (the longest-first order, decision 0524)', () => {
  it('names the test files by their path in the repository, and knows most of them', async () => {
    const repo = path.resolve(import.meta.dirname, '../../../..');
    const { readFileSync } = await import('node:fs');
    const { execFileSync } = await import('node:child_process');
    const durations = JSON.parse(readFileSync(path.join(repo, '.ci/test-durations.json'), 'utf8')) as Record<string, number>;
    const listed = (...patterns: string[]) => execFileSync('git', ['ls-files', ...patterns], { cwd: repo, encoding: 'utf8' }).trim().split('\n');
    // A key like '../../tmp/<clone>/apps/…' matches no file, and every file then counts the same.
    expect(Object.keys(durations).filter((k) => !/^(apps|packages|bench|scripts|e2e)\//.test(k))).toEqual([]);
    for (const files of [listed('*.test.ts', '*.test.tsx'), listed('e2e/*.spec.ts')]) {
      expect(files.filter((f) => durations[f] !== undefined).length / files.length).toBeGreaterThan(0.75);
    }
  });
});
