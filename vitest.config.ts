import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import web from './apps/web/vitest.config';

/**
 * Test files that replace modules (`vi.mock`) or observe a module's own first-use state (marked
 * `@isolated-module-graph` with the reason) get a fresh module graph each. Every other file of a workspace shares one
 * graph per worker, which saves importing React, antd and the translations (web, ~130 files: 11 minutes isolated, 2.5
 * shared) or the server's modules (~110 files) again for each file. Each file still builds its own app on its own
 * database; the web setup file starts each file as a fresh page.
 */
function isolatedFiles(dir: string): string[] {
  const abs = path.join(import.meta.dirname, dir);
  return fs
    .readdirSync(abs, { recursive: true })
    .map(String)
    .filter((f) => /\.test\.tsx?$/.test(f))
    .filter((f) => /\bvi\.(do)?mock\(|@isolated-module-graph/.test(fs.readFileSync(path.join(abs, f), 'utf8')))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}
const isolatedWebFiles = isolatedFiles('apps/web/src').map((f) => `src/${f}`);
const isolatedServerFiles = isolatedFiles('apps/server/src').map((f) => `apps/server/src/${f}`);

/** The server's suite: Node, its own migrated database snapshot per run (global setup), one process per worker. */
function server(name: string, over: { isolate?: boolean; include?: string[]; exclude?: string[] }) {
  return {
    test: {
      name,
      include: ['apps/server/src/**/*.test.ts'],
      environment: 'node' as const,
      globalSetup: ['apps/server/test/global-setup.ts'],
      pool: 'forks' as const,
      testTimeout: 30_000,
      hookTimeout: 120_000,
      ...over,
    },
  };
}

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
      { test: { name: 'demo-content', include: ['packages/demo-content/src/**/*.test.ts'], environment: 'node' } },
      server('server', { isolate: false, exclude: isolatedServerFiles }),
      server('server-isolated', { include: isolatedServerFiles }),
      { ...web, test: { ...web.test, name: 'web', isolate: false, exclude: isolatedWebFiles } },
      { ...web, test: { ...web.test, name: 'web-isolated', include: isolatedWebFiles } },
    ],
  },
});
