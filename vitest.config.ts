import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every workspace (end-to-end tests have their own config in e2e/). */
export default defineConfig({
  test: {
    // One test file per core (Vitest's default leaves one core to its main process, which mostly waits: on a 2-core
    // CI machine that was one file at a time). Every server file has its own database, data dir and ports.
    maxWorkers: Math.max(1, os.availableParallelism()),
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
