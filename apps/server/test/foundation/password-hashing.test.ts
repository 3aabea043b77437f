import { describe, expect, it } from 'vitest';
import { createDb, createPool } from '@sede/db/client';
import { createAuth } from '../../src/platform/auth.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { testPasswordHashing } from '../../src/platform/test-password-hashing.ts';

/** The cheaper scrypt of test runs (decision 0439): a real check, and never outside NODE_ENV=test. */
const authFor = (NODE_ENV: string) => {
  const cfg = loadConfig({ NODE_ENV, DATA_DIR: '/tmp', BETTER_AUTH_SECRET: 'x'.repeat(40) } as NodeJS.ProcessEnv);
  // Never connected: building the auth object opens no connection.
  const db = createDb(createPool('postgres://nobody@127.0.0.1:1/none'));
  return createAuth(cfg, db, { send: async () => undefined } as never, cfg.BETTER_AUTH_SECRET!);
};

describe('password hashing', () => {
  it('the test hash accepts its own password and refuses any other', async () => {
    const hash = await testPasswordHashing.hash('segredo123');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await testPasswordHashing.hash('segredo123')).not.toBe(hash);
    expect(await testPasswordHashing.verify({ hash, password: 'segredo123' })).toBe(true);
    expect(await testPasswordHashing.verify({ hash, password: 'segredo124' })).toBe(false);
    expect(await testPasswordHashing.verify({ hash: 'garbage', password: 'segredo123' })).toBe(false);
  });

  it("production and development keep better-auth's own hashing", () => {
    expect(authFor('test').options.emailAndPassword?.password).toBe(testPasswordHashing);
    expect(authFor('production').options.emailAndPassword?.password).toBeUndefined();
    expect(authFor('development').options.emailAndPassword?.password).toBeUndefined();
  });
});
