import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One PostgreSQL per run, a database per server (support/global-setup.ts): files run in parallel.
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          fileParallelism: true,
          maxWorkers: 4,
          pool: 'forks',
        },
      },
    ],
  },
});
