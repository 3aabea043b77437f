import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../../../scripts/check-folders.mjs');
let dir = '';
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const check = () => spawnSync(process.execPath, [script], { env: { ...process.env, CHECK_ROOT: dir }, encoding: 'utf8' });

describe('scripts/check-folders.mjs (run by npm run lint)', () => {
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes folders that import one way, web features through public.ts', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'folders-'));
    write('apps/server/src/modules/a/service.ts', "import { b } from '../b/public.ts';\n");
    write('apps/server/src/modules/b/public.ts', 'export const b = 1;\n');
    write('apps/web/src/features/x/pages/page.tsx', "import { y } from '../../y/public.ts';\n");
    write('apps/web/src/features/y/public.ts', 'export const y = 1;\n');
    const run = check();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('names a cycle of server modules with the files that close it', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'folders-'));
    write('apps/server/src/modules/a/service.ts', "import { b } from '../b/public.ts';\n");
    write('apps/server/src/modules/b/public.ts', "import { c } from '../c/public.ts';\nexport const b = c;\n");
    write('apps/server/src/modules/c/public.ts', "import { a } from '../a/service.ts';\nexport const c = a;\n");
    write('apps/web/src/features/x/public.ts', 'export const x = 1;\n');
    const run = check();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('apps/server/src/modules: folders in a cycle');
    expect(run.stderr).toContain('c → a (apps/server/src/modules/c/public.ts)');
  });

  it("refuses a web feature reaching into another feature's internals", () => {
    dir = mkdtempSync(path.join(tmpdir(), 'folders-'));
    write('apps/server/src/modules/a/public.ts', 'export const a = 1;\n');
    write('apps/web/src/features/x/components/deep/part.tsx', "import { y } from '../../../y/api/get-y.ts';\nimport { own } from '../../api/own.ts';\n");
    write('apps/web/src/features/x/api/own.ts', 'export const own = 1;\n');
    write('apps/web/src/features/y/api/get-y.ts', 'export const y = 1;\n');
    const run = check();
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('apps/web/src/features/x/components/deep/part.tsx imports ../../../y/api/get-y.ts: use y/public.ts');
  });
});
