// The counts of the vitest and Playwright JSON reports, and the names of what failed or passed only on a retry.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const firstLine = (message = '') => stripVTControlCharacters(message).trim().split('\n')[0].slice(0, 300);

/**
 * The tests recorded as flaky on main (docs/flaky-tests.md, one `- \`<file> › <test>\`` per line):
 * a recorded test that needs its retry again fails the run (decision 0435).
 */
export function recordedFlaky(root) {
  try {
    return new Set([...readFileSync(path.join(root, 'docs/flaky-tests.md'), 'utf8').matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]));
  } catch {
    return new Set();
  }
}

export function summarize(results, root, playwrightStatus, recorded = recordedFlaky(root)) {
  let passed = 0, failed = 0, skipped = 0;
  const notes = [];
  /** A test that passed on its retry: named; failed when it is recorded as flaky already. */
  const flakyAgain = (key, error) => {
    if (!recorded.has(key)) return notes.push(`flaky: ${key}: ${error}`);
    failed += 1;
    notes.push(`failed: ${key}: needed its retry again, and docs/flaky-tests.md records it as flaky already (fix it): ${error}`);
  };
  try {
    const v = JSON.parse(readFileSync(`${results}/vitest.json`, 'utf8'));
    for (const file of v.testResults ?? []) {
      const name = path.relative(root, file.name);
      if (file.status === 'failed' && !file.assertionResults?.some((t) => t.status === 'failed')) notes.push(`failed: ${name}: ${firstLine(file.message)}`);
      for (const t of file.assertionResults ?? []) {
        // A test that passed on a retry keeps the errors of its failed attempts.
        const flaky = t.status === 'passed' && t.failureMessages?.length;
        if (flaky) flakyAgain(`${name} › ${t.fullName}`, firstLine(t.failureMessages?.[0]));
        else if (t.status === 'failed') notes.push(`failed: ${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      }
    }
    passed += v.numPassedTests;
    failed += v.numFailedTests + (v.numRuntimeErrorTestSuites ?? 0);
    // A run that errored outside any test (configuration, global setup) or ran nothing is a failure.
    if (v.success === false && v.numFailedTests === 0) failed += 1;
    if (v.numTotalTests === 0) failed += 1;
    skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  } catch {
    failed += 1;
    console.error('no vitest results');
  }
  try {
    const report = JSON.parse(readFileSync(`${results}/playwright.json`, 'utf8'));
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
          const error = t.results?.find((r) => r.error)?.error?.message;
          if (t.status === 'flaky') flakyAgain(`${spec.file} › ${spec.title}`, firstLine(error));
          else notes.push(`failed: ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
    for (const error of report.errors ?? []) notes.push(`error: ${firstLine(error.message)}`);
    const p = report.stats;
    passed += p.expected + p.flaky;
    failed += p.unexpected;
    skipped += p.skipped;
    // Playwright failed before any test could (a web server that did not start), or ran none.
    if ((playwrightStatus !== 0 && p.unexpected === 0) || p.expected + p.flaky + p.unexpected === 0) failed += 1;
  } catch {
    failed += 1;
    console.error('no playwright results');
  }
  return { passed, failed, skipped, notes };
}
