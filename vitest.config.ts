import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import web from './apps/web/vitest.config';

/**
 * Web test files that replace modules (`vi.mock`) or observe a module's own first-use state (marked
 * `@isolated-module-graph` with the reason): they get a fresh module graph each. Every other web file shares one
 * graph and one jsdom document per worker, which saves importing React, antd and the translations again for each of
 * ~130 files (the web suite took 11 minutes isolated, 3 shared); the setup file starts each file as a fresh page.
 */
const webSrc = path.join(import.meta.dirname, 'apps/web/src');
const isolatedWebFiles = fs
  .readdirSync(webSrc, { recursive: true })
  .map(String)
  .filter((f) => /\.test\.tsx?$/.test(f))
  .filter((f) => /\bvi\.(do)?mock\(|@isolated-module-graph/.test(fs.readFileSync(path.join(webSrc, f), 'utf8')))
  .map((f) => `src/${f.split(path.sep).join('/')}`)
  .sort();

/** Unit and integration tests of every workspace (end-to-end tests have their own config in e2e/). */
export default defineConfig({
  test: {
    // One test file per core (Vitest's default leaves one core to its main process, which mostly waits: on a 2-core
    // CI machine that was one file at a time). Every server file has its own database, data dir and ports.
    maxWorkers: Math.max(1, os.availableParallelism()),
    // A web test file's jsdom environment is torn down after its last hook; React's scheduler can still run a
    // passive-effects flush queued by a commit just before (a toast or popover closing on a timer in a worker the
    // other worker starves), which then reads the removed `window`. The setup's teardown closes the static toasts
    // and waits for the scheduler; this drops only that teardown artefact (a ReferenceError for `window` thrown in
    // React's scheduler), never an error of a test or of the app's code.
    onUnhandledError(error) {
      const stack = String((error as { stack?: string }).stack ?? '');
      const teardownArtefact =
        error.name === 'ReferenceError' &&
        /window is not defined/.test(error.message ?? '') &&
        /react-dom/.test(stack) &&
        /scheduler/.test(stack);
      if (teardownArtefact) return false;
    },
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
      { ...web, test: { ...web.test, name: 'web', isolate: false, exclude: isolatedWebFiles } },
      { ...web, test: { ...web.test, name: 'web-isolated', include: isolatedWebFiles } },
    ],
  },
});
