import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';
import { tempDataDir } from '../support/test-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const cfg = loadConfig({});
    expect(cfg.PORT).toBe(3000);
    expect(cfg.dataDir).toBe(path.resolve('./.data'));
    expect(cfg.appUrl).toBe('http://localhost:3000');
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.SMTP_URL).toBeUndefined();
    expect(cfg.AUTH_RATE_LIMIT).toBe('on');
    // The signed-in pages rendered by the server for every browser (decisions 0769, 0773), within 1 s.
    expect(cfg.SSR_SIGNED_IN).toBe('on');
    expect(cfg.SSR_RENDER_BUDGET_MS).toBe(1000);
  });

  it("SSR_SIGNED_IN is 'off', 'opt-in' or 'on'", () => {
    expect(loadConfig({ SSR_SIGNED_IN: 'off' }).SSR_SIGNED_IN).toBe('off');
    expect(loadConfig({ SSR_SIGNED_IN: 'opt-in' }).SSR_SIGNED_IN).toBe('opt-in');
    expect(loadConfig({ SSR_SIGNED_IN: 'on' }).SSR_SIGNED_IN).toBe('on');
    expect(() => loadConfig({ SSR_SIGNED_IN: 'sim' })).toThrow(ConfigError);
  });

  it('APP_URL defaults to http://localhost:PORT and loses a trailing slash', () => {
    expect(loadConfig({ PORT: '4100' }).appUrl).toBe('http://localhost:4100');
    expect(loadConfig({ APP_URL: 'https://sede.example.com.br/' }).appUrl).toBe('https://sede.example.com.br');
  });

  it('blank optional values count as unset', () => {
    const cfg = loadConfig({ DATABASE_URL: '', SMTP_URL: '  ', GOOGLE_CLIENT_ID: ' ', APP_URL: '' });
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.SMTP_URL).toBeUndefined();
    expect(cfg.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(cfg.appUrl).toBe('http://localhost:3000');
  });

  it.each([
    ['PORT', 'abc'],
    ['CNPJ_PROVIDERS', 'brasilapi,consultaqualquer'],
    ['CNPJ_PROVIDERS', ' , '],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['APP_URL', 'nota-url'],
    ['DATABASE_URL', 'banco'],
    ['SMTP_URL', 'smtp'],
    ['EMBEDDED_PG_PORT', 'cinco'],
    ['AUTH_RATE_LIMIT', 'talvez'],
    ['BETTER_AUTH_SECRET', 'curto'],
    ['NODE_ENV', 'staging'],
  ])('%s=%j throws a message naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', APP_URL: 'nota-url' })).toThrow(/PORT[\s\S]*APP_URL|APP_URL[\s\S]*PORT/);
  });
});

/** Runs the real entry point and collects its exit code and output (bounded). */
function runServerProcess(env: Record<string, string>) {
  const dataDir = tempDataDir('sede-cfg-');
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/index.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

describe('the real process with a bad value', () => {
  it.each([
    ['PORT', 'abc'],
    ['APP_URL', 'nota-url'],
  ])('%s=%s exits non-zero printing the name', async (name, value) => {
    const { code, output } = await runServerProcess({ [name]: value });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain(name);
    expect(output).not.toContain('ouvindo');
  });
});
