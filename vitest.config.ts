import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Integration files are mostly waiting on PostgreSQL: more workers than the 2 cores pays off.
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Component tests of interactive UI: React in a light DOM (happy-dom), no server.
        test: {
          name: 'web-components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/setup-dom.ts'],
          // userEvent types key by key: a long form takes seconds when 4 workers share 2 cores.
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
